import GadgetCore
import Testing
@testable import GadgetSpeech

/// The speech voice in the mix: what it plays, that a stop silences the very next chunk, and the
/// marks (frames and times) it records for the figures and the kiosk's events.
@Suite struct SpeechVoiceTests {
    static let format = AudioFormat(sampleRate: 48_000, channels: 2)

    /// Mixes one 480-frame chunk at `position` and returns it.
    static func mix(_ voice: SpeechVoice, position: Int64) -> [Float] {
        var buffer = [Float](repeating: 0, count: 480 * 2)
        buffer.withUnsafeMutableBufferPointer { b in
            _ = voice.mix(into: b, frames: 480, format: format,
                          timing: AudioRenderTiming(presentationNanos: 1_000_000_000 + format.nanoseconds(frames: position), paced: true, framePosition: position))
        }
        return buffer
    }

    static func tone(frames: Int, leadingSilence: Int = 0) -> [Float] {
        (0..<frames).flatMap { f -> [Float] in f < leadingSilence ? [0, 0] : [0.5, 0.5] }
    }

    @Test func playsTheUtteranceAndMarksItsFirstSoundAndEnd() {
        let voice = SpeechVoice(format: Self.format)
        voice.begin(1)
        #expect(voice.write(1, Self.tone(frames: 700, leadingSilence: 100), from: 0) == 700)
        voice.finishWriting(1)
        let first = Self.mix(voice, position: 4800)
        #expect(first[0] == 0 && first[199] == 0 && first[200] == 0.5)
        let second = Self.mix(voice, position: 5280)
        #expect(second[2 * 219 + 1] == 0.5 && second[2 * 220] == 0)
        #expect(voice.takeMarks() == [.started(id: 1, frame: 4900, presentationNanos: 1_000_000_000 + Self.format.nanoseconds(frames: 4900)),
                                      .finished(id: 1)])
        #expect(!voice.isSpeaking)
    }

    @Test func aStopSilencesTheNextChunkAndMarksIt() {
        let voice = SpeechVoice(format: Self.format)
        voice.begin(7)
        _ = voice.write(7, Self.tone(frames: 4800), from: 0)
        #expect(Self.mix(voice, position: 0).allSatisfy { $0 == 0.5 })
        voice.stop()
        #expect(Self.mix(voice, position: 480).allSatisfy { $0 == 0 })
        #expect(voice.takeMarks() == [.started(id: 7, frame: 0, presentationNanos: 1_000_000_000),
                                      .stopped(id: 7, frame: 480, presentationNanos: 1_000_000_000 + Self.format.nanoseconds(frames: 480))])
        // Late audio of the stopped utterance is dropped, not played.
        #expect(voice.write(7, Self.tone(frames: 100), from: 0) == 100)
        #expect(Self.mix(voice, position: 960).allSatisfy { $0 == 0 })
    }

    @Test func newSpeechReplacesOldInTheMix() {
        let voice = SpeechVoice(format: Self.format)
        voice.begin(1)
        _ = voice.write(1, Self.tone(frames: 4800), from: 0)
        _ = Self.mix(voice, position: 0)
        voice.begin(2)
        _ = voice.write(2, (0..<480).flatMap { _ in [Float(0.25), 0.25] }, from: 0)
        #expect(Self.mix(voice, position: 480).allSatisfy { $0 == 0.25 })
        #expect(voice.takeMarks().map { if case .stopped(let id, _, _) = $0 { return id } else { return 0 } }.contains(1))
    }

    @Test func aFullRingTakesWhatFitsAndTheGainScales() {
        let voice = SpeechVoice(format: Self.format, capacity: 1024)
        voice.begin(3)
        #expect(voice.write(3, Self.tone(frames: 2000), from: 0) == 1024)
        voice.setGain(0.5)
        #expect(Self.mix(voice, position: 0)[0] == 0.25)
        #expect(voice.write(3, Self.tone(frames: 2000), from: 1024) == 480)
    }
}
