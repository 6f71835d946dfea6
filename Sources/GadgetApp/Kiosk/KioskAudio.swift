import GadgetAudio
import GadgetCore
import GadgetVideo
import SystemPackage

/// The kiosk's sound (issue 37): owns the `AudioEngine` (`run --audio`, `--audio-out`), started
/// with the loop so `--audio-out`'s WAV begins when the kiosk does, and stopped (its thread
/// joined, the WAV's header finished) when the loop is destroyed. Board sounds, soundtracks,
/// control and metrics reach the engine through `engine`; the loop never waits on it.
/// Thread: the loop's.
final class KioskAudio {
    /// Nil when the run asked for no engine (`RunOptions.audio` nil: in-process tests, bench,
    /// soak); `--audio none` still has one (it mixes, records and reports).
    let engine: AudioEngine?
    /// The board's, the control's and the quiet hours' levels (`KioskAudio+Board.swift`).
    var levels = AudioLevels()
    /// The card's headphone jack control changed (KioskSpeech.headset), as the evdev switch does.
    var headset: ((HeadsetSwitch.Change) -> Void)?

    /// Starts the engine. Throws only when `--audio-out`'s file cannot be created; a missing
    /// sound device is one log line and a silent kiosk.
    init(options: AudioOptions?) throws(AudioError) {
        guard let options else {
            engine = nil
            return
        }
        // A device that comes back in another format gets the mix through libswresample.
        let engine = AudioEngine(options: options, logger: Loggers.audio) { mix, device in try MixResampler(from: mix, to: device) }
        try engine.start()
        self.engine = engine
    }

    /// The engine's events since the last call (device lost and back are logged by the engine
    /// itself, once each).
    func takeEvents() -> [AudioEvent] { engine?.drainEvents() ?? [] }

    /// `--stats`' `audio`: the device asked for, what it agreed to, and the underruns; null with
    /// no engine.
    var statsJSON: JSONValue {
        guard let s = engine?.status else { return .null }
        let format = s.format.map { f in "\(f)" + (s.sampleFormat.map { " \($0)" } ?? "") }
        return .object([
            ("device", .string(s.device)),
            ("deviceUp", .bool(s.deviceUp)),
            ("format", format.map(JSONValue.string) ?? .null),
            ("periodFrames", .number(Double(s.periodFrames))),
            ("bufferFrames", .number(Double(s.bufferFrames))),
            ("underruns", .number(Double(s.underruns))),
        ])
    }

    /// Polled by the loop: readable when the engine has events (a device back while the kiosk
    /// idles is published then, not at the next touch).
    var wakeDescriptor: FileDescriptor? { engine?.wakeDescriptor }

    /// Each iteration: the quiet hours' level to the engine, and its events since the last look
    /// to `publish` (`audio` events) and the metrics. The engine is never waited on; its wake
    /// descriptor wakes the loop when events wait.
    func follow(quietLevel: Double, metrics: inout KioskMetrics, publish: (JSONValue) -> Void) {
        followQuietHours(quietLevel)
        guard let engine else { return }
        for e in engine.drainEvents() {
            publish(KioskAudio.json(e))
            if case .headphoneJack(let change) = e {
                Loggers.audio.info("headset \(change.plugged ? "plugged in" : "unplugged") (the card's jack control)")
                headset?(change)
            }
        }
        let s = engine.status
        metrics.audioUnderruns = UInt64(s.underruns)
        metrics.audioDeviceUp = s.deviceUp
    }

    /// Stops the engine. Idempotent.
    func stop() { engine?.stop() }
}
