import GadgetAudio
import GadgetCore
import GadgetSystem
import Logging
import SystemPackage
import Testing
@testable import GadgetSpeech

/// The real speech program (built beside the tests) through a real engine writing `--audio-out`'s
/// WAV: what it says is in the file from the frame the voice recorded, and after a stop the file
/// is silent from the frame the voice recorded for it. Positions are judged against the kiosk's
/// own marks, never against the wall clock; the waits are hang guards.
@Suite(.serialized) struct SpeechProgramTests {
    static var espeakData: Bool {
        ["/usr/lib/x86_64-linux-gnu/espeak-ng-data/phontab", "/usr/lib/aarch64-linux-gnu/espeak-ng-data/phontab"].contains(where: FileIO.exists)
    }

    @Test func theProgramIsFoundBesideTheTests() {
        #expect(SpeechProgram.find() != nil, "looked in \(SpeechProgram.candidates)")
    }

    /// Waits (at most 20 s: a hang guard) until `body` finds what it wants in the marks.
    static func await(_ speech: SpeechEngine, _ marks: inout [SpeechVoice.Mark], until found: ([SpeechVoice.Mark]) -> Bool) {
        let deadline = MonotonicClock.now() + 20_000_000
        while !found(marks) && MonotonicClock.now() < deadline {
            MonotonicClock.sleep(microseconds: 10_000)
            marks += speech.takeMarks()
        }
    }

    @Test(.enabled(if: SpeechProgramTests.espeakData, "espeak-ng-data is not installed (scripts/install-deps.sh installs it)"))
    func speechIsInTheWAVFromItsStartAndSilentFromItsStop() throws {
        let dir = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-speech")
        let wav = dir + "/speech.wav"
        defer { FileIO.remove(wav); FileIO.removeDirectory(dir) }
        let audio = AudioEngine(options: AudioOptions(device: .none, recordTo: FilePath(wav)), logger: Logger(label: "test"))
        try audio.start()
        let speech = SpeechEngine(audio: audio, logger: Logger(label: "test"))
        var queue = SpeechQueue()
        speech.perform(queue.say("Welcome to the station. Tickets are sold on the left, and the trains leave from the right."))
        var marks: [SpeechVoice.Mark] = []
        Self.await(speech, &marks) { $0.contains { if case .started = $0 { return true } else { return false } } }
        guard case .started(1, let startFrame, _)? = marks.first else {
            speech.stop(); audio.stop()
            Issue.record("no speech: \(marks), \(speech.status)")
            return
        }
        // Let some of it play (a hang-guarded wait for the mix to pass 0.3 s of speech), then stop.
        let until = MonotonicClock.now() + 300_000
        while MonotonicClock.now() < until { MonotonicClock.sleep(microseconds: 10_000) }
        speech.perform(queue.interrupt())
        Self.await(speech, &marks) { $0.contains { if case .stopped = $0 { return true } else { return false } } }
        // Half a second more of mix after the stop, for the silence to be recorded.
        let after = MonotonicClock.now() + 500_000
        while MonotonicClock.now() < after { MonotonicClock.sleep(microseconds: 10_000) }
        speech.stop()
        audio.stop()
        guard let stopFrame = marks.compactMap({ if case .stopped(1, let f, _) = $0 { return f } else { return nil } }).first else {
            Issue.record("no stop mark: \(marks)")
            return
        }
        #expect(stopFrame > startFrame)
        let file = try FileIO.read(wav)
        let left = stride(from: 58, to: file.count - 7, by: 8).map { i in
            Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(file[i + $1]) << (8 * UInt32($1)) })
        }
        #expect(left.count > Int(stopFrame) + 4800, "the WAV ends \(left.count) frames in; the stop was at \(stopFrame)")
        // Silence before the first sound, sound at it, none of it from the stop on.
        #expect(left[..<Int(startFrame)].allSatisfy { $0 == 0 })
        #expect(left[Int(startFrame)] != 0)
        #expect(left[Int(startFrame)..<Int(stopFrame)].filter { abs($0) > 0.01 }.count > 100)
        #expect(left[Int(stopFrame)...].allSatisfy { $0 == 0 })
    }
}
