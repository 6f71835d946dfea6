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

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var words: [String] = []

    @Option(help: "Seconds to wait for the reply (subscribe waits for events without limit).")
    var timeout: Double = 10

    func validate() throws {
        if !(timeout > 0) { throw ValidationError("--timeout: must be greater than 0") }
    }

    func run() throws {
        let request: JSONValue
        switch ControlCommandLine.request(words) {
        case .failure(let f): throw failWith("ctl: \(f.description)\nusage:\n\(ControlCommandLine.usage)")
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
            case "state", "send":
                StandardOutput.line(line)
            case "snapshot":
                guard case .string(let b64)? = reply?["png"], let png = Base64.decode(b64) else { throw failWith("ctl: the reply has no PNG") }
                try FileIO.replace(words[1], with: png)
            case "subscribe":
                // Events until the kiosk goes away or the user interrupts.
                while let event = try client.readLine() { StandardOutput.line(event) }
            default:
                break
            }
        } catch let error as SystemError {
            throw failWith("ctl: \(error)")
        }
    }
}
