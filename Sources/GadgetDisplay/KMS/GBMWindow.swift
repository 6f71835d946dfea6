import CEGL
import GadgetGL

/// The shared EGL owner (`EGLConnection`, GBM platform) with a window surface on a GBM surface:
/// what KMSDisplay renders into. Keeps the GBM surface (and through it the GBM device and the
/// card) alive until EGL is done with them. Thread: render thread.
final class GBMWindow {
    /// Optional only so deinit can end EGL before the GBM surface and device are destroyed.
    private var connection: EGLConnection?
    let surface: EGLSurface
    let gbmSurface: GBMSurface
    /// What the display offers for partial redraws (logged once at start by KMSDisplay).
    let damage: EGLDamageSupport

    init(gbmSurface: GBMSurface) throws(DisplayError) {
        self.gbmSurface = gbmSurface
        // The config's EGL_NATIVE_VISUAL_ID must be the surface's GBM format (else EGL_BAD_MATCH).
        let egl = try EGLConnection(platform: .gbm(gbmDevice: UnsafeMutableRawPointer(gbmSurface.device.handle),
                                                   visualID: Int32(bitPattern: gbmSurface.format)))
        surface = try egl.createWindowSurface(UnsafeMutableRawPointer(gbmSurface.handle))
        damage = egl.damage
        connection = egl
    }

    deinit {
        connection?.destroySurface(surface)
        connection = nil
    }

    private var egl: EGLConnection {
        get throws(DisplayError) {
            guard let connection else { throw .unavailable("the KMS window is closed") }
            return connection
        }
    }

    func makeCurrent() throws(DisplayError) { try egl.makeCurrent(surface) }

    func swapBuffers() throws(DisplayError) { try egl.swapBuffers(surface) }

    /// `rects`: EGL's flat bottom-left rectangles (`EGLDamageRectangles`); nil: the whole surface.
    func swapBuffers(damage rects: [Int32]?) throws(DisplayError) { try egl.swapBuffers(surface, damage: rects) }

    /// The back buffer's age (0: unknown); needs the context current on this window.
    func bufferAge() -> Int { connection?.bufferAge(of: surface) ?? 0 }

    /// False when the driver was told nothing (see `EGLConnection.setDamageRegion`).
    func setDamageRegion(_ rects: [Int32]) -> Bool { connection?.setDamageRegion(surface, rects: rects) ?? false }

    /// "Mesa/X.org llvmpipe (LLVM 15.0.6, 256 bits)" (needs the context current).
    var rendererName: String {
        "\(GLDriver.vendor ?? "?") \(GLDriver.renderer ?? "?")"
    }
}
