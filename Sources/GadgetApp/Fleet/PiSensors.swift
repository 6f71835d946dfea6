import GadgetCore
import GadgetSystem

/// The Raspberry Pi's SoC temperature and the firmware's throttling flags, read from sysfs
/// (no vcgencmd, no /dev/vchiq: the kiosk's sandbox has neither). Elsewhere the files do not
/// exist: the figures are nil and, after the first miss, never looked for again (a kiosk's
/// hardware does not change while it runs). Thread: the main loop's.
public final class PiSensors {
    /// The SoC's thermal zone (millidegrees Celsius) on every Pi kernel.
    public static let temperaturePath = "/sys/class/thermal/thermal_zone0/temp"
    /// The firmware's get_throttled (hex) on Raspberry Pi OS kernels (raspberrypi-hwmon's
    /// neighbour in the firmware driver).
    public static let throttledPath = "/sys/devices/platform/soc/soc:firmware/get_throttled"

    private var temperaturePath: String?
    private var throttledPath: String?
    public private(set) var temperatureCelsius: Double?
    public private(set) var throttled: ThrottledFlags?

    /// Paths are parameters so tests can point them at files of their own.
    public init(temperaturePath: String? = PiSensors.temperaturePath, throttledPath: String? = PiSensors.throttledPath) {
        self.temperaturePath = temperaturePath
        self.throttledPath = throttledPath
    }

    /// Reads both files again. A file that is missing or unreadable is dropped for good; one
    /// whose text does not parse leaves its figure nil this time.
    public func refresh() {
        if let p = temperaturePath {
            if let text = PiSensors.read(p) { temperatureCelsius = ThermalZoneReading.celsius(parsing: text) } else { temperaturePath = nil }
        }
        if let p = throttledPath {
            if let text = PiSensors.read(p) { throttled = ThrottledFlags(parsing: text) } else { throttledPath = nil }
        }
    }

    /// sysfs reports every attribute as 4096 bytes long, whatever it holds.
    private static func read(_ path: String) -> String? {
        guard let bytes = try? FileIO.read(path, limit: 8192) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
