// libFuzzer target for live-data templates (docs/live-data.md), from a board's template string to
// the text a gadget shows: Template.parse → a board binding it → BindingEvaluator with a payload
// and a clock reading taken from the input → the printf and strftime renderers. Also the printf
// format alone on a double built from the input's bytes (subnormals, huge exponents, NaN, every
// precision up to the limit). Input: TEMPLATE NUL PAYLOAD NUL 8 bytes (a double) 8 bytes (a
// Unix time). Invariants: rendering never traps; %.17g of a finite double reads back as the
// same double; %f/%e/%g output is ASCII; a change is only reported for a bound gadget. A template
// comes from the board file, a payload from any server: neither may bring the kiosk down.
import GadgetCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let fields = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let text = String(decoding: fields[0], as: UTF8.self)
    let payload = fields.count > 1 ? Array(fields[1]) : []
    let tail = fields.count > 2 ? Array(fields[2]) : []
    let number = Double(bitPattern: word(tail, 0))
    let unixTime = Int64(bitPattern: word(tail, 8)) % 400_000_000_000

    checkFormat(text, number)
    guard case .success(let template) = Template.parse(text) else { return 0 }
    let sources = template.sources.map { DataSource(id: $0, kind: .mqtt(topic: "t/\($0)"), staleAfterSeconds: 5, fallback: "–") }
    var board = Board(size: Size2(100, 100), gadgets: [
        Gadget(id: "g", appearance: .clear, center: Vector2(50, 50), size: Size2(10, 10), text: GadgetText(style: TextStyle("x"), jsonPath: "t")),
    ])
    board.data = BoardData(sources: sources)
    board.gadgets[0].live = GadgetLive(bindings: [GadgetBinding(property: .text, template: template, jsonPath: "b")],
                                       qr: GadgetQR(template: template, ecc: .L, jsonPath: "q"))
    var evaluator = BindingEvaluator(board: board, start: 0)
    let value = SourcePayload.value(payload)
    for s in template.sources { evaluator.receive(source: s, payload: value, at: 1) }
    let clock = ClockReading(unixSeconds: unixTime, utcOffsetSeconds: Int(truncatingIfNeeded: unixTime % 50_400), zoneAbbreviation: "Z")
    for now in [1.0, 10.0] {
        for change in evaluator.evaluate(now: now, clock: clock, names: .english) { precondition(change.gadget == "g") }
    }
    _ = evaluator.nextStaleDeadline(now: 1)
    return 0
}

func word(_ b: [UInt8], _ at: Int) -> UInt64 {
    var w: UInt64 = 0
    for i in 0..<8 where at + i < b.count { w |= UInt64(b[at + i]) << (8 * UInt64(i)) }
    return w
}

/// The template's text as a printf format, on the input's double; and the round-trip invariant.
func checkFormat(_ text: String, _ n: Double) {
    if case .success(let f) = PrintfFormat.parse(text) {
        _ = f.render(.number(n))
        _ = f.render(.string(text))
    }
    guard n.isFinite else { return }
    let g17 = try! PrintfFormat.parse("%.17g").get()
    guard let s = g17.render(.number(n)) else { preconditionFailure("%.17g refused a finite double") }
    precondition(Double(s) == n, "%.17g of \(n) reads back as \(s)")
    for spec in ["%f", "%.3e", "%g", "%#.0f", "%+012.4g"] {
        guard let out = try! PrintfFormat.parse(spec).get().render(.number(n)) else { preconditionFailure("\(spec) refused \(n)") }
        precondition(out.utf8.allSatisfy { $0 < 0x80 }, "\(spec) of \(n) is not ASCII")
    }
}
