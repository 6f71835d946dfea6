import CGBM
import GadgetSystem
import SystemPackage

/// A GBM surface: the buffers EGL renders into and KMS scans out. Keeps its device alive.
/// Thread: render thread.
final class GBMSurface {
    let handle: OpaquePointer
    let device: GBMDevice
    let width: Int
    let height: Int
    /// The DRM fourcc the buffers have (XRGB8888 unless only ARGB8888 works).
    let format: UInt32

    /// Tries `formats` in order (XRGB8888 first: scanout ignores alpha and every display
    /// controller takes it; ARGB8888 for drivers whose EGL configs only offer alpha).
    init(device: GBMDevice, width: Int, height: Int, formats: [UInt32] = [Fourcc.xrgb8888, Fourcc.argb8888]) throws(DisplayError) {
        var lastErrno = Errno.invalidArgument
        for f in formats {
            if let h = gbm_surface_create(device.handle, UInt32(width), UInt32(height), f,
                                          GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue) {
                handle = h; self.device = device; self.width = width; self.height = height; format = f
                return
            }
            lastErrno = SystemCall.lastErrno
        }
        throw .system(SystemError("gbm_surface_create", "\(width)x\(height) \(formats.map(Fourcc.name).joined(separator: "/"))", errno: lastErrno))
    }

    deinit { gbm_surface_destroy(handle) }

    /// Takes the buffer EGL just finished (after eglSwapBuffers) and makes sure it has a DRM
    /// framebuffer id. The buffer stays locked until `release`.
    func lockFront() throws(DisplayError) -> ScanoutBuffer {
        guard let bo = gbm_surface_lock_front_buffer(handle) else { throw .lastCall("gbm_surface_lock_front_buffer") }
        do {
            return ScanoutBuffer(bo: bo, framebuffer: try ScanoutBuffer.framebuffer(for: bo, drm: device.drm))
        } catch {
            gbm_surface_release_buffer(handle, bo)
            throw error
        }
    }

    /// Gives a buffer back to the surface for rendering (after the next flip replaced it on screen).
    func release(_ buffer: ScanoutBuffer) {
        gbm_surface_release_buffer(handle, buffer.bo)
    }
}
