import ArgumentParser
import GadgetApp
import GadgetSystem

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List DRM cards (connectors, modes, CRTCs), the console mode and input devices (axes, properties).")

    func run() throws {
        for line in DeviceReport.lines() { StandardOutput.line(line) }
    }
}
