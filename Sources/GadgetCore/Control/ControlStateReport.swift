/// The reply to `state`: every gadget's current pose and properties, by their board-file names
/// (what a `set` can change), board order. Numbers are rounded like the other JSON reports.
public enum ControlStateReport {
    /// `videos`: each video gadget's `video` object by gadget id (`video(time:playing:duration:)`).
    /// `web`: each web gadget's `{"url","loaded","crashes"}` by id (docs/web.md).
    public static func gadgets(board: Board, poses: [GadgetPose], videos: [String: JSONValue] = [:], web: [String: JSONValue] = [:]) -> JSONValue {
        func r(_ v: Double, _ p: Int) -> JSONValue { .number(JSONWriter.rounded(v, places: p)) }
        var out: [JSONValue] = []
        for (g, pose) in zip(board.gadgets, poses) {
            var o: [(String, JSONValue)] = [
                ("id", .string(g.id)),
                ("center", .array([r(pose.center.x, 2), r(pose.center.y, 2)])),
                ("rotation", r(Math.degrees(pose.rotation), 3)),
                ("scale", r(pose.scale, 4)),
                ("size", .array([r(g.size.width * pose.scale, 2), r(g.size.height * pose.scale, 2)])),
                ("opacity", r(g.opacity, 4)),
                ("hidden", .bool(g.hidden)),
                ("z", r(g.z, 4)),
            ]
            switch g.appearance {
            case .color(let c): o.append(("color", .string(c.hexString)))
            case .image(let ref): o.append(("image", .string(ref.path)))
            case .clear: break
            }
            // A field's text is a visitor's entry: never in `state` (docs/typing.md, privacy).
            if let text = g.text, g.field == nil { o.append(("text", .string(text.style.string))) }
            if let page = g.page { o.append(("page", .string(page))) }
            if let v = videos[g.id] { o.append(("video", v)) }
            if let w = web[g.id] { o.append(("web", w)) }
            out.append(.object(o))
        }
        return .array(out)
    }

    /// A video gadget's `"video": {"time": S, "playing": bool, "duration": S, "volume": L,
    /// "muted": bool}` (seconds, ms precision; `duration` null when the clip's length is unknown or
    /// it cannot play; `volume` the clip's own level, 0...1, before the board's; `muted` the board's
    /// `muted`, so an integrator can tell a silent clip from a quiet one).
    /// `captions`: whether a video with captions shows them now (nil: it has none; left out).
    public static func video(time: Double, playing: Bool, duration: Double?, volume: Double, muted: Bool, captions: Bool? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [("time", .number(JSONWriter.rounded(time, places: 3))), ("playing", .bool(playing)),
                 ("duration", duration.map { .number(JSONWriter.rounded($0, places: 3)) } ?? .null),
                 ("volume", .number(JSONWriter.rounded(volume, places: 3))), ("muted", .bool(muted))]
        if let captions { fields.append(("captions", .bool(captions))) }
        return .object(fields)
    }
}
