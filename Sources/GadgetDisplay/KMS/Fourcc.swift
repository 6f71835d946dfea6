/// DRM/GBM pixel format codes (drm_fourcc.h's fourcc_code is a function-like macro Swift cannot
/// import; GBM_FORMAT_* have the same values).
public enum Fourcc {
    /// The code for four ASCII characters, first character in the low byte.
    public static func code(_ s: String) -> UInt32 {
        s.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }
    /// 32-bit, 8 bits per channel, byte order B G R X in memory (little-endian word XRGB).
    public static let xrgb8888: UInt32 = 0x3432_5258 // "XR24"
    public static let argb8888: UInt32 = 0x3432_5241 // "AR24"
    /// DRM_FORMAT_MOD_INVALID: the buffer has no explicit modifier.
    public static let modifierInvalid: UInt64 = (1 << 56) - 1

    /// "XR24" from a code (for messages and `devices`).
    public static func name(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7f } ? String(decoding: bytes, as: UTF8.self) : "0x" + String(code, radix: 16)
    }
}
