/// A printf-like format for one value, as a binding's `{SOURCE:POINTER|FORMAT}` gives it: literal
/// text around exactly one conversion (`%.1f °C`, `%+d`, `0x%04x`), `%%` for a percent sign.
/// Conversions: `d i u x X o` (integers), `f F e E g G` (floating point), `s` (a string, or a
/// number in its shortest form); flags `- + space 0 #`, a width and a precision; C's length
/// modifiers (`l ll h hh L j z t`) are accepted and mean nothing (every number is a double).
/// Rendered in pure Swift to give glibc's bytes (see `DecimalExpansion`); tested against a table
/// generated with the C library.
public struct PrintfFormat: Sendable, Hashable {
    public enum Conversion: Character, Sendable, Hashable {
        case d = "d", i = "i", u = "u", x = "x", upperX = "X", o = "o"
        case f = "f", upperF = "F", e = "e", upperE = "E", g = "g", upperG = "G"
        case s = "s"
        var isInteger: Bool { [.d, .i, .u, .x, .upperX, .o].contains(self) }
    }

    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let left = Flags(rawValue: 1)
        public static let plus = Flags(rawValue: 2)
        public static let space = Flags(rawValue: 4)
        public static let zero = Flags(rawValue: 8)
        public static let alternate = Flags(rawValue: 16)
    }

    public var prefix: String
    public var suffix: String
    public var flags: Flags
    public var width: Int
    public var precision: Int?
    public var conversion: Conversion

    /// Widths and precisions above this are refused: a board has no use for them, and they would
    /// let one template allocate without bound.
    public static let maximumWidth = 512

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case noConversion
        case moreThanOneConversion
        case unknownConversion(Character)
        case incomplete
        case starWidth
        case tooWide
        public var description: String {
            switch self {
            case .noConversion: return "format has no conversion (e.g. %d, %.1f, %s)"
            case .moreThanOneConversion: return "format has more than one conversion (write %% for a percent sign)"
            case .unknownConversion(let c): return "unknown conversion %\(c) (known: d i u x X o f F e E g G s)"
            case .incomplete: return "format ends inside a conversion"
            case .starWidth: return "* widths and precisions are not supported"
            case .tooWide: return "width or precision above \(PrintfFormat.maximumWidth)"
            }
        }
    }

    public static func parse(_ text: String) -> Result<PrintfFormat, Failure> {
        let chars = Array(text)
        var prefix = "", suffix = ""
        var found: (Flags, Int, Int?, Conversion)?
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "%" else {
                if found == nil { prefix.append(c) } else { suffix.append(c) }
                i += 1
                continue
            }
            i += 1
            guard i < chars.count else { return .failure(.incomplete) }
            if chars[i] == "%" {
                if found == nil { prefix.append("%") } else { suffix.append("%") }
                i += 1
                continue
            }
            if found != nil { return .failure(.moreThanOneConversion) }
            var flags: Flags = []
            while i < chars.count, let f = flagFor(chars[i]) { flags.insert(f); i += 1 }
            var width = 0
            while i < chars.count, let d = chars[i].wholeNumberValue, chars[i].isASCII {
                width = width * 10 + d
                if width > maximumWidth { return .failure(.tooWide) }
                i += 1
            }
            var precision: Int?
            if i < chars.count, chars[i] == "." {
                i += 1
                var p = 0
                while i < chars.count, let d = chars[i].wholeNumberValue, chars[i].isASCII {
                    p = p * 10 + d
                    if p > maximumWidth { return .failure(.tooWide) }
                    i += 1
                }
                precision = p
            }
            if i < chars.count, chars[i] == "*" { return .failure(.starWidth) }
            while i < chars.count, "lhLjzt".contains(chars[i]) { i += 1 }
            guard i < chars.count else { return .failure(.incomplete) }
            guard let conversion = Conversion(rawValue: chars[i]) else { return .failure(.unknownConversion(chars[i])) }
            found = (flags, width, precision, conversion)
            i += 1
        }
        guard let (flags, width, precision, conversion) = found else { return .failure(.noConversion) }
        return .success(PrintfFormat(prefix: prefix, suffix: suffix, flags: flags, width: width, precision: precision, conversion: conversion))
    }

    private static func flagFor(_ c: Character) -> Flags? {
        switch c {
        case "-": return .left
        case "+": return .plus
        case " ": return .space
        case "0": return .zero
        case "#": return .alternate
        default: return nil
        }
    }
}
