/// EGL error codes by name (EGL 1.5, §3.1 "Errors"), so a failed EGL call reads as
/// `EGL_BAD_MATCH` rather than as a number that looks like a GL error. Kept free of the EGL
/// headers: the display's messages use it too.
public enum EGLErrorName {
    public static func name(_ code: Int32) -> String {
        switch code {
        case 0x3000: return "EGL_SUCCESS"
        case 0x3001: return "EGL_NOT_INITIALIZED"
        case 0x3002: return "EGL_BAD_ACCESS"
        case 0x3003: return "EGL_BAD_ALLOC"
        case 0x3004: return "EGL_BAD_ATTRIBUTE"
        case 0x3005: return "EGL_BAD_CONFIG"
        case 0x3006: return "EGL_BAD_CONTEXT"
        case 0x3007: return "EGL_BAD_CURRENT_SURFACE"
        case 0x3008: return "EGL_BAD_DISPLAY"
        case 0x3009: return "EGL_BAD_MATCH"
        case 0x300A: return "EGL_BAD_NATIVE_PIXMAP"
        case 0x300B: return "EGL_BAD_NATIVE_WINDOW"
        case 0x300C: return "EGL_BAD_PARAMETER"
        case 0x300D: return "EGL_BAD_SURFACE"
        case 0x300E: return "EGL_CONTEXT_LOST"
        default: return "EGL error 0x" + String(code, radix: 16)
        }
    }
}
