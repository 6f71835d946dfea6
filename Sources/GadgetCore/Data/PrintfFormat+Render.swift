/// Rendering one value through a `PrintfFormat`, as glibc's printf would render the same value
/// passed as a double (`%f`…), a long long (`%d`…, the value truncated toward zero as C's cast
/// does) or a string (`%s`).
extension PrintfFormat {
    /// What a template hands the format: a JSON number or a string.
    public enum Argument: Sendable, Equatable {
        case number(Double)
        case string(String)
    }

    /// The formatted text, or nil when the value does not convert (a string that is not a number
    /// under a numeric conversion, a non-finite or out-of-range number under an integer one, a
    /// negative number under an unsigned one): the binding then keeps its last good text.
    public func render(_ argument: Argument) -> String? {
        let body: [UInt8]
        switch (conversion, argument) {
        case (.s, .string(let s)): return prefix + pad(string: s) + suffix
        case (.s, .number(let n)): return prefix + pad(string: PrintfFormat.shortest(n)) + suffix
        case (_, .string(let s)):
            guard let n = PrintfFormat.number(s) else { return nil }
            return render(.number(n))
        case (_, .number(let n)):
            if conversion.isInteger {
                guard let b = integer(n) else { return nil }
                body = b
            } else {
                body = floating(n)
            }
        }
        return prefix + String(decoding: body, as: UTF8.self) + suffix
    }

    /// A string's number under a numeric conversion: JSON's number syntax (an MQTT payload of
    /// `21.5` arrives as text when it is not JSON), surrounding spaces allowed.
    static func number(_ s: String) -> Double? {
        let t = s.trimmingSpaces
        guard !t.isEmpty, let v = Double(t), v.isFinite else { return nil }
        // Double(String) also takes "inf", "nan", hex floats: a feed's text means none of those.
        guard t.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return nil }
        return v
    }

    /// A number as `%s` and a bare `{source:/pointer}` show it: JSON's shortest form (21.5, 3, 1e+21).
    static func shortest(_ n: Double) -> String { JSONWriter.format(n) }

    private func pad(string s: String) -> String {
        var text = s
        if let p = precision, text.count > p { text = String(text.prefix(p)) }
        let missing = width - text.count
        guard missing > 0 else { return text }
        let spaces = String(repeating: " ", count: missing)
        return flags.contains(.left) ? text + spaces : spaces + text
    }

    private func integer(_ n: Double) -> [UInt8]? {
        guard n.isFinite, n > -9.3e18, n < 9.3e18 else { return nil }
        let v = Int64(n.rounded(.towardZero))
        let negative = v < 0
        if negative, [.u, .x, .upperX, .o].contains(conversion) { return nil }
        let magnitude = v.magnitude
        var digits: [UInt8]
        switch conversion {
        case .x: digits = Array(String(magnitude, radix: 16).utf8)
        case .upperX: digits = Array(String(magnitude, radix: 16, uppercase: true).utf8)
        case .o: digits = Array(String(magnitude, radix: 8).utf8)
        default: digits = Array(String(magnitude).utf8)
        }
        if let p = precision {
            if p == 0, magnitude == 0 { digits = [] }
            if digits.count < p { digits = [UInt8](repeating: UInt8(ascii: "0"), count: p - digits.count) + digits }
        }
        if conversion == .o, flags.contains(.alternate), digits.first != UInt8(ascii: "0") { digits.insert(UInt8(ascii: "0"), at: 0) }
        var sign: [UInt8] = []
        if [.d, .i].contains(conversion) { sign = signBytes(negative: negative) }
        if flags.contains(.alternate), magnitude != 0 {
            if conversion == .x { sign = Array("0x".utf8) }
            if conversion == .upperX { sign = Array("0X".utf8) }
        }
        // C: with a precision, the 0 flag is ignored for integers.
        return justify(sign: sign, digits: digits, zeroPad: precision == nil)
    }

    private func floating(_ n: Double) -> [UInt8] {
        let upper = [.upperF, .upperE, .upperG].contains(conversion)
        let sign = signBytes(negative: n.sign == .minus && !n.isNaN)
        if n.isNaN || n.isInfinite {
            let word = n.isNaN ? "nan" : "inf"
            return justify(sign: n.isNaN ? signBytes(negative: n.sign == .minus) : sign, digits: Array((upper ? word.uppercased() : word).utf8), zeroPad: false)
        }
        let expansion = DecimalExpansion(n)
        let p = precision ?? 6
        let alternate = flags.contains(.alternate)
        let digits: [UInt8]
        switch conversion {
        case .e, .upperE: digits = expansion.scientific(precision: p, alternate: alternate, uppercase: upper)
        case .g, .upperG: digits = expansion.general(precision: p, alternate: alternate, uppercase: upper)
        default: digits = expansion.fixed(precision: p, alternate: alternate)
        }
        return justify(sign: sign, digits: digits, zeroPad: true)
    }

    private func signBytes(negative: Bool) -> [UInt8] {
        if negative { return [UInt8(ascii: "-")] }
        if flags.contains(.plus) { return [UInt8(ascii: "+")] }
        if flags.contains(.space) { return [UInt8(ascii: " ")] }
        return []
    }

    /// Pads to the width: spaces before (or after, with `-`), or zeros between sign and digits.
    private func justify(sign: [UInt8], digits: [UInt8], zeroPad: Bool) -> [UInt8] {
        let missing = width - sign.count - digits.count
        guard missing > 0 else { return sign + digits }
        let left = flags.contains(.left)
        if !left, zeroPad, flags.contains(.zero) {
            return sign + [UInt8](repeating: UInt8(ascii: "0"), count: missing) + digits
        }
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: missing)
        return left ? sign + digits + spaces : spaces + sign + digits
    }
}

extension String {
    /// Without leading and trailing ASCII spaces, tabs and line breaks (no Foundation here).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
