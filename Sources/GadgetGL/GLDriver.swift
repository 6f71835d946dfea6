import CGLES2

/// What the current GL context says of itself (glGetString): for log lines and for choosing a
/// path by extension. Each is nil without a current context. Thread: the render thread.
public enum GLDriver {
    public static var vendor: String? { string(GL_VENDOR) }
    public static var renderer: String? { string(GL_RENDERER) }
    public static var version: String? { string(GL_VERSION) }
    /// Space-separated extension names.
    public static var extensions: String? { string(GL_EXTENSIONS) }

    /// Whether `Texture.replace(rows:rowLength:)` may be given a row length: GL_UNPACK_ROW_LENGTH
    /// is core in GLES 3 and GL_EXT_unpack_subimage on GLES 2 (llvmpipe and V3D both have it).
    public static var takesUnpackRowLength: Bool {
        (version ?? "").hasPrefix("OpenGL ES 3") || (extensions ?? "").split(separator: " ").contains("GL_EXT_unpack_subimage")
    }

    /// Whether a texture may hold and be given B,G,R,A bytes (`Texture.Format.bgra`):
    /// GL_EXT_texture_format_BGRA8888 (llvmpipe, V3D and most GLES2 drivers have it). A web page's
    /// frames (wl_shm's ARGB8888) upload without a copy where it exists.
    public static var takesBGRA: Bool {
        (extensions ?? "").split(separator: " ").contains("GL_EXT_texture_format_BGRA8888")
    }

    private static func string(_ name: Int32) -> String? {
        glGetString(GLenum(name)).map { String(cString: $0) }
    }
}
