import ArgumentParser
import GadgetApp
import GadgetAudio
import GadgetBench
import GadgetCore
import GadgetInput
import GadgetSystem

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a board as a kiosk: on the display (KMS), with touch, until stopped.")

    @Argument(help: "Board file (JSON). Default: the built-in demo board.")
    var board: String?

    @OptionGroup var output: DisplayArguments

    @Option(help: "Exit after presenting N frames (draws continuously).")
    var frames: Int?

    @Option(help: "Exit after S seconds.")
    var duration: Double?

    @Option(help: "Write frame statistics (JSON) here at exit.")
    var stats: String?

    @Option(help: ArgumentHelp("Write, at exit, the flip that showed each video picture (TSV: flip_us gadget loop clip_us, CLOCK_MONOTONIC µs): for measuring lip sync (docs/audio.md).", valueName: "file"))
    var videoFlipLog: String?

    @Option(help: "Write the final gadget states (JSON) here at exit.")
    var state: String?

    @Option(help: "Write a PNG of the last presented frame here at exit.")
    var screenshot: String?

    @Option(help: "Prometheus textfile to rewrite every second.")
    var metrics: String?

    @Flag(help: "Draw the frame-time HUD.")
    var hud = false

    @Flag(help: "Write events as JSON Lines on stdout: recognised gestures, and on a paged board page and action events (docs/cli.md, replay --json).")
    var events = false

    @Flag(help: "Redraw the whole screen every frame (no damage tracking).")
    var fullRedraw = false

    @Flag(help: "Check every damage-tracked frame against a full redraw drawn off screen (slow; for tests and bug reports).")
    var verifyDamage = false

    @Option(help: ArgumentHelp("Write every presented frame as a PNG into this directory (frame-000001.png, …, and frames.tsv: number, time, page), up to --dump-frames-limit; reads each frame back, so for tests and bug reports.", valueName: "dir"))
    var dumpFrames: String?

    @Option(help: "With --dump-frames: the most frames written.")
    var dumpFramesLimit = 600

    @Flag(help: "Draw a refused reload's problems over the board on a panel or headless too (the window preview always does; by default visitors never see them).")
    var showProblems = false

    @Option(help: "Listen for control commands on this Unix socket (JSON Lines, docs/control.md), e.g. /run/gadgetboard/control.sock.")
    var control: String?

    @Option(help: ArgumentHelp("Switch the TV with the board's opening hours over HDMI-CEC through this adapter (the kernel CEC API), e.g. /dev/cec0 (docs/schedule.md).", valueName: "device"))
    var cec: String?

    @Flag(help: "Act on the wall clock even before the system says it is synchronised (a board with a real-time clock). Without it the schedule keeps the display on and shows no page by the time of day until the clock is synchronised.")
    var trustClock = false

    @Flag(help: "Do not watch the board's directory (by default a saved board file or image reloads the board).")
    var noWatch = false

    @Option(help: ArgumentHelp("Keep what must survive a restart or a power cut here: visitors' form submissions until their server or broker accepts them (DIR/forms/spool; docs/typing.md). Made if missing (only when a board has forms).", valueName: "dir"))
    var stateDir = "/var/lib/gadgetboard"

    @Option(help: ArgumentHelp("Play sound on this ALSA PCM (e.g. default, hdmi:CARD=vc4hdmi0, plughw:1), or none for no device (docs/audio.md). A device that is missing or goes away is looked for every second; the kiosk runs on silent.", valueName: "device"))
    var audio = "default"

    @Option(help: ArgumentHelp("Write everything the kiosk mixes, from its start, to this WAV file (32-bit float; also with --audio none, paced by the clock in real time).", valueName: "file.wav"))
    var audioOut: String?

    @Option(help: ArgumentHelp("Speech mode (explore by touch, gadgets spoken; docs/accessibility.md): auto follows the board's \"accessibility\": {\"speech\": true}, on starts in it, off never speaks. Speech comes from the gadgetboard-speech program (espeak-ng); without it the kiosk runs silent.", valueName: "auto|on|off"))
    var speech: SpeechChoice = .auto

    @Option(help: ArgumentHelp("The fleet's MQTT broker: mqtt://HOST[:PORT] or mqtts://HOST[:PORT] (docs/mqtt.md). Off by default.", valueName: "url"))
    var mqtt: String?

    @Option(help: "This kiosk's name in the fleet's topics (PREFIX/NAME/…); required with --mqtt.")
    var node: String?

    @Option(help: "The topics' first level(s).")
    var mqttPrefix = "gadgetboard"

    @Option(help: ArgumentHelp("File with username= and password= lines for the broker (never on the command line).", valueName: "file"))
    var mqttCredentials: String?

    @Option(help: ArgumentHelp("mqtts: the CA certificate (PEM) that signed the broker's (default: the system's).", valueName: "file"))
    var mqttCa: String?

    @Option(help: "MQTT keep-alive, seconds: the broker reports the kiosk offline after 1.5 times this without a word.")
    var mqttKeepalive = 30

    @Option(help: "Seconds between retained health messages.")
    var mqttHealth = 30.0

    @Option(help: ArgumentHelp("Publish Home Assistant MQTT discovery configs under this prefix (Home Assistant's default: homeassistant).", valueName: "prefix"))
    var mqttDiscovery: String?

    @Option(name: .customLong("form-timeout-ms"), help: .hidden)
    var formTimeoutMilliseconds = 10_000
    @Option(name: .customLong("form-retry-ms"), help: .hidden)
    var formRetryMilliseconds = 500

    /// Tests: a FIFO read as a touch screen of raw `struct input_event`s (0…4095 on both axes),
    /// as `soak` feeds its kiosk, so a test can tap a running kiosk without /dev/uinput.
    @Option(name: .customLong("input-fifo"), help: .hidden)
    var inputFIFO: String?
    /// Tests and bench/speech-latency.sh: a FIFO read as a navigation keypad (a USB keyboard with
    /// Escape, Tab, Enter, the arrows, F1, F2 and Help) of raw `struct input_event`s.
    @Option(name: .customLong("keypad-fifo"), help: .hidden)
    var keypadFIFO: String?

    func validate() throws {
        if let frames, frames < 1 { throw ValidationError("--frames: must be at least 1") }
        if let duration, !(duration > 0) { throw ValidationError("--duration: must be greater than 0") }
        if let screenshot { try requirePNGName("--screenshot", screenshot) }
        if dumpFramesLimit < 1 { throw ValidationError("--dump-frames-limit: must be at least 1") }
        if audio.isEmpty { throw ValidationError("--audio: give an ALSA PCM name (default, hdmi:CARD=vc4hdmi0, …) or none") }
        if let audioOut, !audioOut.lowercased().hasSuffix(".wav") {
            throw ValidationError("--audio-out: writes WAV only; give a file name ending in .wav (got \(audioOut))")
        }
        _ = try mqttOptions()
    }

    /// `--mqtt` and its companions, checked; nil without `--mqtt`.
    func mqttOptions() throws -> MQTTOptions? {
        guard let mqtt else {
            if node != nil || mqttCredentials != nil || mqttCa != nil { throw ValidationError("--node, --mqtt-credentials and --mqtt-ca need --mqtt URL") }
            return nil
        }
        guard let node else { throw ValidationError("--mqtt needs --node NAME (this kiosk's name in the topics)") }
        let broker: MQTTBrokerURL
        let topics: MQTTTopics
        do { broker = try MQTTBrokerURL(parsing: mqtt) } catch { throw ValidationError("--mqtt: \(error)") }
        do { topics = try MQTTTopics(prefix: mqttPrefix, node: node) } catch { throw ValidationError("\(error)") }
        if mqttCa != nil && !broker.tls { throw ValidationError("--mqtt-ca: only with an mqtts:// broker") }
        guard (5...3600).contains(mqttKeepalive) else { throw ValidationError("--mqtt-keepalive: 5 to 3600 seconds") }
        guard mqttHealth >= 1 && mqttHealth <= 86_400 else { throw ValidationError("--mqtt-health: 1 to 86400 seconds") }
        var o = MQTTOptions(broker: broker, topics: topics)
        o.credentialsPath = mqttCredentials
        o.caPath = mqttCa
        o.keepAliveSeconds = mqttKeepalive
        o.healthSeconds = mqttHealth
        if let mqttDiscovery {
            do { _ = try MQTTTopics(prefix: mqttDiscovery, node: topics.node) } catch { throw ValidationError("--mqtt-discovery: \(mqttDiscovery) is not a topic prefix") }
            o.discoveryPrefix = mqttDiscovery
        }
        return o
    }

    /// What the kiosk is asked to do, from the arguments.
    var options: RunOptions {
        var o = RunOptions()
        // Absolute from here on: `state`, `reload` events and the logs name the board as
        // docs/control.md shows it, whatever the directory `run` was started in.
        o.boardPath = board.map(FileIO.absolute)
        output.apply(to: &o)
        o.frames = frames
        o.duration = duration
        o.statsPath = stats
        o.videoFlipLogPath = videoFlipLog
        o.statePath = state
        o.screenshotPath = screenshot
        o.metricsPath = metrics
        o.hud = hud
        o.eventsToStdout = events
        o.fullRedraw = fullRedraw
        o.verifyDamage = verifyDamage
        o.dumpFramesDirectory = dumpFrames
        o.dumpFramesLimit = dumpFramesLimit
        o.showProblems = showProblems
        o.cecDevice = cec
        o.trustClock = trustClock
        o.controlSocketPath = control
        o.watchBoard = !noWatch
        o.stateDirectory = FileIO.absolute(stateDir)
        o.formTimeoutMilliseconds = max(1, formTimeoutMilliseconds)
        o.formRetryInitial = Microseconds(max(1, formRetryMilliseconds)) * 1000
        o.mqtt = try? mqttOptions()
        o.audio = AudioOptions(argument: audio, recordTo: audioOut.map(FileIO.absolute))
        o.speech = speech
        if inputFIFO != nil || keypadFIFO != nil {
            let touch = MultitouchEncoder.deviceDescription(name: "gadgetboard FIFO touch screen", maxX: 4095, maxY: 4095)
            // KEY_ESC 1, KEY_TAB 15, KEY_ENTER 28, KEY_F1 59, KEY_F2 60, the arrows 103/105/106/108, KEY_HELP 138.
            let keypad = InputDeviceDescription(nameBytes: Array("gadgetboard FIFO keypad".utf8),
                                                codes: [EV.syn: [0], EV.key: [1, 15, 28, 59, 60, 103, 105, 106, 108, 138], 0x04: [4]])
            let keypadPath = keypadFIFO
            o.inputPaths = [inputFIFO, keypadFIFO].compactMap { $0 }
            o.inputOpener = { (path, _) throws(InputError) in try RawEventSource.open(path, device: path == keypadPath ? keypad : touch) }
        }
        return o
    }

    func run() throws {
        let code = Kiosk.run(options)
        if code != 0 { throw ExitCode(code) }
    }
}
