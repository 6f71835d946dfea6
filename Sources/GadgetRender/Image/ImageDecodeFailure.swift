/// Why a board image did not decode: one line, printed after the file's name
/// (`board.json: gadgets[2].image: photo.jpg: corrupt or truncated JPEG (…)`).
public enum ImageDecodeFailure: Error, Equatable, CustomStringConvertible {
    /// The first bytes are none of the formats we read.
    case unknownFormat
    /// The header claims a size over `ImageDecodeLimits` (a decompression bomb).
    case tooLarge(String)
    case corrupt(format: String, reason: String)
    case png(PNGCodec.Failure)

    public var description: String {
        switch self {
        case .unknownFormat: return "not a PNG, JPEG or WebP file"
        case .tooLarge(let why): return why
        case .corrupt(let format, let reason): return "corrupt or truncated \(format) (\(reason))"
        case .png(let f): return f.description
        }
    }
}
