import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetSystem

struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Send a command to a running kiosk's control socket (docs/control.md).",
        discussion: ControlCommandLine.usage)

    @Argument(help: "The control socket (run --control PATH), e.g. /run/gadgetboard/control.sock.")
    var socket: String

    // The command and its arguments, with `--timeout` wherever it is (ControlCommandLine.options):
    // ArgumentParser stops at the first word of the command, so an option after it lands here.
    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var arguments: [String] = []

    @Option(help: "Seconds to wait for the reply (subscribe waits for events without limit); before or after the command.")
    var timeout: Double = 10

    func validate() throws {
        if !(timeout > 0) { throw ValidationError("--timeout: must be greater than 0") }
    }

    func run() throws {
        // A value error is one line and status 2 (docs/cli.md); only a missing or unknown command
        // gets the usage, which is what such a user needs to see.
        let options: ControlCommandLineOptions
        switch ControlCommandLine.options(arguments) {
        case .failure(let f): throw failWith("ctl: \(f.description)")
        case .success(let o): options = o
        }
        if options.help {
            StandardOutput.line(CtlCommand.helpMessage())
            return
        }
        let words = options.words
        let timeout = options.timeout ?? self.timeout
        let request: JSONValue
        switch ControlCommandLine.request(words) {
        case .failure(let f):
            if ControlCommandLine.isKnownCommand(words.first) { throw failWith("ctl: \(f.description)") }
            throw failWith("ctl: \(f.description)\nusage:\n\(ControlCommandLine.usage)")
        case .success(let r): request = r
        }
        let client: ControlClient
        do { client = try ControlClient(path: socket) } catch { throw failWith("ctl: \(error)") }
        let ms = Int32(min(timeout * 1000, Double(Int32.max)))
        do {
            guard let line = try client.request(JSONWriter.write(request), timeoutMilliseconds: ms) else {
                throw failWith("ctl: no reply from \(socket) within \(timeout) s")
            }
            let reply = try? JSONParser.parse(line)
            guard reply?["ok"] == .bool(true) else {
                if case .string(let e)? = reply?["error"] { StandardError.line("ctl: \(e)") } else { StandardError.line(line) }
                throw ExitCode(1)
            }
            switch words.first {
            case "state", "send", "display":
                StandardOutput.line(line)
            case "snapshot":
                guard case .string(let b64)? = reply?["png"], let png = Base64.decode(b64) else { throw failWith("ctl: the reply has no PNG") }
                try FileIO.replace(words[1], with: png)
            case "subscribe":
                // Events until the kiosk goes away or the user interrupts. A kiosk that goes away
                // is a failure a supervising script must see (status 1), not the end of a stream.
                while let event = try client.readLine() { StandardOutput.line(event) }
                StandardError.line("ctl: the kiosk closed \(socket) (it stopped or restarted)")
                throw ExitCode(1)
            default:
                break
            }
        } catch let error as SystemError {
            throw failWith("ctl: \(error)")
        }
    }
}
