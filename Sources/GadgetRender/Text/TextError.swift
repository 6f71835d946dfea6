/// Why text could not be laid out or drawn: one line naming the library call or the font.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// A FreeType call returned an error code (FT_Err_*).
    case freetype(call: String, code: Int32)
    /// A HarfBuzz, fontconfig or FriBidi call failed (these report no code).
    case library(call: String)
    /// The family is not installed (fontconfig would silently substitute another).
    case fontNotInstalled(family: String)
    case fontFileUnreadable(path: String)
    case invalidSize(Double)
    /// The box or the line height is not finite, not positive, or larger than a texture can be.
    case invalidBox(String)

    public var description: String {
        switch self {
        case .freetype(let call, let code): return "\(call) failed (FreeType error \(code))"
        case .library(let call): return "\(call) failed"
        case .fontNotInstalled(let family): return "font \"\(family)\" is not installed"
        case .fontFileUnreadable(let path): return "\(path): not a readable font file"
        case .invalidSize(let size): return "text size \(size) is not a positive pixel size"
        case .invalidBox(let why): return why
        }
    }
}
