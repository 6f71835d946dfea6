import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a board file and every image it references; prints ok or every error.")

    @Argument(help: "Board file (JSON).")
    var board: String

    func run() throws {
        switch BoardLoader.load(path: board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success: StandardOutput.line("ok")
        }
    }
}
