import CDRM
import GadgetSystem
import SystemPackage

/// An open DRM device node (/dev/dri/cardN): owns the descriptor (closed when the last owner
/// goes: the device, and the GBM buffers' framebuffer owners, see `ScanoutBuffer`). Every libdrm
/// call this module makes goes through here and turns failures into `DisplayError.system`.
/// Query results are copied into Swift values and the C structs freed at once, so nothing here
/// hands out libdrm memory.
///
/// Thread: not thread-safe; used from the render thread (`devices` uses it from main).
public final class DRMDevice {
    public let path: String
    let file: OwnedFileDescriptor

    /// The card's descriptor (poll it for flip events); valid while the device lives.
    public var descriptor: FileDescriptor { file.descriptor }
    /// The number libdrm's and GBM's C functions take.
    var fd: Int32 { file.raw }

    /// Opens `path` read-write, close-on-exec, non-blocking (reads of flip events never block:
    /// the main loop polls the fd). Permission errors name the group that grants access.
    public convenience init(path: String) throws(DisplayError) {
        switch DRMDevice.open(path) {
        case .success(let file): self.init(path: path, file: file)
        case .failure(let failure): throw failure.error
        }
    }

    init(path: String, file: OwnedFileDescriptor) {
        self.path = path
        self.file = file
    }

    /// Why a card could not be opened, kept apart so the probe can tell "no permission" (say
    /// which group) from "not there".
    enum OpenFailure: Error {
        case permission(path: String, group: String?)
        case missing(path: String)
        case other(SystemError)

        var error: DisplayError {
            switch self {
            case .permission(let path, let group): return .unavailable(KMSProblem.permission(path: path, group: group).message)
            case .missing(let path): return .unavailable(KMSProblem.noDevice(detail: "\(path) does not exist").message)
            case .other(let failure): return .system(failure)
            }
        }
    }

    static func open(_ path: String) -> Result<OwnedFileDescriptor, OpenFailure> {
        do throws(SystemError) {
            return .success(try OwnedFileDescriptor.open(path, .readWrite, options: [.nonBlocking]))
        } catch {
            switch error.errno {
            case .permissionDenied, .notPermitted: return .failure(.permission(path: path, group: groupName(of: path)))
            case .noSuchFileOrDirectory, .operationNotSupportedByDevice, .noSuchAddressOrDevice: return .failure(.missing(path: path))
            default: return .failure(.other(error))
            }
        }
    }

    /// The group that owns a device node ("video" for cards, "render" for render nodes, "input"
    /// for event nodes on Debian).
    public static func groupName(of path: String) -> String? {
        guard let info = try? FilePath(path).stat() else { return nil }
        return (try? GroupLookup.name(id: info.groupID.rawValue)) ?? nil
    }

    // MARK: - Capabilities and master

    /// The kernel driver's name ("virtio_gpu", "vc4", "i915").
    public var driverName: String {
        guard let v = drmGetVersion(fd) else { return "unknown" }
        defer { drmFreeVersion(v) }
        return v.pointee.name.map { String(cString: $0) } ?? "unknown"
    }

    func capability(_ cap: UInt64) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, cap, &value) == 0 ? value : nil
    }

    /// The driver does atomic modesetting (asks for the client capability on this fd).
    public var supportsAtomic: Bool {
        drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0 && drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0
    }

    func setClientCapability(_ cap: UInt64, _ value: UInt64, name: String) throws(DisplayError) {
        try DisplayError.check("drmSetClientCap", name, drmSetClientCap(fd, cap, value))
    }

    /// Whether this fd is the DRM master (may modeset). The first opener of a card becomes
    /// master automatically when no other process is.
    public var isMaster: Bool { drmIsMaster(fd) != 0 }

    /// Becomes master, or explains who holds it.
    func becomeMaster() throws(DisplayError) {
        if isMaster { return }
        do throws(SystemError) { try SystemCall.negativeErrno("drmSetMaster", nil, drmSetMaster(fd)) } catch {
            switch error.errno {
            case .resourceBusy, .permissionDenied, .notPermitted, .invalidArgument:
                throw .unavailable(KMSProblem.otherMaster(path: path, failure: error).message)
            default: throw .system(error)
            }
        }
    }

    func dropMaster() { _ = drmDropMaster(fd) }

    // MARK: - Objects

    /// The card's connectors, encoders and CRTCs; throws ENOTSUP/EOPNOTSUPP/EINVAL on render-only
    /// nodes (a Raspberry Pi 5's v3d card0) that cannot modeset.
    public func resources() throws(DisplayError) -> DRMResources {
        guard let res = drmModeGetResources(fd) else { throw .lastCall("drmModeGetResources") }
        defer { drmModeFreeResources(res) }
        let r = res.pointee
        func ids<K>(_ p: UnsafeMutablePointer<UInt32>?, _ n: Int32) -> [DRMObjectID<K>] {
            guard let p, n > 0 else { return [] }
            return (0..<Int(n)).map { DRMObjectID<K>(p[$0]) }
        }
        return DRMResources(connectors: ids(r.connectors, r.count_connectors), encoders: ids(r.encoders, r.count_encoders),
                            crtcs: ids(r.crtcs, r.count_crtcs), minWidth: Int(r.min_width), maxWidth: Int(r.max_width),
                            minHeight: Int(r.min_height), maxHeight: Int(r.max_height))
    }

    public func connector(_ id: ConnectorID) throws(DisplayError) -> DRMConnectorInfo {
        guard let c = drmModeGetConnector(fd, id.rawValue) else { throw .lastCall("drmModeGetConnector", "\(id.rawValue)") }
        defer { drmModeFreeConnector(c) }
        let p = c.pointee
        let modes = (0..<Int(max(0, p.count_modes))).map { DisplayMode(p.modes[$0]) }
        let encoders = (0..<Int(max(0, p.count_encoders))).map { EncoderID(p.encoders[$0]) }
        let status: DRMConnectorInfo.Status
        switch p.connection {
        case DRM_MODE_CONNECTED: status = .connected
        case DRM_MODE_DISCONNECTED: status = .disconnected
        default: status = .unknown
        }
        let typeName = drmModeGetConnectorTypeName(p.connector_type).map { String(cString: $0) } ?? "Unknown\(p.connector_type)"
        return DRMConnectorInfo(id: id, name: "\(typeName)-\(p.connector_type_id)", status: status, modes: modes,
                                encoder: p.encoder_id == 0 ? nil : EncoderID(p.encoder_id), possibleEncoders: encoders,
                                widthMillimetres: Int(p.mmWidth), heightMillimetres: Int(p.mmHeight))
    }

    public func encoder(_ id: EncoderID) throws(DisplayError) -> DRMEncoderInfo {
        guard let e = drmModeGetEncoder(fd, id.rawValue) else { throw .lastCall("drmModeGetEncoder", "\(id.rawValue)") }
        defer { drmModeFreeEncoder(e) }
        return DRMEncoderInfo(id: id, crtc: e.pointee.crtc_id == 0 ? nil : CRTCID(e.pointee.crtc_id), possibleCRTCs: e.pointee.possible_crtcs)
    }

    public func crtc(_ id: CRTCID) throws(DisplayError) -> DRMCRTCInfo {
        guard let c = drmModeGetCrtc(fd, id.rawValue) else { throw .lastCall("drmModeGetCrtc", "\(id.rawValue)") }
        defer { drmModeFreeCrtc(c) }
        let p = c.pointee
        return DRMCRTCInfo(id: id, framebuffer: p.buffer_id == 0 ? nil : FramebufferID(p.buffer_id), x: Int(p.x), y: Int(p.y),
                           mode: p.mode_valid != 0 ? DisplayMode(p.mode) : nil)
    }

    /// Every plane (needs DRM_CLIENT_CAP_UNIVERSAL_PLANES for primary and cursor planes).
    public func planes() throws(DisplayError) -> [DRMPlaneInfo] {
        guard let res = drmModeGetPlaneResources(fd) else { throw .lastCall("drmModeGetPlaneResources") }
        defer { drmModeFreePlaneResources(res) }
        var result: [DRMPlaneInfo] = []
        for i in 0..<Int(res.pointee.count_planes) {
            let id = PlaneID(res.pointee.planes[i])
            guard let p = drmModeGetPlane(fd, id.rawValue) else { throw .lastCall("drmModeGetPlane", "\(id.rawValue)") }
            let plane = p.pointee
            let formats = (0..<Int(plane.count_formats)).map { plane.formats[$0] }
            drmModeFreePlane(p)
            let props = try properties(of: id)
            let type = DRMPlaneInfo.PlaneType(rawValue: props.value("type") ?? DRMPlaneInfo.PlaneType.overlay.rawValue) ?? .overlay
            result.append(DRMPlaneInfo(id: id, type: type, possibleCRTCs: plane.possible_crtcs,
                                       crtc: plane.crtc_id == 0 ? nil : CRTCID(plane.crtc_id), formats: formats))
        }
        return result
    }

    /// An object's properties by name, with their current values.
    public func properties<K>(of id: DRMObjectID<K>) throws(DisplayError) -> PropertyTable {
        guard let props = drmModeObjectGetProperties(fd, id.rawValue, K.objectType) else {
            throw .lastCall("drmModeObjectGetProperties", "\(id)")
        }
        defer { drmModeFreeObjectProperties(props) }
        var table = PropertyTable()
        for i in 0..<Int(props.pointee.count_props) {
            let propID = props.pointee.props[i]
            guard let prop = drmModeGetProperty(fd, propID) else { continue }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            drmModeFreeProperty(prop)
            table.insert(name: name, id: PropertyID(propID), value: props.pointee.prop_values[i])
        }
        return table
    }
}
