import CFontconfig

/// Owns an `FcConfig` with the system's configuration and font list loaded.
final class FontconfigConfig {
    let handle: OpaquePointer

    init() throws(TextError) {
        guard let config = FcInitLoadConfigAndFonts() else { throw .library(call: "FcInitLoadConfigAndFonts") }
        handle = config
    }

    deinit { FcConfigDestroy(handle) }
}
