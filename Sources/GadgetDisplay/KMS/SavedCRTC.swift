import CDRM
import GadgetSystem

/// The CRTC as it was before the kiosk took it (usually the text console's framebuffer), put
/// back on exit with the legacy SetCrtc, which works on atomic drivers too and is what Weston
/// and kmscube use for this.
struct SavedCRTC {
    let state: DRMCRTCInfo
    /// The connector the CRTC drove, if it was on.
    let connector: ConnectorID?

    /// Restores the saved framebuffer, position and mode, or turns the CRTC off if it was off.
    func restore(on drm: DRMDevice) throws(DisplayError) {
        if let mode = state.mode, let fb = state.framebuffer {
            var info = mode.info
            var connectors = connector.map { [$0.rawValue] } ?? []
            let ret = drmModeSetCrtc(drm.fd, state.id.rawValue, fb.rawValue, UInt32(state.x), UInt32(state.y),
                                     &connectors, Int32(connectors.count), &info)
            try DisplayError.check("drmModeSetCrtc", "restore \(state.id)", ret)
        } else {
            let ret = drmModeSetCrtc(drm.fd, state.id.rawValue, 0, 0, 0, nil, 0, nil)
            try DisplayError.check("drmModeSetCrtc", "disable \(state.id)", ret)
        }
    }
}
