/// What decode hardware the machine offers, as far as choosing a decoder goes. Detected by the
/// kiosk (`VideoHardware.detect()`); `none` where only software decoding is wanted (`check`
/// probes, the snapshot, the fuzz target).
public struct VideoHardware: Sendable, Equatable {
    /// A V4L2 video node exists (/dev/video*): the stateful M2M decoder may be there.
    public var hasV4L2Device: Bool

    public init(hasV4L2Device: Bool) { self.hasV4L2Device = hasV4L2Device }

    public static let none = VideoHardware(hasV4L2Device: false)
}
