import CEGL
import CGLES2

/// EGL (OpenGL ES 2) on a GBM surface: the display from `eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR)`,
/// a config whose native visual is the surface's DRM format, a GLES2 context and a window
/// surface on the `gbm_surface`. Keeps the GBM surface alive.
///
/// Interim: the shared EGL owner (Sources/GadgetDisplay/EGL/) replaces this when it lands.
/// Thread: render thread; the context is current on the thread that called `makeCurrent`.
final class GBMEGL {
    let display: EGLDisplay
    let config: EGLConfig
    let context: EGLContext
    let surface: EGLSurface
    let gbmSurface: GBMSurface

    init(gbmSurface: GBMSurface) throws(DisplayError) {
        self.gbmSurface = gbmSurface
        let native = UnsafeMutableRawPointer(gbmSurface.device.handle)
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), native, nil) else {
            throw .call("eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR)", eglGetError())
        }
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw .call("eglInitialize", eglGetError()) }
        do throws(DisplayError) {
            guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw DisplayError.call("eglBindAPI", eglGetError()) }
            let config = try GBMEGL.chooseConfig(display: display, format: gbmSurface.format)
            let contextAttributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
            guard let context = eglCreateContext(display, config, nil, contextAttributes) else {
                throw DisplayError.call("eglCreateContext", eglGetError())
            }
            guard let surface = eglCreatePlatformWindowSurface(display, config, UnsafeMutableRawPointer(gbmSurface.handle), nil) else {
                let code = eglGetError()
                eglDestroyContext(display, context)
                throw DisplayError.call("eglCreatePlatformWindowSurface", code)
            }
            self.display = display; self.config = config; self.context = context; self.surface = surface
        } catch {
            eglTerminate(display)
            throw error
        }
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroySurface(display, surface)
        eglDestroyContext(display, context)
        eglTerminate(display)
    }

    /// An RGB888 window config for GLES2 whose EGL_NATIVE_VISUAL_ID is the GBM format: Mesa lists
    /// configs for several formats and the first match is not necessarily ours.
    static func chooseConfig(display: EGLDisplay, format: UInt32) throws(DisplayError) -> EGLConfig {
        let attributes: [EGLint] = [EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                                    EGL_ALPHA_SIZE, 0, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE]
        var count: EGLint = 0
        guard eglChooseConfig(display, attributes, nil, 0, &count) == EGL_TRUE, count > 0 else {
            throw .call("eglChooseConfig", eglGetError())
        }
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        guard eglChooseConfig(display, attributes, &configs, count, &count) == EGL_TRUE else { throw .call("eglChooseConfig", eglGetError()) }
        for case let config? in configs.prefix(Int(count)) {
            var visual: EGLint = 0
            if eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visual) == EGL_TRUE, UInt32(bitPattern: visual) == format {
                return config
            }
        }
        throw .unavailable("egl: no EGL config matches the GBM format \(Fourcc.name(format)) (eglChooseConfig returned \(count) configs)")
    }

    func makeCurrent() throws(DisplayError) {
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else { throw .call("eglMakeCurrent", eglGetError()) }
    }

    func swapBuffers() throws(DisplayError) {
        guard eglSwapBuffers(display, surface) == EGL_TRUE else { throw .call("eglSwapBuffers", eglGetError()) }
    }

    /// "Mesa/X.org llvmpipe (LLVM 15.0.6, 256 bits)" (needs the context current).
    var rendererName: String {
        let vendor = glGetString(GLenum(GL_VENDOR)).map { String(cString: $0) } ?? "?"
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "?"
        return "\(vendor) \(renderer)"
    }
}
