/// A gadget's video (`"video"` in the board file): a clip relative to the board file, as images
/// are, whether it starts again at its end, and the still shown before its first frame and when
/// it cannot play (`poster`, which is also the gadget's appearance). Muted: audio is not played.
public struct VideoReference: Sendable, Hashable {
    public var path: String
    /// The JSON path that named the clip, for messages (`gadgets[2].video`).
    public var jsonPath: String
    /// Starts again at the end (default true); false: stops on its last frame.
    public var loop: Bool
    public var poster: ImageReference?
    /// The clip's sound is not played (default false: a clip's soundtrack plays with it). A muted
    /// clip's pictures keep the flip clock.
    public var muted: Bool
    /// The soundtrack's level, 0...1 (linear amplitude: `VolumeCurve`), before the board's volume.
    public var volume: Double
    /// Its captions (`"captions"`: a WebVTT file); nil: none.
    public var captions: CaptionsReference?
    /// What it shows, said in speech mode (`"description"`, EN 301 549 5.1.3.7); nil: none.
    public var spokenDescription: String?

    public init(path: String, jsonPath: String, loop: Bool = true, poster: ImageReference? = nil, muted: Bool = false, volume: Double = 1) {
        self.path = path; self.jsonPath = jsonPath; self.loop = loop; self.poster = poster; self.muted = muted; self.volume = volume
    }

    /// What a video gadget without a poster or colour shows until its first frame, and when its
    /// clip cannot play: black, as a screen with no picture is.
    public static let placeholderColor = Color(r: 0, g: 0, b: 0, a: 1)
}

extension Board {
    /// Every gadget's video with the gadget's index, in board order.
    public var videoReferences: [(index: Int, video: VideoReference)] {
        gadgets.enumerated().compactMap { i, g in g.video.map { (i, $0) } }
    }
}
