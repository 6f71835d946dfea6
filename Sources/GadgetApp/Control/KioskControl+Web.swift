import GadgetCore

/// `{"cmd":"web",…}` and `state`'s `web` objects: the helpers are the live board's `WebGadgets`
/// feature, found by their gadget's id.
extension KioskControl {
    var webGadgets: WebGadgets? {
        for f in live.features { if let w = f as? WebGadgets { return w } }
        return nil
    }

    func web(_ request: WebControl, now: Microseconds) -> ControlOutcome {
        guard let entry = webGadgets?.entry(for: request.gadget) else {
            if live.index(of: request.gadget) == nil { return .failed(ControlFailure(field: "gadget", message: "no gadget \"\(request.gadget)\"")) }
            let ids = live.board.gadgets.filter { $0.web != nil }.map(\.id)
            let list = ids.isEmpty ? "this board has none" : "web gadgets: \(ids.joined(separator: ", "))"
            return .failed(ControlFailure(field: "gadget", message: "\"\(request.gadget)\" has no web page (\(list))"))
        }
        switch request.action {
        case .reload: entry.process.send(.reload)
        case .navigate(let url): entry.process.send(.navigate(url: url))
        }
        host?.controlUsedPanel(now: now)
        return .ok([("gadget", .string(request.gadget))])
    }

    /// Every web gadget's `{"url","loaded","crashes"}`.
    var webStates: [String: JSONValue] { webGadgets?.states ?? [:] }
}
