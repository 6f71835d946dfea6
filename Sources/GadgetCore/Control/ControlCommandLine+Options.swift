/// The options of `gadgetboard ctl` among its words: `--timeout S` (or `--timeout=S`) and
/// `--help` anywhere after the socket, before or after the command, as `ctl --help` and
/// docs/cli.md write them (`ctl SOCKET COMMAND … [--timeout S]`). A word after `--` is never an
/// option (`ctl S set t text -- --timeout` sets the text "--timeout"). Any other word starting
/// with `--` is refused rather than sent: `--timout 3` is a typo, not a text. Pure.
public struct ControlCommandLineOptions: Sendable, Equatable {
    /// The command and its arguments, options removed.
    public var words: [String]
    /// Seconds to wait for the reply, when given.
    public var timeout: Double?
    /// `--help` or `-h` was given.
    public var help: Bool

    public init(words: [String], timeout: Double? = nil, help: Bool = false) {
        self.words = words
        self.timeout = timeout
        self.help = help
    }
}

extension ControlCommandLine {
    /// The options and the remaining words of `arguments` (everything after the socket), or the
    /// one line saying what is wrong.
    public static func options(_ arguments: [String]) -> Result<ControlCommandLineOptions, ControlFailure> {
        var result = ControlCommandLineOptions(words: [])
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            i += 1
            if word == "--" {
                result.words.append(contentsOf: arguments[i...])
                break
            }
            if word == "--help" || word == "-h" {
                result.help = true
                continue
            }
            if word == "--timeout" || word.hasPrefix("--timeout=") {
                let text: String
                if word == "--timeout" {
                    guard i < arguments.count else { return .failure(ControlFailure(field: "--timeout", message: "needs a number of seconds")) }
                    text = arguments[i]
                    i += 1
                } else {
                    text = String(word.dropFirst("--timeout=".count))
                }
                guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                    return .failure(ControlFailure(field: "--timeout", message: "must be a number of seconds greater than 0, got \"\(text)\""))
                }
                result.timeout = seconds
                continue
            }
            if word.hasPrefix("--") {
                return .failure(ControlFailure(field: nil, message: "unknown option \(word) (options: --timeout S, --help; put -- before a value that starts with --)"))
            }
            result.words.append(word)
        }
        return .success(result)
    }
}
