/// Snapshots of KMS objects, copied out of libdrm's structs (see `DRMDevice`).

/// The ids a card exposes (drmModeGetResources).
public struct DRMResources: Sendable, Hashable {
    public var connectors: [ConnectorID]
    public var encoders: [EncoderID]
    /// In index order: bit i of an encoder's or plane's `possibleCRTCs` is `crtcs[i]`.
    public var crtcs: [CRTCID]
    public var minWidth: Int, maxWidth: Int, minHeight: Int, maxHeight: Int

    /// The bit for `crtc` in a `possibleCRTCs` mask.
    public func mask(of crtc: CRTCID) -> UInt32 {
        guard let i = crtcs.firstIndex(of: crtc), i < 32 else { return 0 }
        return 1 << UInt32(i)
    }
}

/// A connector (a panel or a port): its name as the kernel's sysfs and `modetest` spell it
/// (`HDMI-A-1`, `DSI-1`, `Virtual-1`), whether something is plugged in, and its modes.
public struct DRMConnectorInfo: Sendable, Hashable {
    public enum Status: String, Sendable { case connected, disconnected, unknown }
    public var id: ConnectorID
    public var name: String
    public var status: Status
    public var modes: [DisplayMode]
    /// The encoder currently driving it, if any.
    public var encoder: EncoderID?
    public var possibleEncoders: [EncoderID]
    /// Physical size as the panel reports it (0: unknown).
    public var widthMillimetres: Int
    public var heightMillimetres: Int

    /// Connected with at least one mode: something a kiosk can show a board on. ("unknown" status
    /// with modes counts too: some DSI and virtual connectors never report "connected".)
    public var isUsable: Bool { status != .disconnected && !modes.isEmpty }
}

public struct DRMEncoderInfo: Sendable, Hashable {
    public var id: EncoderID
    public var crtc: CRTCID?
    public var possibleCRTCs: UInt32
}

/// A CRTC's current state (what `SavedCRTC` puts back on exit).
public struct DRMCRTCInfo: Sendable, Hashable {
    public var id: CRTCID
    public var framebuffer: FramebufferID?
    public var x: Int
    public var y: Int
    /// nil when the CRTC is off.
    public var mode: DisplayMode?
}

public struct DRMPlaneInfo: Sendable, Hashable {
    /// The plane's "type" property (DRM_PLANE_TYPE_*).
    public enum PlaneType: UInt64, Sendable { case overlay = 0, primary = 1, cursor = 2 }
    public var id: PlaneID
    public var type: PlaneType
    public var possibleCRTCs: UInt32
    public var crtc: CRTCID?
    /// DRM fourcc codes it scans out.
    public var formats: [UInt32]
}
