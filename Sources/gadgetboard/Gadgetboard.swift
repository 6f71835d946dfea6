import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetSystem

struct Gadgetboard: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gadgetboard",
        abstract: "A kiosk renderer for touch panels: a board of photos, cards and shapes to drag, pinch, rotate and flick.",
        subcommands: [RunCommand.self, CalibrateCommand.self, ReplayCommand.self, SnapshotCommand.self, CheckCommand.self, DemoCommand.self, DevicesCommand.self, BenchCommand.self, SoakCommand.self]
    )
}

/// Prints every problem of a board, one line each, to stderr and exits with status 2.
func failWithProblems(_ problems: BoardProblems) -> ExitCode {
    for p in problems.problems { StandardError.line(p.description) }
    return ExitCode(2)
}

/// One line to stderr and exit status 2 (the user's input is wrong or missing).
func failWith(_ message: String) -> ExitCode {
    StandardError.line(message)
    return ExitCode(2)
}
