import CEGL
import CGLES2

extension EGLExportDisplay {
    /// A surfaceless GLES2 context (EGL_KHR_surfaceless_context, EGL_KHR_no_config_context) to
    /// read an EGLImage back through a framebuffer: the fallback when the kiosk cannot take
    /// dma-buf frames. WebKit's UI side makes no GL context on this thread, so ours stays current.
    struct Readback {
        let context: EGLContext
        let target: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC

        static func make(display: EGLDisplay, extensions: Set<String>) -> Result<Readback, EGLExportError> {
            for needed in ["EGL_KHR_surfaceless_context", "EGL_KHR_no_config_context"] where !extensions.contains(needed) {
                return .failure(.missing(needed))
            }
            guard let t = eglGetProcAddress("glEGLImageTargetTexture2DOES") else { return .failure(.missing("glEGLImageTargetTexture2DOES")) }
            guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { return .failure(.call("eglBindAPI", eglGetError())) }
            let attributes: [EGLint] = [EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE]
            guard let context = eglCreateContext(display, nil, nil, attributes) else {
                return .failure(.call("eglCreateContext", eglGetError()))
            }
            guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
                let code = eglGetError()
                eglDestroyContext(display, context)
                return .failure(.call("eglMakeCurrent", code))
            }
            return .success(Readback(context: context, target: unsafeBitCast(t, to: PFNGLEGLIMAGETARGETTEXTURE2DOESPROC.self)))
        }

        func read(_ image: UnsafeMutableRawPointer, width: Int, height: Int, into destination: UnsafeMutableRawPointer) -> Result<Void, EGLExportError> {
            var texture: GLuint = 0, framebuffer: GLuint = 0
            glGenTextures(1, &texture)
            glGenFramebuffers(1, &framebuffer)
            defer {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
                glDeleteFramebuffers(1, &framebuffer)
                glDeleteTextures(1, &texture)
            }
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            target(GLenum(GL_TEXTURE_2D), image)
            if case let e = glGetError(), e != GLenum(GL_NO_ERROR) { return .failure(.gl("glEGLImageTargetTexture2DOES", e)) }
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
            let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
            guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { return .failure(.gl("glCheckFramebufferStatus", status)) }
            glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
            // GL_RGBA is the one read format every GLES2 takes; the slot wants B,G,R,A, so the
            // red and blue bytes swap after. Row 0 is the buffer's first row: the page's top.
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), destination)
            if case let e = glGetError(), e != GLenum(GL_NO_ERROR) { return .failure(.gl("glReadPixels", e)) }
            let bytes = destination.assumingMemoryBound(to: UInt8.self)
            for i in stride(from: 0, to: width * height * 4, by: 4) { (bytes[i], bytes[i + 2]) = (bytes[i + 2], bytes[i]) }
            return .success(())
        }
    }
}
