import GadgetGL
import GadgetSystem

/// Errors a display meets, each naming what failed.
public enum DisplayError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A system or libdrm/GBM/udev call failed; printed as the `SystemError` reads
    /// (`drmModeAtomicCommit failed: Device or resource busy (EBUSY)`).
    case system(SystemError)
    /// An EGL call failed with this `eglGetError()` code (not an errno).
    case egl(String, Int32)
    /// A GL call failed with this `glGetError()` (or framebuffer status) code (not an errno).
    case gl(String, UInt32)
    /// Something is missing or unusable, said in a sentence for the user.
    case unavailable(String)
    /// No display is connected (yet), said in a sentence. Distinct from `unavailable` because the
    /// right response differs: a kiosk that starts before its panel is plugged in waits and retries.
    case noConnectedDisplay(String)

    public var description: String {
        switch self {
        case .system(let failure): return failure.description
        case .egl(let name, let code): return "\(name) failed (\(EGLErrorName.name(code)))"
        case .gl(let name, let code): return "\(name) failed (GL error 0x\(String(code, radix: 16)))"
        case .unavailable(let why): return why
        case .noConnectedDisplay(let why): return why
        }
    }

    /// A GadgetGL failure as a display error, worded as before GL moved into its own module
    /// (`glReadPixels failed (GL error 0x502)`, `glCheckFramebufferStatus failed (…)`).
    init(_ error: GLError) {
        switch error {
        case .call(let name, let code): self = .gl(name, code)
        case .framebufferIncomplete(let status): self = .gl("glCheckFramebufferStatus", status)
        case .shader, .link, .capacity: self = .unavailable(error.description)
        }
    }

    /// A C call that reports failure by its return value alone (NULL from drmModeGet*, gbm_*,
    /// udev_new) just failed: its errno, read through `SystemCall`, the one place errno is read.
    static func lastCall(_ call: String, _ subject: String? = nil) -> DisplayError {
        .system(SystemError(call, subject, errno: SystemCall.lastErrno))
    }

    /// Checks a libdrm/libudev result (0 or more on success; -1 with errno, or -errno, on failure)
    /// through `SystemCall.negativeErrno`.
    static func check(_ call: String, _ subject: @autoclosure () -> String? = nil, _ result: Int32) throws(DisplayError) {
        do { try SystemCall.negativeErrno(call, subject(), result) } catch { throw .system(error) }
    }

    /// Runs calls that throw `SystemError` (GadgetSystem's wrappers) in a display function.
    static func wrapping<T>(_ body: () throws(SystemError) -> T) throws(DisplayError) -> T {
        do { return try body() } catch { throw .system(error) }
    }
}

/// EGL error codes by name (EGL 1.5 table 3.x); kept here so messages need no EGL import.
enum EGLErrorName {
    static func name(_ code: Int32) -> String {
        let names: [Int32: String] = [
            0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS", 0x3003: "EGL_BAD_ALLOC",
            0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG", 0x3006: "EGL_BAD_CONTEXT", 0x3007: "EGL_BAD_CURRENT_SURFACE",
            0x3008: "EGL_BAD_DISPLAY", 0x3009: "EGL_BAD_MATCH", 0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW",
            0x300C: "EGL_BAD_PARAMETER", 0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
        ]
        return names[code] ?? "0x" + String(code, radix: 16)
    }
}
