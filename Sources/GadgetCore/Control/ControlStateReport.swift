/// The reply to `state`: every gadget's current pose and properties, by their board-file names
/// (what a `set` can change), board order. Numbers are rounded like the other JSON reports.
public enum ControlStateReport {
    public static func gadgets(board: Board, poses: [GadgetPose]) -> JSONValue {
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
            if let text = g.text { o.append(("text", .string(text.style.string))) }
            if let page = g.page { o.append(("page", .string(page))) }
            out.append(.object(o))
        }
        return .array(out)
    }
}
