/// Reads evemu text recordings, formats 1.0–1.3 (the whot/evemu "Device Description Format" and
/// "Event Data Format", as ../shared/touch-recordings/README.md §2.1 pins them down).
///
/// - Lines start with a two-character prefix: `N:` `I:` `P:` `B:` `A:` `L:` `S:` `E:` or `#`.
///   Other lines (blank, junk, evemu's `####` banner) are skipped.
/// - `#` starts a comment anywhere except on `N:` lines. Format 1.0 allowed comments only at the
///   top; accepting them everywhere in every version reads a superset and loses nothing.
/// - `A:` takes 4 numbers (1.0/1.1) or 5 with the resolution (1.2+), in any version.
/// - `E:` times become microseconds relative to the first event, whether the file wrote
///   absolute (CLOCK_REALTIME) or relative times. Values are signed decimal with leading zeros.
/// - Events after the last SYN_REPORT (a recording cut off mid-frame) are dropped and counted;
///   a last line cut off mid-way (no newline, unparsable `E:`) counts as a dropped event.
/// - Header lines after the first event, a second `N:` or `I:`, and a file with no evemu line
///   at all are errors. Every problem is an `EvemuError` naming its line; no input traps.
public enum EvemuReader {
    public static func read(_ bytes: [UInt8]) throws(EvemuError) -> EvemuRecording {
        var parser = EvemuParser(bytes: bytes)
        return try parser.parse()
    }

    /// The largest ABS code + 1 (ABS_CNT), key code + 1 (KEY_CNT), type + 1 (EV_CNT), LED_CNT,
    /// SW_CNT and INPUT_PROP_CNT (linux/input-event-codes.h).
    static let absCount: UInt32 = 0x40, keyCount = 0x300, typeCount: UInt32 = 0x20, ledCount: UInt32 = 0x10, switchCount: UInt32 = 0x11
    static let propertyCount = 0x20
}

/// One pass over the file's lines; state that lines build up (the device, the events).
struct EvemuParser {
    let fields: EvemuFields
    var version: EvemuVersion? = nil
    var sawDataLine = false
    var name: [UInt8]? = nil
    var id: InputDeviceID? = nil
    var sawHeader = false
    var properties: Set<Int> = []
    var propertyBytes = 0
    var codes: [UInt16: Set<UInt16>] = [:]
    var codeBytes: [UInt16: Int] = [:]
    var absInfo: [UInt16: AbsInfo] = [:]
    var leds: [UInt16: Int32] = [:]
    var switches: [UInt16: Int32] = [:]
    var events: [InputEvent] = []
    var firstTime: Microseconds? = nil
    var dropped = 0
    var scratch: [Range<Int>] = []

    init(bytes: [UInt8]) {
        fields = EvemuFields(bytes: bytes)
        scratch.reserveCapacity(12)
    }

    mutating func parse() throws(EvemuError) -> EvemuRecording {
        let bytes = fields.bytes
        var start = 0, lineNumber = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            let terminated = end < bytes.count
            var contentEnd = end
            if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            do {
                try line(start..<contentEnd, number: lineNumber)
            } catch {
                // A recording cut off in the middle of its last line is a cut-short frame, not
                // a broken file: drop the fragment like the rest of the partial frame.
                guard !terminated, contentEnd - start >= 2, bytes[start] == 0x45, bytes[start + 1] == 0x3A else { throw error }
                dropped += 1
            }
            start = end + 1
        }
        guard sawDataLine else {
            throw EvemuError(line: nil, "not an evemu recording: no N:, I:, P:, B:, A:, L:, S: or E: line")
        }
        if let lastReport = events.lastIndex(where: { $0.type == EV.syn && $0.code == EV.synReport }) {
            dropped += events.count - (lastReport + 1)
            events.removeSubrange((lastReport + 1)...)
        } else {
            dropped += events.count
            events.removeAll()
        }
        let device = sawHeader
            ? InputDeviceDescription(nameBytes: name ?? [], id: id ?? InputDeviceID(), properties: properties, codes: codes, absInfo: absInfo)
            : nil
        return EvemuRecording(version: version ?? .v1_0, device: device, events: events, firstEventTime: firstTime,
                              droppedTrailingEvents: dropped, leds: leds, switches: switches)
    }

    mutating func line(_ r: Range<Int>, number: Int) throws(EvemuError) {
        let bytes = fields.bytes
        guard r.count >= 2 else { return }
        let p0 = bytes[r.lowerBound], p1 = bytes[r.lowerBound + 1]
        if p0 == EvemuFields.hash { comment(r, number: number); return }
        guard p1 == 0x3A else { return }  // not "X:": skipped, as evemu does
        let body = (r.lowerBound + 2)..<r.upperBound
        switch p0 {
        case 0x45: try event(body, number)       // E
        case 0x4E: try header(number, "N"); try deviceName(body, number)
        case 0x49: try header(number, "I"); try deviceID(body, number)
        case 0x50: try header(number, "P"); try property(body, number)
        case 0x42: try header(number, "B"); try mask(body, number)
        case 0x41: try header(number, "A"); try axis(body, number)
        case 0x4C:
            try header(number, "L")
            let (i, s) = try state(body, number, "L", limit: EvemuReader.ledCount)
            leds[i] = s
        case 0x53:
            try header(number, "S")
            let (i, s) = try state(body, number, "S", limit: EvemuReader.switchCount)
            switches[i] = s
        default: return
        }
    }

    /// `# EVEMU 1.3` before the first data line sets the version; every other comment is ignored.
    mutating func comment(_ r: Range<Int>, number: Int) {
        let tag: [UInt8] = Array("# EVEMU ".utf8)
        guard !sawDataLine, version == nil, r.count > tag.count,
              fields.bytes[r.lowerBound..<(r.lowerBound + tag.count)].elementsEqual(tag) else { return }
        let rest = (r.lowerBound + tag.count)..<r.upperBound
        fields.split(rest, comments: false, limit: 1, into: &scratch)
        guard let f = scratch.first, let dot = f.firstIndex(where: { fields.bytes[$0] == 0x2E }),
              let major = fields.unsigned(f.lowerBound..<dot, maxValue: 99),
              let minor = fields.unsigned((dot + 1)..<f.upperBound, maxValue: 99) else { return }
        version = EvemuVersion(Int(major), Int(minor))
    }

    mutating func header(_ number: Int, _ prefix: String) throws(EvemuError) {
        if let v = version, v.major != 1 {
            throw EvemuError(line: number, "unsupported evemu format \(v) (this reader knows 1.0–1.3)")
        }
        guard events.isEmpty && firstTime == nil else {
            throw EvemuError(line: number, "\(prefix): device description after the first event (one device per file)")
        }
        sawDataLine = true
        sawHeader = true
    }

    mutating func deviceName(_ body: Range<Int>, _ number: Int) throws(EvemuError) {
        guard name == nil else { throw EvemuError(line: number, "N: a second device name (one device per file)") }
        // The name is the rest of the line after "N: ", raw: '#' is part of it, spaces are kept.
        var start = body.lowerBound
        if start < body.upperBound && fields.bytes[start] == EvemuFields.space { start += 1 }
        name = Array(fields.bytes[start..<body.upperBound])
    }

    mutating func deviceID(_ body: Range<Int>, _ number: Int) throws(EvemuError) {
        guard id == nil else { throw EvemuError(line: number, "I: a second device id (one device per file)") }
        fields.split(body, comments: true, limit: 4, into: &scratch)
        guard scratch.count == 4 else {
            throw EvemuError(line: number, "I: expected 4 fields (bustype vendor product version), got \(scratch.count > 4 ? "more" : "\(scratch.count)")")
        }
        var v: [UInt16] = []
        for (f, what) in zip(scratch, ["bustype", "vendor", "product", "version"]) {
            guard let x = fields.hex(f, maxDigits: 4) else {
                throw EvemuError(line: number, "I: bad \(what) '\(fields.text(f))' (expected up to 4 hex digits)")
            }
            v.append(UInt16(x))
        }
        id = InputDeviceID(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
    }

    mutating func property(_ body: Range<Int>, _ number: Int) throws(EvemuError) {
        fields.split(body, comments: true, limit: 8, into: &scratch)
        guard scratch.count == 8 else { throw EvemuError(line: number, "P: expected 8 fields (hex bytes), got \(scratch.count > 8 ? "more" : "\(scratch.count)")") }
        guard propertyBytes + 8 <= 64 else { throw EvemuError(line: number, "P: too many lines (at most 8)") }
        for f in scratch {
            guard let byte = fields.hex(f, maxDigits: 2) else { throw EvemuError(line: number, "P: bad byte '\(fields.text(f))' (expected 2 hex digits)") }
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let p = propertyBytes * 8 + bit
                if p < EvemuReader.propertyCount { properties.insert(p) }
            }
            propertyBytes += 1
        }
    }

    mutating func mask(_ body: Range<Int>, _ number: Int) throws(EvemuError) {
        fields.split(body, comments: true, limit: 9, into: &scratch)
        guard scratch.count == 9 else { throw EvemuError(line: number, "B: expected 9 fields (type and 8 hex bytes), got \(scratch.count > 9 ? "more" : "\(scratch.count)")") }
        guard let t = fields.hex(scratch[0], maxDigits: 2), t < EvemuReader.typeCount else {
            throw EvemuError(line: number, "B: bad event type '\(fields.text(scratch[0]))' (expected hex below 20)")
        }
        let type = UInt16(t)
        // The n-th B: line of a type holds bytes 8n…8n+7, i.e. codes 64n…64n+63.
        let offset = codeBytes[type, default: 0]
        guard offset + 8 <= EvemuReader.keyCount / 8 else { throw EvemuError(line: number, "B: too many lines for type \(fields.text(scratch[0])) (at most 12)") }
        var set = codes[type, default: []]
        for (j, f) in scratch.dropFirst().enumerated() {
            guard let byte = fields.hex(f, maxDigits: 2) else { throw EvemuError(line: number, "B: bad byte '\(fields.text(f))' (expected 2 hex digits)") }
            for bit in 0..<8 where byte & (1 << bit) != 0 { set.insert(UInt16((offset + j) * 8 + bit)) }
        }
        codes[type] = set
        codeBytes[type] = offset + 8
    }

    mutating func axis(_ body: Range<Int>, _ number: Int) throws(EvemuError) {
        fields.split(body, comments: true, limit: 6, into: &scratch)
        guard scratch.count == 5 || scratch.count == 6 else {
            throw EvemuError(line: number, "A: expected 5 fields (code min max fuzz flat) or 6 (with resolution), got \(scratch.count > 6 ? "more" : "\(scratch.count)")")
        }
        guard let c = fields.hex(scratch[0], maxDigits: 2), c < EvemuReader.absCount else {
            throw EvemuError(line: number, "A: bad axis code '\(fields.text(scratch[0]))' (expected hex below 40)")
        }
        var v: [Int32] = []
        for (f, what) in zip(scratch.dropFirst(), ["min", "max", "fuzz", "flat", "resolution"]) {
            guard let x = fields.int32(f) else { throw EvemuError(line: number, "A: bad \(what) '\(fields.text(f))' (expected a decimal integer)") }
            v.append(x)
        }
        absInfo[UInt16(c)] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3], resolution: v.count == 5 ? v[4] : nil)
    }

    mutating func state(_ body: Range<Int>, _ number: Int, _ prefix: String, limit: UInt32) throws(EvemuError) -> (UInt16, Int32) {
        fields.split(body, comments: true, limit: 2, into: &scratch)
        guard scratch.count == 2 else { throw EvemuError(line: number, "\(prefix): expected 2 fields (index state), got \(scratch.count > 2 ? "more" : "\(scratch.count)")") }
        guard let i = fields.hex(scratch[0], maxDigits: 2), i < limit else {
            throw EvemuError(line: number, "\(prefix): bad index '\(fields.text(scratch[0]))'")
        }
        guard let s = fields.int32(scratch[1]) else { throw EvemuError(line: number, "\(prefix): bad state '\(fields.text(scratch[1]))'") }
        return (UInt16(i), s)
    }

    mutating func event(_ body: Range<Int>, _ number: Int) throws(EvemuError) {
        if let v = version, v.major != 1 {
            throw EvemuError(line: number, "unsupported evemu format \(v) (this reader knows 1.0–1.3)")
        }
        sawDataLine = true
        fields.split(body, comments: true, limit: 4, into: &scratch)
        guard scratch.count == 4 else { throw EvemuError(line: number, "E: expected 4 fields (time type code value), got \(scratch.count > 4 ? "more" : "\(scratch.count)")") }
        guard let time = fields.time(scratch[0]) else {
            throw EvemuError(line: number, "E: bad time '\(fields.text(scratch[0]))' (expected seconds.microseconds, 6 digits after the point)")
        }
        guard let type = fields.hex(scratch[1], maxDigits: 4) else { throw EvemuError(line: number, "E: bad type '\(fields.text(scratch[1]))' (expected up to 4 hex digits)") }
        guard let code = fields.hex(scratch[2], maxDigits: 4) else { throw EvemuError(line: number, "E: bad code '\(fields.text(scratch[2]))' (expected up to 4 hex digits)") }
        guard let value = fields.int32(scratch[3]) else {
            throw EvemuError(line: number, "E: bad value '\(fields.text(scratch[3]))' (expected a signed decimal 32-bit integer)")
        }
        let first = firstTime ?? time
        firstTime = first
        events.append(InputEvent(time: time - first, type: UInt16(type), code: UInt16(code), value: value))
    }
}
