import ArgumentParser
import GadgetBuildInfo

struct Gadgetboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gadgetboard",
        abstract: "A kiosk renderer for touch panels: a board of photos, cards and shapes to drag, pinch, rotate and flick.",
        version: BuildInfo.version,
        subcommands: [RunCommand.self, CalibrateCommand.self, ReplayCommand.self, SnapshotCommand.self, CheckCommand.self, DemoCommand.self, DevicesCommand.self, BenchCommand.self, SoakCommand.self, CtlCommand.self]
    )
}
