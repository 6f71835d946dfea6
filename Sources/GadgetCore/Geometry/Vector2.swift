/// A 2-D vector or point in board canvas pixels (x right, y down) unless a type says otherwise.
public struct Vector2: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    public static let zero = Vector2(0, 0)

    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// Angle from +x toward +y; on screen (y down) a positive angle is clockwise.
    @inlinable public var angle: Double { Math.atan2(y, x) }
    @inlinable public var normalized: Vector2 { let l = length; return l > 0 ? Vector2(x / l, y / l) : .zero }
    /// Perpendicular, turned +90° (clockwise on screen).
    @inlinable public var perpendicular: Vector2 { Vector2(-y, x) }

    @inlinable public func dot(_ o: Vector2) -> Double { x * o.x + y * o.y }
    @inlinable public func cross(_ o: Vector2) -> Double { x * o.y - y * o.x }
    @inlinable public func rotated(by radians: Double) -> Vector2 {
        let c = Math.cos(radians), s = Math.sin(radians)
        return Vector2(x * c - y * s, x * s + y * c)
    }
    @inlinable public func distance(to o: Vector2) -> Double { (self - o).length }

    @inlinable public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    @inlinable public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    @inlinable public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    @inlinable public static func -= (a: inout Vector2, b: Vector2) { a = a - b }
    @inlinable public static func *= (a: inout Vector2, s: Double) { a = a * s }

    /// Linear interpolation: `t = 0` gives `a`, `t = 1` gives `b`.
    @inlinable public static func lerp(_ a: Vector2, _ b: Vector2, _ t: Double) -> Vector2 { a + (b - a) * t }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in pixels (or points, where a type says so).
public struct Size2: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    @inlinable public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size2(0, 0)
    @inlinable public var vector: Vector2 { Vector2(width, height) }
    @inlinable public static func * (a: Size2, s: Double) -> Size2 { Size2(a.width * s, a.height * s) }
    public var description: String { "\(width)×\(height)" }
}

/// An integer pixel size of a framebuffer, image or display mode.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    @inlinable public init(_ width: Int, _ height: Int) { self.width = width; self.height = height }
    @inlinable public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }

    /// The largest side accepted from a user, pixels (GL_MAX_TEXTURE_SIZE of the drivers we meet).
    public static let maximumSide = 16384

    /// Parses `WxH` (e.g. `1280x720`); nil when malformed or not positive.
    public init?(parsing text: String) {
        guard case .success(let size) = PixelSize.parse(text) else { return nil }
        self = size
    }

    /// Parses `WxH`, or says why not in words a command line can print after the value.
    public static func parse(_ text: String) -> Result<PixelSize, PixelSizeProblem> {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else { return .failure(.malformed) }
        guard w > 0, h > 0, w <= maximumSide, h <= maximumSide else { return .failure(.outOfRange) }
        return .success(PixelSize(w, h))
    }
}

/// Why a `WxH` text is not a pixel size.
public enum PixelSizeProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed, outOfRange

    public var description: String {
        switch self {
        case .malformed: return "expected WIDTHxHEIGHT in whole pixels, e.g. 1280x720"
        case .outOfRange: return "width and height must each be 1…\(PixelSize.maximumSide) pixels"
        }
    }
}
