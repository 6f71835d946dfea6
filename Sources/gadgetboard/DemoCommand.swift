import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetSystem

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Write the built-in demo board (board.json and its images) to a directory.")

    @Option(help: "Directory to write into (created if missing).")
    var export: String

    @Flag(help: "Overwrite files that differ from the demo board's (by default an edited board is kept and nothing is written).")
    var force = false

    func run() throws {
        do {
            let files = try DemoBoard.export(to: export, force: force)
            for f in files { StandardOutput.line(f) }
        } catch {
            throw failWith("demo: \(error)")
        }
    }
}
