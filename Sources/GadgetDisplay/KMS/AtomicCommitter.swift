import CDRM
import GadgetSystem

/// Atomic modesetting: one request per change, built from the connector's, CRTC's and primary
/// plane's property tables (CRTC_ID, MODE_ID, ACTIVE, FB_ID, SRC_*, CRTC_*).
final class AtomicCommitter: ScanoutCommitter {
    let name = "atomic"
    private let drm: DRMDevice
    private let plan: OutputPlan
    private let plane: PlaneID
    private let connectorProps: [String: PropertyID]
    private let crtcProps: [String: PropertyID]
    private let planeProps: [String: PropertyID]
    private var modeBlob: BlobID?

    /// Fails (and the caller falls back to legacy) when the driver has no atomic support, the
    /// CRTC has no primary plane, or a required property is missing.
    init(drm: DRMDevice, plan: OutputPlan) throws(DisplayError) {
        guard let plane = plan.primaryPlane else { throw .unavailable(KMSProblem.noPrimaryPlane(crtc: plan.crtc).message) }
        self.drm = drm; self.plan = plan; self.plane = plane
        func required<K>(_ id: DRMObjectID<K>, _ names: [String]) throws(DisplayError) -> [String: PropertyID] {
            switch try drm.properties(of: id).require(names) {
            case .success(let ids): return ids
            case .failure(let missing): throw .unavailable("\(id) lacks atomic properties \(missing.names.joined(separator: ", "))")
            }
        }
        connectorProps = try required(plan.connector.id, ["CRTC_ID"])
        crtcProps = try required(plan.crtc, ["MODE_ID", "ACTIVE"])
        planeProps = try required(plane, ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"])
    }

    deinit {
        if let modeBlob { _ = drmModeDestroyPropertyBlob(drm.fd, modeBlob.rawValue) }
    }

    func modeset(_ framebuffer: FramebufferID) throws(DisplayError) -> String {
        // Reusing the CRTC's mode: attach the plane only, no ALLOW_MODESET, so the panel does not
        // blank. If the driver wants a modeset anyway (EINVAL), do the full one.
        if plan.reusesCurrentMode {
            let request = try AtomicRequest()
            try addPlane(request, framebuffer)
            if (try? commit(request, flags: 0, what: "plane")) != nil { return "atomic plane commit, mode reused" }
        }
        var mode = plan.mode.info
        var blob: UInt32 = 0
        try DisplayError.check("drmModeCreatePropertyBlob", "MODE_ID", drmModeCreatePropertyBlob(drm.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob))
        if let old = modeBlob { _ = drmModeDestroyPropertyBlob(drm.fd, old.rawValue) }
        modeBlob = BlobID(blob)

        let request = try AtomicRequest()
        try request.add(plan.connector.id, connectorProps["CRTC_ID"], UInt64(plan.crtc.rawValue))
        try request.add(plan.crtc, crtcProps["MODE_ID"], UInt64(blob))
        try request.add(plan.crtc, crtcProps["ACTIVE"], 1)
        try addPlane(request, framebuffer)
        try commit(request, flags: UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), what: "modeset")
        return "atomic modeset"
    }

    func flip(_ framebuffer: FramebufferID, userData: UInt64) throws(DisplayError) {
        let request = try AtomicRequest()
        try request.add(plane, planeProps["FB_ID"], UInt64(framebuffer.rawValue))
        try commit(request, flags: UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK), what: "flip", userData: userData)
    }

    private func addPlane(_ request: AtomicRequest, _ framebuffer: FramebufferID) throws(DisplayError) {
        let w = UInt64(plan.mode.width), h = UInt64(plan.mode.height)
        let values: [(String, UInt64)] = [
            ("FB_ID", UInt64(framebuffer.rawValue)), ("CRTC_ID", UInt64(plan.crtc.rawValue)),
            // Source rectangle in 16.16 fixed point; destination in whole pixels.
            ("SRC_X", 0), ("SRC_Y", 0), ("SRC_W", w << 16), ("SRC_H", h << 16),
            ("CRTC_X", 0), ("CRTC_Y", 0), ("CRTC_W", w), ("CRTC_H", h),
        ]
        for (name, value) in values { try request.add(plane, planeProps[name], value) }
    }

    private func commit(_ request: AtomicRequest, flags: UInt32, what: String, userData: UInt64 = 0) throws(DisplayError) {
        let ret = drmModeAtomicCommit(drm.fd, request.handle, flags, UnsafeMutableRawPointer(bitPattern: UInt(userData)))
        try AtomicCommitter.commit("drmModeAtomicCommit", what, path: drm.path, ret)
    }
}

/// An atomic request (drmModeAtomicReq), freed in deinit.
final class AtomicRequest {
    let handle: OpaquePointer

    init() throws(DisplayError) {
        guard let h = drmModeAtomicAlloc() else { throw .system(SystemError("drmModeAtomicAlloc", errno: .noMemory)) }
        handle = h
    }

    deinit { drmModeAtomicFree(handle) }

    func add<K>(_ object: DRMObjectID<K>, _ property: PropertyID?, _ value: UInt64) throws(DisplayError) {
        guard let property else { throw .unavailable("\(object) is missing a property the request needs") }
        let ret = drmModeAtomicAddProperty(handle, object.rawValue, property.rawValue, value)
        try DisplayError.check("drmModeAtomicAddProperty", "\(object), \(property)", ret)
    }
}
