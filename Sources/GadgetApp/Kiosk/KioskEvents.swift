import GadgetCore
import GadgetSystem

/// Where the kiosk's events go: `--events` (one JSON line each on stdout) and the control
/// protocol's subscribers (socket and MQTT), which receive the same JSON. Thread: the loop's.
struct KioskEvents {
    let toStdout: Bool
    let control: KioskControl

    /// `json` to the subscribers, and to stdout with `--events` unless `stdout` is false (the
    /// board's reloads and the sources' events go to subscribers only, as they always have).
    func publish(_ json: JSONValue, stdout: Bool = true) {
        if stdout && toStdout { StandardOutput.line(JSONWriter.write(json)) }
        control.publish(json)
    }
}
