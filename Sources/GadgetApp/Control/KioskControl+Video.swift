import GadgetCore

/// `{"cmd":"video",…}` and `state`'s `video` objects: the players are the live board's features
/// (`VideoPlayer`), found by their gadget's id.
extension KioskControl {
    func videoPlayer(_ id: String) -> VideoPlayer? {
        for f in live.features { if let p = f as? VideoPlayer, p.gadget == id { return p } }
        return nil
    }

    func video(_ request: VideoControl, now: Microseconds) -> ControlOutcome {
        guard let player = videoPlayer(request.gadget) else {
            let ids = live.board.videoReferences.map { live.board.gadgets[$0.index].id }
            if live.index(of: request.gadget) == nil { return .failed(ControlFailure(field: "gadget", message: "no gadget \"\(request.gadget)\"")) }
            let list = ids.isEmpty ? "this board has none" : "video gadgets: \(ids.joined(separator: ", "))"
            return .failed(ControlFailure(field: "gadget", message: "\"\(request.gadget)\" has no video (\(list))"))
        }
        if request.action == .captions {
            // The one way captions change (keys, the panel, the idle return): damage, and a
            // `captions` event when the choice changed, as for those.
            live.setCaptions([(request.gadget, request.show ?? true)], cause: "control", now: now)
        } else {
            player.control(request, now: now)
        }
        live.drawAgain(.videoControlled)
        host?.controlUsedPanel(now: now)
        let s = player.state(at: now + player.refresh)
        return .ok([("gadget", .string(request.gadget)), ("video", ControlStateReport.video(time: s.time, playing: s.playing, duration: s.duration, volume: player.volume, muted: player.video.muted, captions: player.video.captions == nil ? nil : player.captionsShown))])
    }

    /// Every playing (or paused, or failed) video gadget's state at the coming flip.
    func videoStates(now: Microseconds) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        for f in live.features {
            guard let p = f as? VideoPlayer else { continue }
            let s = p.state(at: now + p.refresh)
            out[p.gadget] = ControlStateReport.video(time: s.time, playing: s.playing, duration: s.duration, volume: p.volume, muted: p.video.muted,
                                                     captions: p.video.captions == nil ? nil : p.captionsShown)
        }
        return out
    }
}
