import GadgetSystem

extension VideoHardware {
    /// Looks for V4L2 nodes (/dev/video0…63: a Pi's decoder is /dev/video10, its stateless HEVC
    /// decoder /dev/video19; signage-notes.md).
    public static func detect() -> VideoHardware {
        VideoHardware(hasV4L2Device: (0..<64).contains { FileIO.exists("/dev/video\($0)") })
    }
}
