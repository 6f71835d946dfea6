import ArgumentParser
import GadgetApp
import GadgetCore
import GadgetInput
import GadgetRender
import GadgetSystem

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay an evemu touch recording through the gestures and simulation, deterministically.")

    @Argument(help: "An evemu recording (formats 1.0–1.3).")
    var recording: String

    @Option(help: "Board file (JSON). Default: the built-in demo board.")
    var board: String?

    @Option(help: "For an events-only recording: an evemu file with the device's description.")
    var device: String?

    @Option(help: "Ignore events after T seconds of recording time; contacts still down are cancelled.")
    var until: Double?

    @Option(help: "Keep simulating S seconds after the last event.")
    var settle: Double = 5

    @Option(help: "Also emit gadget states HZ times per second of recording time (with --json).")
    var trace: Double?

    @Option(help: "Display rotation in degrees for the touch mapping (default: the board's).")
    var rotation: DisplayRotation?

    @Option(help: "Speech mode: on (touches explore, what would be spoken is an event), off, or auto (the board's accessibility.speech).")
    var speech: SpeechChoice = .off

    @Option(help: "The visitor's modes on from the start, comma-separated: reach (the controls moved within reach, as the kiosk's reach mode), contrast, largeText.")
    var accessibility: String?

    @Option(help: ArgumentHelp("With speech on: what the session said, as a WAV on the recording's timeline (mono, the speech program's rate; frame 0 is recording time 0).", valueName: "FILE.wav"))
    var audioOut: String?

    @Flag(help: "JSON Lines on stdout: gesture events, trace frames, then the final states.")
    var json = false

    func validate() throws {
        if let until, !(until >= 0) { throw ValidationError("--until: must be ≥ 0") }
        guard settle >= 0, settle <= 3600 else { throw ValidationError("--settle: must be 0…3600 seconds") }
        if let trace, !(trace > 0 && trace <= 10_000) { throw ValidationError("--trace: must be 0…10000 Hz") }
        _ = try modes()
    }

    /// `--accessibility`'s modes.
    func modes() throws -> Set<String> {
        let known = ["reach", "contrast", "largeText"]
        var out = Set<String>()
        for m in (accessibility ?? "").split(separator: ",").map({ String($0.filter { $0 != " " }) }) where !m.isEmpty {
            guard known.contains(m) else { throw ValidationError("--accessibility: \"\(m)\" is not a mode (\(known.joined(separator: ", ")))") }
            out.insert(m)
        }
        return out
    }

    /// How long to simulate after the events, and how often to trace, from the arguments.
    var replayOptions: ReplayRun.Options {
        var o = ReplayRun.Options()
        o.settle = Microseconds((settle * 1_000_000).rounded())
        o.traceInterval = trace.map { Microseconds((1_000_000 / $0).rounded()) }
        return o
    }

    func run() throws {
        let loaded: LoadedBoard
        switch BoardSource.load(board) {
        case .failure(let problems): throw failWithProblems(problems)
        case .success(let l): loaded = l
        }
        let rec: EvemuRecording
        do { rec = try RecordingFile.load(recording, deviceFile: device) } catch { throw failWith("\(error)") }
        let playback: RecordingPlayer.Result
        do {
            playback = try RecordingPlayer.play(rec, board: loaded.board.size, touch: loaded.board.touch, rotation: rotation ?? loaded.board.rotation,
                                                until: until.map { Microseconds(($0 * 1_000_000).rounded()) })
        } catch {
            throw failWith("\(recording): \(error)")
        }
        var options = replayOptions
        options.speech = speech == .on || (speech == .auto && loaded.board.accessibility.speech)
        let modes = try modes()
        options.reach = modes.contains("reach")
        options.highContrast = modes.contains("contrast")
        options.largeText = modes.contains("largeText")
        let run = ReplayRun(board: loaded.board, playback: playback, options: options)
        if let refused = run.reachRefused { throw failWith("--accessibility reach: \(refused.message)") }
        for line in json ? run.lines : run.summary(recordingName: recording) { StandardOutput.line(line) }
        if let audioOut {
            guard options.speech else { throw failWith("--audio-out: nothing is said without speech mode (--speech on, or auto on a board with accessibility.speech)") }
            do { StandardError.line(try run.writeSpeechAudio(to: audioOut)) } catch { throw failWith("--audio-out: \(error)") }
        }
    }
}
