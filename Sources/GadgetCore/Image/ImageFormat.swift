/// The image file formats a board may name, told apart by their first bytes (never by the file's
/// name: a camera's `IMG_0001.JPG` renamed `photo.png` still decodes).
public enum ImageFormat: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"

    /// The format whose signature `bytes` start with, or nil.
    /// PNG: the 8-byte signature (PNG 1.2 §3.1). JPEG: SOI then any marker, FF D8 FF (ITU T.81
    /// B.1.1.3). WebP: "RIFF", a 4-byte size, "WEBP" (RFC 9649 §2.5).
    public static func detect(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }
}
