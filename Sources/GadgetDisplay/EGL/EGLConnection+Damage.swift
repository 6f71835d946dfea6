import CEGL
import GadgetCore

/// Buffer age and damage hints on a window surface (see `EGLDamageSupport`). Each is a no-op or
/// a plain answer where the display lacks the extension. Thread: the render thread, with the
/// context current on `surface`.
extension EGLConnection {
    /// How many frames old the back buffer of `surface` is (EGL_BUFFER_AGE_EXT): 0 when unknown,
    /// when the display cannot say, or when the query fails. EGL_KHR_partial_update wants it asked
    /// once per frame, before `setDamageRegion`.
    public func bufferAge(of surface: EGLSurface) -> Int {
        guard damage.bufferAge else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(display, surface, EGL_BUFFER_AGE_EXT, &age) != 0, age > 0 else { return 0 }
        return Int(age)
    }

    /// Tells the driver which part of `surface` this frame draws (EGL_KHR_partial_update), after
    /// `bufferAge(of:)` and before drawing. `rects`: x, y, width, height each, bottom-left origin
    /// (`EGLDamageRectangles`). Returns false when nothing was told (no extension, no rectangles,
    /// or the driver refused): then the whole surface counts as damaged, which is always correct.
    public func setDamageRegion(_ surface: EGLSurface, rects: [Int32]) -> Bool {
        guard let set = damage.setDamageRegion, !rects.isEmpty else { return false }
        var flat = rects
        return flat.withUnsafeMutableBufferPointer { set(display, surface, $0.baseAddress, EGLint($0.count / 4)) } != 0
    }

    /// eglSwapBuffers, telling the display which rectangles changed (bottom-left origin, as
    /// `setDamageRegion`) where it takes them (EGL_KHR/EXT_swap_buffers_with_damage); nil, no
    /// rectangles, or a display without the extension: a plain swap of the whole surface.
    public func swapBuffers(_ surface: EGLSurface, damage rects: [Int32]?) throws(DisplayError) {
        guard let rects, !rects.isEmpty, let swap = damage.swapWithDamage else { return try swapBuffers(surface) }
        let ok = rects.withUnsafeBufferPointer { swap(display, surface, $0.baseAddress, EGLint($0.count / 4)) }
        guard ok != 0 else { throw .egl(damage.swapWithDamageName, eglGetError()) }
    }
}
