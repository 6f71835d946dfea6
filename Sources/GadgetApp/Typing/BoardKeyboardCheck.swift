import GadgetCore
import GadgetKeyboard
import Logging

/// The board's keyboard layouts against this machine's xkb-data: each must compile into a keymap.
/// One line per bad layout (`board.json: keyboard.layouts[1]: unknown keyboard layout 'xx' …`);
/// `check`, a reload and start-up all refuse such a board, as they refuse a missing locale.
public enum BoardKeyboardCheck {
    public static func problems(_ board: Board, file: String) -> [BoardProblem] {
        guard let keyboard = board.keyboard else { return [] }
        let quiet = Logger(label: "keyboard-check") { _ in SwiftLogNoOpLogHandler() }
        var problems: [BoardProblem] = []
        for (i, name) in keyboard.layouts.enumerated() {
            do { _ = try XKBKeymap(layout: name, logger: quiet) } catch {
                if case .unavailable = error {
                    // No libxkbcommon: one line for the board, not the same line for each layout.
                    return [BoardProblem(file: file, jsonPath: keyboard.jsonPath, message: error.description)]
                }
                problems.append(BoardProblem(file: file, jsonPath: "\(keyboard.jsonPath)[\(i)]", message: error.description))
            }
        }
        return problems
    }
}
