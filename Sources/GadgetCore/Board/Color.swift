/// A straight (non-premultiplied) RGBA colour with components in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r, g, b, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }

    public static let white = Color(r: 1, g: 1, b: 1)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#rrggbb` or `#rrggbbaa`; nil otherwise.
    public init?(hex: String) {
        let u = Array(hex.utf8)
        guard u.first == UInt8(ascii: "#"), u.count == 7 || u.count == 9 else { return nil }
        var bytes: [Double] = []
        var i = 1
        while i < u.count {
            guard let hi = Color.nibble(u[i]), let lo = Color.nibble(u[i + 1]) else { return nil }
            bytes.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 1)
    }

    private static func nibble(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// `#rrggbb` or, when not opaque, `#rrggbbaa`.
    public var hexString: String {
        func h(_ v: Double) -> String {
            let n = Int((Math.clamp(v, 0, 1) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[n / 16], digits[n % 16]])
        }
        return "#" + h(r) + h(g) + h(b) + (a < 1 ? h(a) : "")
    }

    public var description: String { hexString }
}
