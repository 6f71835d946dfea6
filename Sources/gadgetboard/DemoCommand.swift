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

    func run() throws {
        do {
            let files = try DemoBoard.export(to: export)
            for f in files { StandardOutput.line(f) }
        } catch {
            throw failWith("demo: \(error)")
        }
    }
}
