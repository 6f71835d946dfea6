import CDRM
import CGBM
import GadgetSystem

/// A GBM buffer locked for scanout and its DRM framebuffer id. The framebuffer is owned by the
/// buffer (GBM user data with a destroy callback, as kmscube and flutter-pi do): it is created
/// the first time the buffer is shown and removed when GBM destroys the buffer, so ids are
/// neither leaked nor re-created every frame.
struct ScanoutBuffer {
    let bo: OpaquePointer
    let framebuffer: FramebufferID

    /// What GBM keeps on each buffer: enough to remove the framebuffer when the buffer dies. It
    /// shares the card's descriptor, so the descriptor outlives every framebuffer on it.
    final class FramebufferOwner {
        let card: OwnedFileDescriptor
        let id: UInt32
        init(card: OwnedFileDescriptor, id: UInt32) { self.card = card; self.id = id }
    }

    /// GBM calls this when it destroys a buffer (surface teardown).
    static let destroyUserData: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        guard let data else { return }
        let owner = Unmanaged<FramebufferOwner>.fromOpaque(data).takeRetainedValue()
        _ = drmModeRmFB(owner.card.raw, owner.id)
    }

    /// The buffer's framebuffer id, adding it on first use.
    static func framebuffer(for bo: OpaquePointer, drm: DRMDevice) throws(DisplayError) -> FramebufferID {
        if let data = gbm_bo_get_user_data(bo) {
            return FramebufferID(Unmanaged<FramebufferOwner>.fromOpaque(data).takeUnretainedValue().id)
        }
        let id = try addFramebuffer(bo: bo, fd: drm.fd)
        let owner = Unmanaged.passRetained(FramebufferOwner(card: drm.file, id: id.rawValue)).toOpaque()
        gbm_bo_set_user_data(bo, owner, destroyUserData)
        return id
    }

    /// drmModeAddFB2WithModifiers when the buffer has an explicit modifier, else drmModeAddFB2,
    /// else the old single-plane drmModeAddFB (depth 24, 32 bpp) for drivers without ADDFB2.
    static func addFramebuffer(bo: OpaquePointer, fd: Int32) throws(DisplayError) -> FramebufferID {
        let width = gbm_bo_get_width(bo), height = gbm_bo_get_height(bo), format = gbm_bo_get_format(bo)
        let planes = max(1, min(4, Int(gbm_bo_get_plane_count(bo))))
        var handles = [UInt32](repeating: 0, count: 4), strides = handles, offsets = handles
        var modifiers = [UInt64](repeating: 0, count: 4)
        let modifier = gbm_bo_get_modifier(bo)
        for i in 0..<planes {
            handles[i] = gbm_bo_get_handle_for_plane(bo, Int32(i)).u32
            strides[i] = gbm_bo_get_stride_for_plane(bo, Int32(i))
            offsets[i] = gbm_bo_get_offset(bo, Int32(i))
            modifiers[i] = modifier
        }
        var id: UInt32 = 0
        if modifier != Fourcc.modifierInvalid {
            if drmModeAddFB2WithModifiers(fd, width, height, format, handles, strides, offsets, modifiers, &id, UInt32(DRM_MODE_FB_MODIFIERS)) == 0 {
                return FramebufferID(id)
            }
        }
        // ADDFB2's error is the one worth reporting: the old ADDFB is only a fallback.
        let failure: SystemError
        do {
            try SystemCall.negativeErrno("drmModeAddFB2", "\(width)x\(height) \(Fourcc.name(format))",
                                        drmModeAddFB2(fd, width, height, format, handles, strides, offsets, &id, 0))
            return FramebufferID(id)
        } catch { failure = error }
        if drmModeAddFB(fd, width, height, 24, 32, strides[0], handles[0], &id) == 0 { return FramebufferID(id) }
        throw .system(failure)
    }
}
