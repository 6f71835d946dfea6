import CEGL

/// What an EGL display offers for redrawing only what changed, and the extension entry points
/// that use it. Drivers differ (Mesa lists the extensions per platform and driver; partial update
/// matters to tilers, which can skip loading what a frame does not touch), so KMSDisplay logs
/// what it found at start and every use is optional: without them every frame is drawn whole.
public struct EGLDamageSupport {
    /// The back buffer's age can be asked: EGL_EXT_buffer_age, or EGL_KHR_partial_update (which
    /// defines EGL_BUFFER_AGE_KHR, the same query with the same value).
    public let bufferAge: Bool
    /// EGL_KHR_partial_update's `eglSetDamageRegionKHR`, nil without the extension.
    let setDamageRegion: SetDamageRegion?
    /// `eglSwapBuffersWithDamageKHR` (EGL_KHR_swap_buffers_with_damage) or its EXT twin, nil
    /// without either.
    let swapWithDamage: SwapWithDamage?
    /// The name of the swap-with-damage entry point in use, for error messages.
    let swapWithDamageName: String

    /// What eglGetProcAddress returns: cast to the entry point's real type before calling.
    typealias ProcAddress = @convention(c) () -> Void
    typealias SetDamageRegion = @convention(c) (EGLDisplay?, EGLSurface?, UnsafeMutablePointer<EGLint>?, EGLint) -> EGLBoolean
    typealias SwapWithDamage = @convention(c) (EGLDisplay?, EGLSurface?, UnsafePointer<EGLint>?, EGLint) -> EGLBoolean

    public var partialUpdate: Bool { setDamageRegion != nil }
    public var swapsWithDamage: Bool { swapWithDamage != nil }

    /// Reads `display`'s extension list and looks up the entry points it names.
    /// Thread: any (the display must be initialized).
    init(display: EGLDisplay) {
        let list = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        self.init(extensions: Set(list.split(separator: " ").map(String.init)), lookUp: { name in eglGetProcAddress(name) })
    }

    /// `lookUp` resolves an entry point's name (eglGetProcAddress). The entry points are asked for
    /// only when their extension is listed: libglvnd's eglGetProcAddress hands out a dispatch stub
    /// for any name, supported or not.
    init(extensions: Set<String>, lookUp: (String) -> ProcAddress?) {
        let partialUpdate = extensions.contains("EGL_KHR_partial_update")
        bufferAge = partialUpdate || extensions.contains("EGL_EXT_buffer_age")
        setDamageRegion = partialUpdate ? lookUp("eglSetDamageRegionKHR").map { unsafeBitCast($0, to: SetDamageRegion.self) } : nil
        var swap: SwapWithDamage?
        var swapName = ""
        for (ext, name) in [("EGL_KHR_swap_buffers_with_damage", "eglSwapBuffersWithDamageKHR"),
                            ("EGL_EXT_swap_buffers_with_damage", "eglSwapBuffersWithDamageEXT")] where swap == nil && extensions.contains(ext) {
            swap = lookUp(name).map { unsafeBitCast($0, to: SwapWithDamage.self) }
            swapName = name
        }
        swapWithDamage = swap
        swapWithDamageName = swapName
    }

    /// `EGL buffer age: yes, partial update: no, swap with damage: yes` (the kms log's start-up line).
    public var description: String {
        func yes(_ b: Bool) -> String { b ? "yes" : "no" }
        return "EGL buffer age: \(yes(bufferAge)), partial update: \(yes(partialUpdate)), swap with damage: \(yes(swapsWithDamage))"
    }
}
