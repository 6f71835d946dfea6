import GadgetCore
import GadgetSystem

/// What only this machine can tell about a board's live data, for `check` and the loader: a
/// `"locale"` glibc does not have (or not in UTF-8), a source's `ca` file that is missing.
public enum BoardDataCheck {
    public static func problems(_ board: Board, file: String, directory: String) -> [BoardProblem] {
        var out: [BoardProblem] = []
        if let locale = board.data.locale {
            do { _ = try LocaleTimeNames.read(locale) } catch {
                switch error {
                case .notInstalled(let e):
                    let tried = LocaleTimeNames.utf8Name(locale) == locale || locale.contains(".") ? "" : " (as \(LocaleTimeNames.utf8Name(locale)))"
                    out.append(BoardProblem(file: file, jsonPath: "locale", message: "\(locale) is not installed\(tried) (\(e.errno.description)); Debian: apt-get install locales-all"))
                case .notUTF8: out.append(BoardProblem(file: file, jsonPath: "locale", message: "\(locale) is \(error)"))
                }
            }
        }
        for s in board.data.sources {
            guard case .http(let h) = s.kind, let ca = h.ca else { continue }
            let path = FileIO.resolve(ca, against: directory)
            if !FileIO.exists(path) { out.append(BoardProblem(file: file, jsonPath: "\(s.jsonPath).ca", message: "file not found: \(ca)")) }
        }
        return out
    }

    /// The board's weekday and month names and number separators: its locale's, else English and
    /// C's (a locale that cannot be read, which `check` refuses, falls back with the reason).
    public static func names(_ board: Board) -> (LocaleNames, String?) {
        guard let locale = board.data.locale else { return (.english, nil) }
        do {
            let n = try LocaleTimeNames.read(locale)
            let numbers = LocaleNumbers(decimalSeparator: n.decimalSeparator, groupSeparator: n.groupSeparator, grouping: n.grouping)
            let names = LocaleNames(days: n.days, abbreviatedDays: n.abbreviatedDays, months: n.months, abbreviatedMonths: n.abbreviatedMonths,
                                    am: n.am, pm: n.pm, numbers: numbers)
            return names.isComplete ? (names, nil) : (.english, "locale \(locale): incomplete day or month names; using English")
        } catch {
            return (.english, "locale \(locale): \(error); using English")
        }
    }
}
