/// How the web helper hands its frames to the kiosk (issue 40 §2): dma-buf where EGL allows,
/// shared memory everywhere else.
public enum WebFrameExport: String, Sendable, Equatable {
    /// WebKit's buffers as EGLImages, exported as dma-buf fds (EGL_MESA_image_dma_buf_export):
    /// no copy in the helper, none in the kiosk.
    case dmabuf
    /// WebKit's frames copied into memfd slots (`WebFrameSlotRing`): works on any GL.
    case sharedMemory
}

/// The helper's choice between the two, made once at start because WPEBackend-fdo is set up
/// once per process (`wpe_fdo_initialize_for_egl_display` or `wpe_fdo_initialize_shm`, one
/// singleton). Pure: the helper gives what it found and logs the line, if any.
public enum WebFrameExportChoice {
    /// What the helper's EGL display must offer to export WebKit's buffers as dma-bufs: EGLImages
    /// (WPEBackend-fdo makes one per buffer) and Mesa's export of an EGLImage to fds.
    public static let required = ["EGL_KHR_image_base", "EGL_MESA_image_dma_buf_export"]
    /// And one way for WPEBackend-fdo to turn the web process's GPU buffers into EGLImages
    /// (ws-egl.cpp): wl_drm buffers, or linux-dmabuf (advertised only with both import extensions).
    /// Without either, Mesa in the web process falls back to wl_shm buffers and nothing is exported.
    public static let bindWayland = "EGL_WL_bind_wayland_display"
    public static let dmabufImport = ["EGL_EXT_image_dma_buf_import", "EGL_EXT_image_dma_buf_import_modifiers"]

    /// `eglExtensions`: the display's EGL_EXTENSIONS, or nil when there is no GPU to ask (no
    /// /dev/dri render node: WebKit draws in software and its frames are memory anyway, so the
    /// helper does not load EGL and says nothing). `line`: one line for the log when a GPU is
    /// there but cannot export, so whoever wonders why a page costs a copy finds the reason.
    public static func choose(eglExtensions: Set<String>?) -> (export: WebFrameExport, line: String?) {
        guard let have = eglExtensions else { return (.sharedMemory, nil) }
        let missing = required.filter { !have.contains($0) }
        if !missing.isEmpty {
            return (.sharedMemory, "EGL lacks \(missing.joined(separator: " and ")): page frames go through shared memory (one copy)")
        }
        if !have.contains(bindWayland) && !dmabufImport.allSatisfy(have.contains) {
            return (.sharedMemory, "EGL has neither \(bindWayland) nor \(dmabufImport.joined(separator: " + ")), so WebKit's buffers cannot become EGLImages: page frames go through shared memory (one copy)")
        }
        return (.dmabuf, nil)
    }
}
