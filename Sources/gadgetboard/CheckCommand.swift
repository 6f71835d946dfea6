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

    @Flag(name: .customLong("accessibility"),
          help: "Also report what blocks a visitor without sight or with low vision, with its EN 301 549 / WCAG clause: an unlabelled button, link or field is an error, low text contrast a warning.")
    var accessibility = false

    @Option(name: .customLong("mqtt"), help: ArgumentHelp("The broker the kiosk will run with (`run --mqtt`): forms that submit to an MQTT topic are then not warned about.", valueName: "url"))
    var mqtt: String?

    func run() throws {
        switch BoardLoader.load(path: board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success(let loaded):
            // Valid but drawn wrong (text cut at its box's edge): said, and still ok.
            for warning in BoardTextFitCheck.warnings(loaded.board, file: board) { StandardError.line(warning.description) }
            // A topic form without a broker keeps every entry in the spool: said before any visitor meets it.
            for warning in FormTransportCheck.warnings(loaded.board, file: board, hasMQTT: mqtt != nil) { StandardError.line(warning.description) }
            if accessibility {
                let findings = AccessibilityAudit.findings(loaded.board, xHeight: BoardFontXHeights.measure())
                let errors = findings.filter(\.isError)
                for f in findings where !f.isError { StandardError.line(BoardProblem(file: board, jsonPath: f.jsonPath, message: f.line).description) }
                if !errors.isEmpty {
                    throw failWithProblems(BoardProblems(errors.map { BoardProblem(file: board, jsonPath: $0.jsonPath, message: $0.line) }))
                }
                StandardOutput.line("ok (accessibility: \(findings.count) warning\(findings.count == 1 ? "" : "s"))")
                return
            }
            StandardOutput.line("ok")
        }
    }
}
