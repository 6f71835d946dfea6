import GadgetSystem

/// The panel's backlight through sysfs (`/sys/class/backlight/NAME/`): `bl_power` where the
/// driver has it (0 = FB_BLANK_UNBLANK on, 4 = FB_BLANK_POWERDOWN off; the official Pi panel's
/// `rpi_backlight` and most others), else `brightness` set to 0 and back to what it was. The
/// root is injectable so tests run against a directory laid out like /sys/class/backlight.
public final class BacklightPower: DisplayPowerSwitch {
    public static let defaultRoot = "/sys/class/backlight"
    public let device: String
    public let name: String
    private let directory: String
    /// The brightness to restore when there is no `bl_power`; read when the switch is made or
    /// before it switches off.
    private var restoreBrightness: Int?

    /// The first device in `root` (by name), or `.noBacklight`.
    public convenience init(root: String = BacklightPower.defaultRoot) throws(DisplayPowerError) {
        let devices = BacklightPower.devices(root: root)
        guard let first = devices.first else { throw .noBacklight(root) }
        try self.init(root: root, device: first)
    }

    public init(root: String, device: String) throws(DisplayPowerError) {
        self.device = device
        directory = root + "/" + device
        name = "backlight \(device)"
        guard FileIO.exists(directory + "/bl_power") || FileIO.exists(directory + "/brightness") else {
            throw .noBacklight(directory)
        }
    }

    /// The backlight devices in `root`, sorted; empty when there is none (a TV over HDMI).
    public static func devices(root: String = defaultRoot) -> [String] {
        // No directory (or one that cannot be read) is no backlight, as before.
        ((try? DirectoryListing.names(in: root)) ?? []).sorted()
    }

    public func setPowered(_ on: Bool) throws(DisplayPowerError) {
        if FileIO.exists(directory + "/bl_power") {
            try write("bl_power", on ? "0" : "4")
            return
        }
        if on {
            let level = restoreBrightness ?? (try? readInt("max_brightness")) ?? 1
            try write("brightness", String(max(level, 1)))
        } else {
            if let now = try? readInt("brightness"), now > 0 { restoreBrightness = now }
            try write("brightness", "0")
        }
    }

    private func readInt(_ file: String) throws(DisplayPowerError) -> Int {
        let path = directory + "/" + file
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 64) } catch { throw .system(error) }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        guard let n = Int(text) else { throw .system(SystemError("read", path, errno: .invalidArgument)) }
        return n
    }

    /// sysfs attributes are written in place (open, write, close, as `echo 0 > bl_power` does:
    /// O_TRUNC, which sysfs ignores and a test directory's plain file needs), never renamed over.
    private func write(_ file: String, _ value: String) throws(DisplayPowerError) {
        let path = directory + "/" + file
        let bytes = Array((value + "\n").utf8)
        do throws(SystemError) {
            let fd = try OwnedFileDescriptor.open(path, .writeOnly, options: .truncate)
            let result = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try fd.writeAll(raw, path) } }
            try result.get()
        } catch {
            throw .system(error)
        }
    }
}
