import GadgetCore
import GadgetSystem
import SystemPackage
import Testing
@testable import GadgetAudio

/// The playback loop turned by hand against doubles and a manual clock: underruns counted,
/// a lost device mixed past and reopened, commands applied at the next chunk, timing stamped.
@Suite struct AudioEngineTests {
    func engine(_ output: ScriptedOutput, clock: ManualAudioClock, log: LineLog = LineLog(),
                device: AudioDeviceChoice = .alsa("scripted"), record: FilePath? = nil) -> AudioEngine {
        AudioEngine(options: AudioOptions(device: device, recordTo: record), logger: log.logger, clock: clock) { output }
    }

    @Test func aSoundPlaysFromTheNextChunkAndEnds() throws {
        let out = ScriptedOutput()
        let e = engine(out, clock: ManualAudioClock())
        let loop = try #require(try e.prepare())
        loop.turn()
        let sound = SoundBuffer.sine(frequency: 1000, level: 0.5, frames: 700)
        e.play(sound, name: "chime", gain: 0.5)
        #expect(e.status.playing.isEmpty)
        loop.turn()
        #expect(e.status.playing == ["chime"])
        loop.turn()
        loop.turn()
        loop.finish()
        let written = out.record.withLock { $0.samples }
        #expect(written.count == 4 * 480 * 2)
        #expect(Array(written[0..<960]).allSatisfy { $0 == 0 })
        #expect(Array(written[960..<(960 + 1400)]) == sound.samples.map { $0 * 0.5 })
        #expect(Array(written[(960 + 1400)...]).allSatisfy { $0 == 0 })
        #expect(e.drainEvents() == [.started("chime"), .ended("chime")])
        #expect(e.status.playing.isEmpty)
    }

    /// The loop waits for the device's room before it mixes, not inside the write after it: a
    /// sound asked for while the audio thread waits goes out in the very next chunk (before,
    /// in the one after: a period more between a tap and its sound).
    @Test func aSoundAskedForDuringTheWaitIsInTheNextChunk() throws {
        let out = ScriptedOutput()
        let e = engine(out, clock: ManualAudioClock())
        let loop = try #require(try e.prepare())
        loop.turn()
        let sound = SoundBuffer.sine(frequency: 1000, level: 0.5, frames: 480)
        out.onAwaitRoom = { e.play(sound, name: "tap") }
        loop.turn()
        out.onAwaitRoom = nil
        loop.finish()
        let written = out.record.withLock { $0.samples }
        #expect(written.count == 2 * 960)
        #expect(Array(written[960...]) == sound.samples)
    }

    @Test func theMasterVolumeScalesTheMixAtTheNextChunk() throws {
        let out = ScriptedOutput()
        let e = engine(out, clock: ManualAudioClock())
        let loop = try #require(try e.prepare())
        e.play(SoundBuffer(format: .standard, samples: [Float](repeating: 0.8, count: 4 * 960)), name: "a")
        loop.turn()
        e.setVolume(0.5)
        #expect(e.status.volume == 0.5)
        loop.turn()
        e.setVolume(7)
        #expect(e.status.volume == 1)
        loop.finish()
        let s = out.record.withLock { $0.samples }
        #expect(s[0] == 0.8 && s[959] == 0.8)
        #expect(s[960] == 0.4 && s[1919] == 0.4)
    }

    @Test func underrunsAreCountedAndReported() throws {
        let out = ScriptedOutput(writes: [3: .underrun, 5: .underrun])
        let e = engine(out, clock: ManualAudioClock())
        let loop = try #require(try e.prepare())
        for _ in 0..<6 { loop.turn() }
        loop.finish()
        #expect(e.status.underruns == 2)
        #expect(e.drainEvents() == [.underrun(1), .underrun(2)])
        #expect(e.status.deviceUp)
    }

    @Test func aLostDeviceIsMixedPastAndReopenedEverySecond() throws {
        // Write 3 loses the device; the next two opens fail, the third succeeds.
        let out = ScriptedOutput(opens: [true, false, false], writes: [3: .lost(.alsa(call: "snd_pcm_writei", device: "scripted", code: -19, message: "No such device"))])
        let clock = ManualAudioClock()
        let log = LineLog()
        let e = engine(out, clock: clock, log: log)
        let loop = try #require(try e.prepare())
        e.play(SoundBuffer(format: .standard, samples: [Float](repeating: 0.25, count: 1000 * 960)), name: "long")
        for _ in 0..<3 { loop.turn() }
        #expect(!e.status.deviceUp)
        #expect(e.drainEvents() == [.started("long"), .deviceLost("scripted")])
        // While it is gone the mix is paced by the clock (10 ms a chunk) and retried every second:
        // at +1 s (fails), +2 s (fails), +3 s (back).
        let lostAt = clock.now()
        var turns = 0
        while !e.status.deviceUp && turns < 1000 { loop.turn(); turns += 1 }
        #expect(e.status.deviceUp)
        #expect(clock.now() - lostAt >= 3 * AudioTuning.reopenIntervalNanos)
        #expect(clock.now() - lostAt < 3 * AudioTuning.reopenIntervalNanos + 20_000_000)
        #expect(out.record.withLock { $0.opens } == 4)
        #expect(e.drainEvents() == [.deviceBack("scripted")])
        let writesBefore = out.record.withLock { $0.writes }
        loop.turn()
        #expect(out.record.withLock { $0.writes } == writesBefore + 1)
        loop.finish()
        #expect(log.all.filter { $0.contains("went away") }.count == 1)
        #expect(log.all.filter { $0.contains("is back") }.count == 1)
        #expect(e.status.playing == ["long"])
    }

    @Test func noDeviceAtStartIsOneLineAndSilence() throws {
        let out = ScriptedOutput(opens: [false, false])
        let log = LineLog()
        let e = engine(out, clock: ManualAudioClock(), log: log)
        let loop = try #require(try e.prepare())
        e.play(SoundBuffer.sine(frequency: 440, level: 1, frames: 48_000), name: "x")
        for _ in 0..<150 { loop.turn() }
        loop.finish()
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("no sound device") == true)
        // The first retry (at +1 s) failed, the second (+2 s) is not due yet.
        #expect(out.record.withLock { $0.opens } == 2)
        #expect(out.record.withLock { $0.writes } == 0)
        #expect(!e.status.deviceUp)
        #expect(e.status.format == .standard)
    }

    @Test func presentationTimeIsNowPlusTheDeviceDelay() throws {
        final class Stamps: AudioVoice, @unchecked Sendable {
            var timings: [AudioRenderTiming] = []
            func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool {
                timings.append(timing)
                return true
            }
        }
        let clock = ManualAudioClock(start: 5_000_000_000)
        let e = engine(ScriptedOutput(), clock: clock)
        let loop = try #require(try e.prepare())
        let stamps = Stamps()
        e.add(stamps, name: "stamps")
        loop.turn()
        clock.advance(10_000_000)
        loop.turn()
        loop.finish()
        // The double reports 960 frames queued: 20 ms at 48 kHz.
        #expect(stamps.timings == [
            AudioRenderTiming(presentationNanos: 5_020_000_000, paced: true, framePosition: 0),
            AudioRenderTiming(presentationNanos: 5_030_000_000, paced: true, framePosition: 480),
        ])
    }

    @Test func anUnpacedOutputIsPacedByTheClock() throws {
        let clock = ManualAudioClock(start: 0)
        let e = engine(ScriptedOutput(paced: false), clock: clock)
        let loop = try #require(try e.prepare())
        for _ in 0..<100 { loop.turn() }
        loop.finish()
        // 100 chunks of 10 ms: the last one's slot starts at 990 ms.
        #expect(clock.now() == 990_000_000)
        #expect(!e.status.paced)
    }
}
