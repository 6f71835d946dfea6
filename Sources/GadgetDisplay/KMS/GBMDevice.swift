import CGBM

/// A GBM device on an open DRM card. Keeps the card alive (a child keeps its parent alive).
/// Thread: render thread.
final class GBMDevice {
    let handle: OpaquePointer
    let drm: DRMDevice

    init(drm: DRMDevice) throws(DisplayError) {
        guard let h = gbm_create_device(drm.fd) else { throw .lastCall("gbm_create_device", drm.path) }
        handle = h
        self.drm = drm
    }

    deinit { gbm_device_destroy(handle) }

    /// Mesa's backend name ("drm").
    var backendName: String { gbm_device_get_backend_name(handle).map { String(cString: $0) } ?? "unknown" }

    func supports(format: UInt32) -> Bool {
        gbm_device_is_format_supported(handle, format, GBM_BO_USE_SCANOUT.rawValue | GBM_BO_USE_RENDERING.rawValue) != 0
    }
}
