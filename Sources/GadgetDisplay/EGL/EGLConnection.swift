import CEGL
import GadgetCore
import GadgetGL
import Synchronization

/// EGL hands out one EGLDisplay per native display and eglTerminate destroys every context on it,
/// so several connections in one process (parallel tests; a snapshot during a run) must share
/// the display and terminate it only when the last one goes.
private let displayUsers = Mutex<[UInt: Int]>([:])

/// Owns an EGL display, a chosen config and a GLES2 context.
///
/// Two platforms: Mesa's surfaceless platform (no device at all: llvmpipe renders into an FBO —
/// tests, CI, screenshots, benchmarks) and the GBM platform (KMS: window surfaces from a
/// `gbm_surface`). Thread: create, use and release on the render thread.
public final class EGLConnection {
    public enum Platform {
        case surfaceless
        /// `gbmDevice` is a `struct gbm_device *`; `visualID` the GBM format the surface uses.
        case gbm(gbmDevice: UnsafeMutableRawPointer, visualID: Int32)
    }

    public let display: EGLDisplay
    public let config: EGLConfig
    public let context: EGLContext
    /// `EGL_VENDOR` and `GL_RENDERER`-style description for logs.
    public let vendor: String
    /// Buffer age and damage hints, as far as the display offers them.
    public let damage: EGLDamageSupport

    public init(platform: Platform) throws(DisplayError) {
        let platformEnum: EGLenum
        let native: UnsafeMutableRawPointer?
        switch platform {
        case .surfaceless: platformEnum = EGLenum(EGL_PLATFORM_SURFACELESS_MESA); native = nil
        case .gbm(let device, _): platformEnum = EGLenum(EGL_PLATFORM_GBM_KHR); native = device
        }
        guard let dpy = EGLConnection.platformDisplay(platformEnum, native) else {
            throw .egl("eglGetPlatformDisplayEXT", eglGetError())
        }
        let key = UInt(bitPattern: dpy)
        let initialized = displayUsers.withLock { users -> Bool in
            if users[key, default: 0] > 0 { users[key, default: 0] += 1; return true }
            var ma: EGLint = 0, mi: EGLint = 0
            guard eglInitialize(dpy, &ma, &mi) != 0 else { return false }
            users[key] = 1
            return true
        }
        guard initialized else {
            let e = eglGetError()
            if case .surfaceless = platform {
                throw .unavailable("egl: eglInitialize on the surfaceless platform failed (\(EGLErrorName.name(e))): install Mesa's EGL (libegl-mesa0, libgl1-mesa-dri)")
            }
            throw .egl("eglInitialize", e)
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) != 0 else { EGLConnection.release(dpy); throw .egl("eglBindAPI", eglGetError()) }

        let surfaceBit: EGLint
        switch platform {
        case .surfaceless: surfaceBit = EGL_PBUFFER_BIT
        case .gbm: surfaceBit = EGL_WINDOW_BIT
        }
        let attributes: [EGLint] = [
            EGL_SURFACE_TYPE, surfaceBit,
            EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
            EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0,
            EGL_NONE,
        ]
        var count: EGLint = 0
        guard eglChooseConfig(dpy, attributes, nil, 0, &count) != 0, count > 0 else {
            EGLConnection.release(dpy); throw .egl("eglChooseConfig", eglGetError())
        }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(dpy, attributes, &configs, count, &count) != 0 else {
            EGLConnection.release(dpy); throw .egl("eglChooseConfig", eglGetError())
        }
        // On GBM the config's native visual must equal the surface's GBM format, or
        // eglCreateWindowSurface fails with EGL_BAD_MATCH (kmscube's `match_config_to_visual`).
        var chosen: EGLConfig? = configs.first ?? nil
        if case .gbm(_, let visual) = platform {
            chosen = configs.first { c in
                var id: EGLint = 0
                return c != nil && eglGetConfigAttrib(dpy, c, EGL_NATIVE_VISUAL_ID, &id) != 0 && id == visual
            } ?? nil
        }
        guard let config = chosen else {
            EGLConnection.release(dpy); throw .unavailable("egl: no EGL config matches the display's pixel format")
        }
        let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
        guard let ctx = eglCreateContext(dpy, config, nil, contextAttributes) else {
            EGLConnection.release(dpy); throw .egl("eglCreateContext", eglGetError())
        }
        display = dpy
        self.config = config
        context = ctx
        vendor = eglQueryString(dpy, EGL_VENDOR).map { String(cString: $0) } ?? "unknown"
        damage = EGLDamageSupport(display: dpy)
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        EGLConnection.release(display)
    }

    /// Drops one user of `dpy`; the last one terminates it.
    private static func release(_ dpy: EGLDisplay) {
        let key = UInt(bitPattern: dpy)
        let last = displayUsers.withLock { users -> Bool in
            let n = users[key, default: 1] - 1
            users[key] = n > 0 ? n : nil
            return n <= 0
        }
        if last { eglTerminate(dpy) }
    }

    /// Makes the context current on `surface` (nil: surfaceless, needs EGL_KHR_surfaceless_context).
    public func makeCurrent(_ surface: EGLSurface?) throws(DisplayError) {
        guard eglMakeCurrent(display, surface, surface, context) != 0 else { throw .egl("eglMakeCurrent", eglGetError()) }
    }

    /// A window surface on a native window (a `gbm_surface *` on the GBM platform).
    public func createWindowSurface(_ native: UnsafeMutableRawPointer) throws(DisplayError) -> EGLSurface {
        guard let s = eglCreateWindowSurface(display, config, EGLNativeWindowType(UInt(bitPattern: native)), nil) else {
            throw .egl("eglCreateWindowSurface", eglGetError())
        }
        return s
    }

    public func swapBuffers(_ surface: EGLSurface) throws(DisplayError) {
        guard eglSwapBuffers(display, surface) != 0 else { throw .egl("eglSwapBuffers", eglGetError()) }
    }

    public func destroySurface(_ surface: EGLSurface) {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroySurface(display, surface)
    }

    /// Sets the swap interval of the current surface (1: wait for vblank).
    public func setSwapInterval(_ n: Int32) { eglSwapInterval(display, n) }

    private typealias GetPlatformDisplayEXT = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?

    /// `eglGetPlatformDisplayEXT` is an extension entry point: look it up at run time (the
    /// libEGL dispatcher may not export it), falling back to EGL 1.5's core function.
    private static func platformDisplay(_ platform: EGLenum, _ native: UnsafeMutableRawPointer?) -> EGLDisplay? {
        if let p = eglGetProcAddress("eglGetPlatformDisplayEXT") {
            let f = unsafeBitCast(p, to: GetPlatformDisplayEXT.self)
            if let d = f(platform, native, nil) { return d }
        }
        return eglGetPlatformDisplay(platform, native, nil)
    }
}
