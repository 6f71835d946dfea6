// libFuzzer target for the control protocol (docs/control.md), from a request line to a changed
// board: decoder and validation (ControlRequestDecoder, BoardRelativePath) → the reply a client
// gets → a `set` applied to a running session the way the kiosk's executor applies it (look,
// pose, an animation sampled to its end) and the `state` reply. Also `ctl`'s word splitting.
// Invariants: every reply is one line of JSON with "ok"; an accepted path has no "..", no
// leading "/", no NUL; an accepted set leaves the world finite. Any trap is a finding: a line a
// socket client sends must never bring the kiosk down.
import GadgetCore

/// A small board like an integrator's: a price label, a photo, a button.
let fuzzBoard = Board(size: Size2(320, 200), gadgets: [
    Gadget(id: "price", appearance: .color(Color(r: 1, g: 0, b: 0)), center: Vector2(60, 50), size: Size2(80, 60)),
    Gadget(id: "photo", appearance: .image(ImageReference(path: "a.png", jsonPath: "gadgets[1].image")), center: Vector2(160, 100), size: Size2(64, 64)),
    Gadget(id: "button", appearance: .color(Color(r: 0, g: 1, b: 0)), center: Vector2(260, 150), size: Size2(40, 40), z: 1),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControl(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // ctl's words: the input split at NULs.
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    if case .success(let json) = ControlCommandLine.request(words) { _ = ControlRequestDecoder.decode(json) }

    switch ControlRequestDecoder.decode(bytes) {
    case .failure(let failure):
        checkReply(ControlReply.error(failure), ok: false)
    case .success(let request):
        checkReply(ControlReply.ok(id: request.id), ok: true)
        switch request.command {
        case .set(let set):
            if let image = set.image { checkPath(image) }
            apply(set)
        case .load(let path):
            checkPath(path)
        default:
            break
        }
    }
    return 0
}

func checkReply(_ reply: String, ok: Bool) {
    precondition(!reply.utf8.contains(UInt8(ascii: "\n")), "a reply spans lines")
    guard let value = try? JSONParser.parse(reply) else { preconditionFailure("a reply is not JSON: \(reply.prefix(200))") }
    precondition(value["ok"] == .bool(ok), "a reply without the right ok")
}

func checkPath(_ p: BoardRelativePath) {
    precondition(!p.components.isEmpty)
    for c in p.components {
        precondition(c != ".." && c != "." && !c.isEmpty && !c.utf8.contains(0) && !c.utf8.contains(UInt8(ascii: "/")), "a path component escapes: \(c)")
    }
}

/// What `KioskLoop.apply(_:)` does with a `set`, on the pure session.
func apply(_ set: ControlSet) {
    var session = BoardSession(board: fuzzBoard, startTime: 0)
    guard let i = session.board.gadgets.firstIndex(where: { $0.id == set.gadget }) else { return }
    let index = GadgetIndex(i)
    let from = session.world.pose(index)
    var to = from
    if let c = set.center { to.center = c }
    if let r = set.rotation { to.rotation = Math.radians(r) }
    if let s = set.scale { to.scale = s }
    session.updateLook(index) { g in
        if let c = set.color { g.appearance = .color(c) }
        if let o = set.opacity { g.opacity = o }
        if let h = set.hidden { g.hidden = h }
    }
    let duration = Microseconds(((set.duration ?? 0) * 1_000_000).rounded())
    if duration > 0 {
        let a = ControlAnimation(gadget: index, start: 0, duration: duration, fromPose: from, toPose: to, fromOpacity: 1, toOpacity: set.opacity ?? 1)
        for t in [duration / 3, duration / 2, duration] {
            let s = a.sample(at: t)
            session.place(index, at: s.pose)
        }
    } else {
        session.place(index, at: to)
    }
    _ = session.advance(to: 100_000)
    for p in session.renderPoses() {
        precondition(p.center.x.isFinite && p.center.y.isFinite && p.scale.isFinite && p.rotation.isFinite, "a set made the world non-finite")
    }
    checkReply(ControlReply.ok(id: nil, [("gadgets", ControlStateReport.gadgets(board: session.board, poses: session.renderPoses()))]), ok: true)
}
