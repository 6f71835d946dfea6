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
        case .egl(let name, let code): self = .egl(name, code)
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
