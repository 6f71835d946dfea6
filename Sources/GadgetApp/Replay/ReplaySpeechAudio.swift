import GadgetAudio
import GadgetCore
import GadgetSpeech
import SystemPackage

/// `replay --speech on --audio-out FILE.wav` (issue 39): what the replayed session said, as
/// sound on the recording's timeline, so it can be listened to and checked without a sound
/// card: each utterance of the `SpeechTimeline` said by the speech program (the kiosk's own) and
/// placed at the recording time it was asked for, cut where a user action stopped it or newer
/// speech replaced it; silence between. Mono 32-bit float at the program's rate (espeak-ng's
/// 22,050 Hz), written by the kiosk's WAV writer; frame 0 is recording time 0. The speech
/// volume is not applied (the file is what was said, at full level).
public enum ReplaySpeechAudio {
    /// What was written: utterances, and the file's length in frames and its rate.
    struct Written: Equatable {
        var utterances: Int
        var frames: Int
        var sampleRate: Int
    }

    /// Why nothing (or not all) was written: one line.
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// Writes `timeline`'s speech to `path`, at least `duration` long.
    static func write(_ timeline: SpeechTimeline, duration: Microseconds, to path: String, program: String? = nil) -> Result<Written, Failure> {
        let synthesis: SpeechSynthesis
        do { synthesis = try SpeechSynthesis(program: program) } catch { return .failure(Failure(description: "\(error)")) }
        let rate = synthesis.sampleRate
        var samples = [Float](repeating: 0, count: SpeechTimeline.frame(duration, sampleRate: rate))
        for entry in timeline.entries {
            let said: [Int16]
            do { said = try synthesis.say(entry.utterance.text, voice: entry.utterance.language, rate: entry.rate) }
            catch { return .failure(Failure(description: "\(error)")) }
            let (first, maximum) = SpeechTimeline.placement(entry, sampleRate: rate)
            let count = min(said.count, maximum ?? said.count)
            if samples.count < first + count { samples += [Float](repeating: 0, count: first + count - samples.count) }
            for i in 0..<count { samples[first + i] = Float(said[i]) / 32768 }
        }
        do {
            let wav = try WAVRecorder(path: FilePath(path), format: AudioFormat(sampleRate: rate, channels: 1))
            try samples.withUnsafeBufferPointer { p throws(AudioError) in try wav.write(p, frames: p.count) }
            try wav.finish()
        } catch {
            return .failure(Failure(description: "\(path): \(error)"))
        }
        return .success(Written(utterances: timeline.entries.count, frames: samples.count, sampleRate: rate))
    }
}

extension ReplayRun {
    /// `replay --audio-out FILE.wav`: what this run said, on its timeline, to the end of the
    /// replay (`ReplaySpeechAudio`). The line says what was written.
    public func writeSpeechAudio(to path: String, program: String? = nil) throws(ReplaySpeechAudio.Failure) -> String {
        let w = try ReplaySpeechAudio.write(access.timeline, duration: session.time, to: path, program: program).get()
        let seconds = Double(w.frames) / Double(max(w.sampleRate, 1))
        return "replay: speech: \(w.utterances) utterance\(w.utterances == 1 ? "" : "s") in \(path) (\(JSONWriter.rounded(seconds, places: 2)) s, \(w.sampleRate) Hz mono)"
    }
}
