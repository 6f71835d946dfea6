import GadgetSystem

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
    static func failure(_ failure: SystemError, path: String) -> DisplayError {
        if failure.errno == .permissionDenied || failure.errno == .notPermitted {
            return .unavailable(KMSProblem.otherMaster(path: path, failure: failure).message)
        }
        return .system(failure)
    }

    /// Runs a libdrm modeset or flip call (0 or a negative errno), mapping its failure as
    /// `failure(_:path:)` does.
    static func commit(_ call: String, _ subject: String? = nil, path: String, _ result: Int32) throws(DisplayError) {
        do { try SystemCall.negativeErrno(call, subject, result) } catch { throw failure(error, path: path) }
    }
}
