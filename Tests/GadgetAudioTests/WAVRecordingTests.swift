import GadgetCore
import GadgetSystem
import SystemPackage
import Testing
@testable import GadgetAudio

/// `--audio-out`: the mix as a float WAV every reader opens, its header kept current.
@Suite struct WAVRecordingTests {
    @Test func theHeaderDescribesFloatStereoAndItsLength() throws {
        let h = WAVRecorder.header(format: .standard, frames: 48_000)
        #expect(h.count == WAVRecorder.headerBytes)
        #expect(Array(h[0..<4]) == Array("RIFF".utf8) && Array(h[8..<12]) == Array("WAVE".utf8))
        #expect(AudioFiles.u32(h, 4) == 384_000 + 50)
        #expect(AudioFiles.u16(h, 20) == 3)        // IEEE float
        #expect(AudioFiles.u16(h, 22) == 2)        // channels
        #expect(AudioFiles.u32(h, 24) == 48_000)   // rate
        #expect(AudioFiles.u32(h, 28) == 384_000)  // bytes per second
        #expect(AudioFiles.u16(h, 32) == 8 && AudioFiles.u16(h, 34) == 32)
        #expect(Array(h[38..<42]) == Array("fact".utf8) && AudioFiles.u32(h, 46) == 48_000)
        #expect(Array(h[50..<54]) == Array("data".utf8) && AudioFiles.u32(h, 54) == 384_000)
    }

    @Test func theHeaderIsRewrittenEverySecondOfAudio() throws {
        let scratch = try AudioFiles.Scratch()
        let path = scratch.file("partial.wav")
        let r = try WAVRecorder(path: FilePath(path), format: .standard)
        let chunk = [Float](repeating: 0.25, count: 960)
        for _ in 0..<150 { chunk.withUnsafeBufferPointer { try? r.write($0, frames: 480) } }
        // 1.5 s written, not finished (a power cut): the header says the first whole second.
        let cut = try FileIO.read(path)
        #expect(cut.count == 58 + 150 * 480 * 8)
        #expect(AudioFiles.u32(cut, 54) == 48_000 * 8)
        try r.finish()
        #expect(AudioFiles.u32(try FileIO.read(path), 54) == 150 * 480 * 8)
    }

    /// The engine's own thread with `--audio none`, paced by the real clock: a 1 kHz tone at
    /// volume 0.5 comes out whole, where it was played, at −6 dB (sox agrees when installed).
    @Test func aToneThroughTheRunningEngineWithNoDevice() throws {
        let scratch = try AudioFiles.Scratch()
        let wav = scratch.file("none.wav")
        let e = AudioEngine(options: AudioOptions(device: .none, recordTo: FilePath(wav)), logger: LineLog().logger)
        let tone = SoundBuffer.sine(frequency: 1000, level: 1, frames: 9600)
        e.setVolume(0.5)
        e.play(tone, name: "tone")
        try e.start()
        // A hang guard, not a timing assertion: the tone is 0.2 s; the engine says when it ended.
        var events: [AudioEvent] = []
        let deadline = MonotonicClock.now() + 30_000_000
        while !events.contains(.ended("tone")) && MonotonicClock.now() < deadline {
            MonotonicClock.sleep(microseconds: 20_000)
            events += e.drainEvents()
        }
        e.stop()
        #expect(events.prefix(2) == [.started("tone"), .ended("tone")])
        let file = try FileIO.read(wav)
        let dataBytes = Int(AudioFiles.u32(file, 54))
        #expect(file.count == 58 + dataBytes)
        #expect(dataBytes % (480 * 8) == 0)
        let samples = AudioFiles.floats(file[58...])
        // Played before start: the tone is the file's first 9600 frames, at half amplitude.
        #expect(Array(samples[0..<19_200]) == tone.samples.map { $0 * 0.5 })
        #expect(samples[19_200...].allSatisfy { $0 == 0 })
        let peak = samples.map { abs($0) }.max() ?? 0
        #expect(abs(VolumeCurve.decibels(gain: Double(peak)) - -6.02) < 0.01)
        // 1 kHz: 2 sign changes a cycle, 200 cycles in 0.2 s (left channel).
        let left = stride(from: 0, to: 19_200, by: 2).map { samples[$0] }
        let crossings = zip(left, left.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 400) <= 2)
        // sox (when installed) reads the file and agrees on the level; its "Rough frequency" is
        // not used: it reads 706 Hz for sox's own 1 kHz sine.
        if let stat = try AudioFiles.soxStat(wav, effects: "trim 0 9600s", scratch: scratch) {
            #expect(abs((stat["Maximum amplitude"] ?? 0) - 0.5) < 0.001)
            #expect(abs((stat["RMS     amplitude"] ?? 0) - 0.3536) < 0.001)
        }
    }
}
