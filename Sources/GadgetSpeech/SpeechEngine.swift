import GadgetAudio
import GadgetCore
import GadgetSystem
import Logging

/// Speech for the kiosk (docs/accessibility.md): carries out `SpeechQueue`'s commands through the
/// speech program (a child process: the kiosk never links libespeak-ng) and plays what it says
/// as the voice "speech" in the `AudioEngine`'s mix. Nothing starts until the first thing is said
/// (no thread, no process on a kiosk that never speaks). Thread: the loop's.
public final class SpeechEngine {
    /// The voice's name in the mixer (`state.audio.playing`).
    public static let voiceName = "speech"

    private let audio: AudioEngine
    private let logger: Logger
    private let program: String?
    private var voice: SpeechVoice?
    private var worker: SpeechWorker?
    private var gain: Float = 1
    private var failed = false

    /// `program`: the speech program's path (nil: `SpeechProgram.find()`).
    public init(audio: AudioEngine, logger: Logger, program: String? = nil) {
        self.audio = audio
        self.logger = logger
        self.program = program ?? SpeechProgram.find()
    }

    deinit { stop() }

    /// Carries out the queue's commands: the voice starts or stops at once (the next mix), the
    /// speech program is told on its thread.
    public func perform(_ commands: [SpeechQueue.Command]) {
        for c in commands {
            switch c {
            case .speak(let u, let rate):
                guard let (voice, worker) = started() else { continue }
                voice.begin(u.id)
                worker.send(.speak(u, rate: rate))
            case .stop:
                voice?.stop()
                worker?.send(.stop)
            }
        }
    }

    /// Starts the speech program and loads `language`'s voice ahead of the first utterance:
    /// called when speech mode turns on, so the visitor's first key is not the one that waits for
    /// a process to start (measured: 108–303 ms for that first key, 2–11 ms for the rest).
    public func prepare(language: String?) {
        started()?.1.send(.prepare(language: language))
    }

    /// The speech volume, 0...1 (linear amplitude; the board's and the control's volume still
    /// scale the whole mix after it).
    public func setVolume(_ level: Double) {
        gain = VolumeCurve.gain(level: level)
        voice?.setGain(gain)
    }

    /// What happened in the mix since the last call (speech heard, stopped, finished).
    public func takeMarks() -> [SpeechVoice.Mark] { voice?.takeMarks() ?? [] }

    public var isSpeaking: Bool { voice?.isSpeaking ?? false }

    public var status: SpeechStatus {
        if let worker { return worker.status }
        var s = SpeechStatus()
        s.program = program
        return s
    }

    /// Ends the speech thread and program (joins); the voice leaves the mix.
    public func stop() {
        worker?.stop()
        worker = nil
        if voice != nil { audio.remove(named: SpeechEngine.voiceName) }
        voice = nil
    }

    private func started() -> (SpeechVoice, SpeechWorker)? {
        if let voice, let worker { return (voice, worker) }
        guard !failed else { return nil }
        let v = SpeechVoice(format: audio.format)
        v.setGain(gain)
        do {
            let w = try SpeechWorker(voice: v, program: program, logger: logger)
            audio.add(v, name: SpeechEngine.voiceName)
            voice = v
            worker = w
            return (v, w)
        } catch {
            logger.error("speech thread: \(error); the kiosk runs silent")
            failed = true
            return nil
        }
    }
}
