import CFreeType

/// Owns an `FT_Library`. Faces keep their library alive; FreeType objects are not thread-safe, so
/// a library and its faces stay on one thread.
public final class FreeTypeLibrary {
    let handle: FT_Library

    public init() throws(TextError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freetype(call: "FT_Init_FreeType", code: error) }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}
