import GadgetCore

/// `FleetLink`'s state: when the control endpoints that want health (MQTT) get it
/// next, the frame count at the last health (for the rate), and the Pi's sensors, read for health
/// and, with `--metrics`, at most every `sensorInterval` for the textfile. Thread: the kiosk loop's.
struct FleetReporting {
    var nextHealth: Microseconds?
    var lastHealthTime: Microseconds?
    var lastHealthFrames: UInt64 = 0
    let sensors = PiSensors()
    var nextSensorRead: Microseconds = 0

    /// The Pi's sensors change slowly; reading the firmware's flags is a mailbox call.
    static let sensorInterval: Microseconds = 10_000_000
}
