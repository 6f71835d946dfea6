/// A KMS object id (connector, CRTC, plane, framebuffer, property, blob, encoder) typed by what it
/// names, so a CRTC id can never be passed where a plane id belongs. The raw value is the kernel's
/// 32-bit object id; 0 means "none" in the kernel ABI.
public struct DRMObjectID<Kind: DRMObjectKind>: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public var description: String { "\(Kind.label) \(rawValue)" }
}

/// What a `DRMObjectID` names; `objectType` is the DRM_MODE_OBJECT_* value for property queries.
public protocol DRMObjectKind: Sendable {
    static var label: String { get }
    static var objectType: UInt32 { get }
}

public enum ConnectorKind: DRMObjectKind { public static let label = "connector"; public static let objectType: UInt32 = 0xc0c0_c0c0 }
public enum EncoderKind: DRMObjectKind { public static let label = "encoder"; public static let objectType: UInt32 = 0xe0e0_e0e0 }
public enum CRTCKind: DRMObjectKind { public static let label = "CRTC"; public static let objectType: UInt32 = 0xcccc_cccc }
public enum PlaneKind: DRMObjectKind { public static let label = "plane"; public static let objectType: UInt32 = 0xeeee_eeee }
public enum FramebufferKind: DRMObjectKind { public static let label = "framebuffer"; public static let objectType: UInt32 = 0xfbfb_fbfb }
public enum PropertyKind: DRMObjectKind { public static let label = "property"; public static let objectType: UInt32 = 0xb0b0_b0b0 }
public enum BlobKind: DRMObjectKind { public static let label = "blob"; public static let objectType: UInt32 = 0xbbbb_bbbb }

public typealias ConnectorID = DRMObjectID<ConnectorKind>
public typealias EncoderID = DRMObjectID<EncoderKind>
public typealias CRTCID = DRMObjectID<CRTCKind>
public typealias PlaneID = DRMObjectID<PlaneKind>
public typealias FramebufferID = DRMObjectID<FramebufferKind>
public typealias PropertyID = DRMObjectID<PropertyKind>
public typealias BlobID = DRMObjectID<BlobKind>
