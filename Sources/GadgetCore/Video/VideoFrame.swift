/// One decoded picture handed from a video's decode thread to the loop: its planes (left in the
/// decoder's own buffer, which the frame keeps a reference to, or copied), its time on the
/// playback timeline and the colour description the stream carries. A value: the loop may keep it
/// as long as it shows it; the decoder's buffer goes back to its pool when the last copy goes.
public struct VideoFrame: Sendable {
    /// How the chroma is stored.
    public enum Layout: Sendable, Equatable {
        /// Three planes, Y, U and V (4:2:0, 4:2:2 or 4:4:4: each plane says its own size).
        case planar
        /// Two planes: Y, then U and V interleaved (NV12).
        case nv12
    }

    public var width: Int
    public var height: Int
    public var layout: Layout
    public var planes: [Plane]
    /// Presentation time on the playback timeline, µs: the stream's pts plus the loop's offset,
    /// so a looping clip's times keep rising (`VideoLoopTimeline`).
    public var time: Microseconds
    /// Time within the clip, µs (0 at its first frame): what `state` reports.
    public var clipTime: Microseconds
    /// How long it is meant to show, µs (the stream's frame duration; 0 when unknown).
    public var duration: Microseconds
    public var color: VideoColor
    /// Which pass through the clip it comes from (0: the first).
    public var loop: Int
    /// Which seek it follows: frames from before a seek (`VideoClock.generation`) are dropped.
    public var generation: Int
    /// For the zero-copy path: the picture left in the decoder's dma-bufs (then `planes` is
    /// empty). nil for pictures in memory (`planes`).
    /// `retainer` keeps the decoder's buffers (dma-bufs, or the memory `planes` borrow) the
    /// frame's until it is let go: FFmpeg's reference to its frame, released when the last copy
    /// of this value goes (which closes nothing the display owns).
    public var dmabuf: DMABufFrame?
    public var retainer: (any AnyObject & Sendable)?

    public init(width: Int, height: Int, layout: Layout, planes: [Plane], time: Microseconds, clipTime: Microseconds? = nil,
                duration: Microseconds, color: VideoColor, loop: Int = 0, generation: Int = 0,
                dmabuf: DMABufFrame? = nil, retainer: (any AnyObject & Sendable)? = nil) {
        self.width = width; self.height = height; self.layout = layout; self.planes = planes
        self.time = time; self.clipTime = clipTime ?? time; self.duration = duration; self.color = color; self.loop = loop; self.generation = generation
        self.dmabuf = dmabuf; self.retainer = retainer
    }
}
