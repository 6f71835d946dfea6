import CGLES2

/// A GLES2 failure naming the call (or stage) and the GL error or log; or a failed EGL call of
/// this layer (dma-buf import), with its `eglGetError()` code.
public enum GLError: Error, Sendable, CustomStringConvertible, Equatable {
    case call(String, UInt32)
    case egl(String, Int32)
    case shader(stage: String, log: String)
    case link(log: String)
    case framebufferIncomplete(UInt32)
    case capacity(String)

    public var description: String {
        switch self {
        case .call(let name, let code): return "\(name) failed (GL error 0x\(String(code, radix: 16)))"
        case .egl(let name, let code): return "\(name) failed (\(EGLErrorName.name(code)))"
        case .shader(let stage, let log): return "\(stage) shader failed to compile: \(log)"
        case .link(let log): return "shader program failed to link: \(log)"
        case .framebufferIncomplete(let s): return "framebuffer incomplete (status 0x\(String(s, radix: 16)))"
        case .capacity(let why): return why
        }
    }

    /// Throws the first pending GL error (draining the rest), naming `call`.
    /// Used at a few boundaries (texture upload, end of frame), sokol-style, not after every call.
    public static func check(_ call: String) throws(GLError) {
        let first = glGetError()
        guard first != GLenum(GL_NO_ERROR) else { return }
        var n = 0
        while glGetError() != GLenum(GL_NO_ERROR), n < 16 { n += 1 }
        throw .call(call, first)
    }
}
