// libFuzzer target for the board file path, from bytes to a board the kiosk runs: JSON parser →
// board decoder → gesture threshold overrides (what `BoardLoader` checks before images) → a short
// run of the accepted board with a drag and a fling. Built by Fuzz/run.sh against GadgetCore
// compiled with assertions and its debug invariant checks on. Any trap is a finding: a file the
// loader accepts must never bring the kiosk down.
import GadgetCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkJSONRoundTrip(bytes)

    let (decoded, problems) = BoardDecoder.decodeAll(bytes, file: "fuzz.json")
    // Problems must describe themselves without trapping.
    for p in problems { _ = p.description }
    guard let board = decoded, problems.isEmpty else { return 0 }
    checkDecoderContract(board)

    guard case .success = GestureThresholds.forBoard(board, file: "fuzz.json") else { return 0 }
    run(board)
    return 0
}

/// Whatever the parser accepts, the writer writes and the parser reads back as the same value
/// (the replay output and the demo export go through the writer).
func checkJSONRoundTrip(_ bytes: [UInt8]) {
    guard let value = try? JSONParser.parse(bytes) else { return }
    let text = JSONWriter.write(value)
    guard let again = try? JSONParser.parse(text) else { preconditionFailure("the writer's output does not parse: \(text.prefix(200))") }
    precondition(again == value, "JSON round trip changed the value")
}

/// What the rest of the app relies on in a decoded board.
func checkDecoderContract(_ board: Board) {
    precondition(board.size.width > 0 && board.size.height > 0, "empty canvas")
    var ids = Set<String>()
    for (i, g) in board.gadgets.enumerated() {
        precondition(ids.insert(g.id).inserted, "duplicate gadget id")
        precondition(g.size.width > 0 && g.size.height > 0, "empty gadget")
        if i > 0 { precondition(board.gadgets[i - 1].z <= g.z, "gadgets not in z order") }
        // What the text renderer relies on (it refuses, with an error, anything else).
        if let text = g.text {
            let s = text.style
            precondition(!s.string.isEmpty && s.string.unicodeScalars.count <= GadgetText.maximumLength, "text string out of range")
            precondition(s.size >= 1 && s.size <= 1024, "text size out of range")
            precondition(s.lineHeight >= 0.5 && s.lineHeight <= 10, "line height out of range")
            precondition((s.maxLines ?? 1) >= 1, "maxLines below 1")
            let p = s.padding
            precondition([p.top, p.right, p.bottom, p.left].allSatisfy { $0.isFinite && $0 >= 0 }, "padding not finite")
        } else {
            precondition(g.appearance != .clear, "a clear gadget without text")
        }
    }
}

/// Runs the board as the kiosk would: a finger lands on the topmost gadget, drags it and lets go
/// fast (inertia, bounce, spring home), a second finger pinches; then the world settles.
func run(_ board: Board) {
    var session = BoardSession(board: board, startTime: 0)
    let start = board.gadgets.last?.center ?? Vector2(board.size.width / 2, board.size.height / 2)
    let a = TouchID(device: 1, tracking: 1), b = TouchID(device: 1, tracking: 2)
    var t: Microseconds = 10_000
    func frame(_ touches: [(TouchID, TouchPhase, Vector2)]) {
        let events = session.apply(TouchFrame(time: t, touches: touches.map { Touch(id: $0.0, phase: $0.1, location: $0.2, time: t) }))
        for e in events { _ = e.json }
        t += 8_000
    }
    frame([(a, .began, start)])
    frame([(a, .moved, start + Vector2(30, 0)), (b, .began, start + Vector2(0, 40))])
    for i in 1...6 {
        let d = Double(i)
        frame([(a, .moved, start + Vector2(30 + 40 * d, 10 * d)), (b, .moved, start + Vector2(-5 * d, 40 + 12 * d))])
    }
    frame([(a, .ended, start + Vector2(300, 60)), (b, .ended, start + Vector2(-30, 112))])
    _ = session.advance(to: t + 1_500_000)
    for s in session.reportStates() {
        precondition(s.center.x.isFinite && s.center.y.isFinite && s.rotationDegrees.isFinite, "gadget \(s.id) left the real numbers")
    }
}
