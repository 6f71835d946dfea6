import Glibc

/// How frames reach the CRTC: atomic modesetting or the legacy SetCrtc/PageFlip ioctls, behind
/// one interface (kmscube's drm-atomic.c / drm-legacy.c split; wlroots' commit strategies).
protocol ScanoutCommitter: AnyObject {
    /// "atomic" or "legacy" (for summaries and stats).
    var name: String { get }
    /// Shows `framebuffer` on the plan's CRTC in the plan's mode, now (blocks; no event).
    /// Returns what it did, for the log ("atomic modeset", "drmModeSetCrtc", …).
    func modeset(_ framebuffer: FramebufferID) throws(DisplayError) -> String
    /// Queues a flip to `framebuffer` at the next vblank; the kernel then sends a flip-complete
    /// event carrying `userData`. Never called while a flip is pending.
    func flip(_ framebuffer: FramebufferID, userData: UInt64) throws(DisplayError)
}

extension ScanoutCommitter {
    /// Maps the errors a modeset or flip returns when another process is DRM master (a display
    /// server, or a VT switch away from ours) to the sentence the user needs.
    static func failure(_ call: String, _ code: Int32, path: String) -> DisplayError {
        if code == EACCES || code == EPERM {
            return .unavailable(KMSProblem.otherMaster(path: path, call: call, code: code).message)
        }
        return .call(call, code)
    }
}
