import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a board file and every image it references; prints ok (after any warnings) or every error.")

    @Argument(help: "Board file (JSON).")
    var board: String

    func run() throws {
        switch BoardLoader.load(path: board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success(let loaded):
            // Valid but drawn wrong (text cut at its box's edge): said, and still ok.
            for warning in BoardTextFitCheck.warnings(loaded.board, file: board) { StandardError.line(warning.description) }
            StandardOutput.line("ok")
        }
    }
}
