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

    /// The program's own protocol, read frame by frame: `V` loads a voice and says nothing; an
    /// utterance's first sound is its first sample (espeak's leading silence is not sent: it was
    /// 49 ms before "Timetable", all of it key → speech latency); a new `S` replaces the one being
    /// made, which then never reports `done`. The replaced one is still being made when the
    /// second is sent whatever the machine's speed: the second goes after the first's first sound
    /// is read, and the first is minutes long (megabytes), so the program is held in its write
    /// on the full pipe until this reads again.
    @Test(.enabled(if: SpeechProgramTests.espeakData, "espeak-ng-data is not installed (scripts/install-deps.sh installs it)"))
    func aPreparedVoiceSaysNothingSoundStartsAtOnceAndAReplacedUtteranceIsNotDone() throws {
        let program = try #require(SpeechProgram.find())
        let child = try PipedChild(path: program)
        defer { child.terminate() }
        let long = Array(repeating: "Platform four. The train to Leeds departs at ten fifteen.", count: 40).joined(separator: " ")
        func send(_ line: String) throws {
            var bytes = Array(line.utf8)
            try bytes.withUnsafeMutableBytes { try child.input.writeAll(UnsafeRawBufferPointer($0)) }
        }
        var parser = SpeechFrameParser()
        var frames: [SpeechFrame] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let deadline = MonotonicClock.now() + 20_000_000  // a hang guard
        func read(until found: ([SpeechFrame]) -> Bool) {
            while !found(frames) && MonotonicClock.now() < deadline {
                let n = (try? buffer.withUnsafeMutableBytes { try child.output.read(into: $0) }) ?? -1
                if n == 0 { break }
                if n < 0 { MonotonicClock.sleep(microseconds: 2_000); continue }
                buffer.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                while let f = parser.next() { frames.append(f) }
            }
        }
        try send("V en\nS 1 175 en\t\(long)\n")
        read { $0.contains { if case .audio(1, _) = $0 { return true } else { return false } } }
        try send("S 2 175 en\tTimetable\n")
        read { $0.contains(.done(id: 2)) }
        // Bools first: a failed expectation would otherwise print every sample.
        let secondDone = frames.contains(.done(id: 2)), firstDone = frames.contains(.done(id: 1))
        #expect(secondDone, "no done for the second utterance: \(frames.count) frames")
        #expect(!firstDone, "the replaced utterance was reported done")
        let audio = frames.compactMap { f -> (Int, [Int16])? in if case .audio(let id, let s) = f { return (id, s) } else { return nil } }
        #expect(!audio.contains { $0.0 == 0 }, "the prepared voice said something")
        for id in [1, 2] {
            let first = audio.first { $0.0 == id }
            #expect(first?.1.first.map { $0 != 0 } == true, "utterance \(id)'s first sample is \(String(describing: first?.1.first))")
        }
    }
}
