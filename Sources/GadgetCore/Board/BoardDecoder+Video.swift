/// `"video": "clips/lobby.mp4"` or `"video": {"src": …, "loop": true, "poster": "still.jpg",
/// "muted": false, "volume": 1.0}`.
extension BoardDecoder {
    static let videoFields: Set<String> = ["src", "loop", "poster", "muted", "volume"]

    /// The gadget's video, and its appearance settled: the poster is the gadget's image (so it
    /// shows before the first frame, and instead of a clip that cannot play); a gadget with a
    /// video and neither poster nor image nor colour shows `VideoReference.placeholderColor`.
    mutating func gadgetVideo(_ obj: JSONValue, _ path: String, appearance: inout Gadget.Appearance) -> VideoReference? {
        guard let v = obj["video"] else { return nil }
        let vpath = "\(path).video"
        var video: VideoReference?
        switch v {
        case .string(let s):
            if s.isEmpty { problem(vpath, "empty file path") } else { video = VideoReference(path: s, jsonPath: vpath) }
        case .object:
            guard let pairs = fields(v, vpath, allowed: BoardDecoder.videoFields) else { return nil }
            let o = JSONValue.object(pairs)
            guard case .string(let s)? = o["src"], !s.isEmpty else {
                problem("\(vpath).src", o["src"] == nil ? "missing required field" : "expected a file path string")
                return nil
            }
            var ref = VideoReference(path: s, jsonPath: "\(vpath).src")
            ref.loop = bool(o["loop"], "\(vpath).loop", default: true)
            ref.muted = bool(o["muted"], "\(vpath).muted", default: false)
            ref.volume = number(o["volume"], "\(vpath).volume", range: BoardDecoder.volumeRange, default: 1)
            if let p = o["poster"] {
                if case .string(let ps) = p, !ps.isEmpty { ref.poster = ImageReference(path: ps, jsonPath: "\(vpath).poster") }
                else { problem("\(vpath).poster", "expected a file path string") }
            }
            video = ref
        default:
            problem(vpath, "expected a file path string or {\"src\", \"loop\", \"poster\", \"muted\", \"volume\"}, got \(v.kindName)")
        }
        guard let video else { return nil }
        if let poster = video.poster {
            if obj["image"] != nil { problem(vpath, "has both a poster and an image (give one)") }
            else { appearance = .image(poster) }
        } else if obj["image"] == nil, obj["color"] == nil {
            appearance = .color(VideoReference.placeholderColor)
        }
        return video
    }
}
