import CDRM
import CGBM
import Glibc

/// A GBM buffer locked for scanout and its DRM framebuffer id. The framebuffer is owned by the
/// buffer (GBM user data with a destroy callback, as kmscube and flutter-pi do): it is created
/// the first time the buffer is shown and removed when GBM destroys the buffer, so ids are
/// neither leaked nor re-created every frame.
struct ScanoutBuffer {
    let bo: OpaquePointer
    let framebuffer: FramebufferID

    /// What GBM keeps on each buffer: enough to remove the framebuffer when the buffer dies.
    final class FramebufferOwner {
        let fd: Int32
        let id: UInt32
        init(fd: Int32, id: UInt32) { self.fd = fd; self.id = id }
    }

    /// GBM calls this when it destroys a buffer (surface teardown). The DRM fd is still open then:
    /// the surface keeps the device and the card alive.
    static let destroyUserData: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
        guard let data else { return }
        let owner = Unmanaged<FramebufferOwner>.fromOpaque(data).takeRetainedValue()
        _ = drmModeRmFB(owner.fd, owner.id)
    }

    /// The buffer's framebuffer id, adding it on first use.
    static func framebuffer(for bo: OpaquePointer, drm: DRMDevice) throws(DisplayError) -> FramebufferID {
        if let data = gbm_bo_get_user_data(bo) {
            return FramebufferID(Unmanaged<FramebufferOwner>.fromOpaque(data).takeUnretainedValue().id)
        }
        let id = try addFramebuffer(bo: bo, fd: drm.fd)
        let owner = Unmanaged.passRetained(FramebufferOwner(fd: drm.fd, id: id.rawValue)).toOpaque()
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
        let ret = drmModeAddFB2(fd, width, height, format, handles, strides, offsets, &id, 0)
        if ret == 0 { return FramebufferID(id) }
        let code = SystemCall.code(ret)
        if drmModeAddFB(fd, width, height, 24, 32, strides[0], handles[0], &id) == 0 { return FramebufferID(id) }
        throw .call("drmModeAddFB2(\(width)x\(height) \(Fourcc.name(format)))", code)
    }
}
