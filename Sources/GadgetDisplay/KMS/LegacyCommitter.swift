import CDRM

/// Legacy modesetting: drmModeSetCrtc once, then drmModePageFlip with DRM_MODE_PAGE_FLIP_EVENT
/// for every frame. For drivers without atomic support and for `--legacy`. (Never SetCrtc per
/// frame: that tears; raylib's PR #4988.) On current Raspberry Pi kernels SetCrtc blocks until
/// vblank (20–30 ms): fine, it happens once.
final class LegacyCommitter: ScanoutCommitter {
    let name = "legacy"
    private let drm: DRMDevice
    private let plan: OutputPlan

    init(drm: DRMDevice, plan: OutputPlan) {
        self.drm = drm; self.plan = plan
    }

    func modeset(_ framebuffer: FramebufferID) throws(DisplayError) -> String {
        var connector = plan.connector.id.rawValue
        var mode = plan.mode.info
        let ret = drmModeSetCrtc(drm.fd, plan.crtc.rawValue, framebuffer.rawValue, 0, 0, &connector, 1, &mode)
        try LegacyCommitter.commit("drmModeSetCrtc", path: drm.path, ret)
        return "drmModeSetCrtc"
    }

    func flip(_ framebuffer: FramebufferID, userData: UInt64) throws(DisplayError) {
        let ret = drmModePageFlip(drm.fd, plan.crtc.rawValue, framebuffer.rawValue, UInt32(DRM_MODE_PAGE_FLIP_EVENT),
                                  UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        try LegacyCommitter.commit("drmModePageFlip", path: drm.path, ret)
    }
}
