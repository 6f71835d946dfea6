import GadgetCore
import GadgetVideo
import Testing
@testable import GadgetAudio

/// A device that comes back in another format (an HDMI sink after a mode change, another USB card)
/// gets the mix converted to it: played at the right speed, not refused and not played at the
/// wrong rate. The device is the scripted double; the converter is the kiosk's own (libswresample).
@Suite struct DeviceFormatChangeTests {
    static let back = AudioFormat(sampleRate: 44_100, channels: 1)

    /// The mix (48 kHz stereo) holds a 1 kHz tone; the device is lost at the third write and comes
    /// back as 44.1 kHz mono. What it is given from then on is a 1 kHz tone at 44.1 kHz: about
    /// 44,100 frames a second, 2,000 zero crossings a second.
    @Test func aDeviceBackAtAnotherRateAndChannelCountGetsTheMixResampled() throws {
        let out = ScriptedOutput(writes: [3: .lost(.alsa(call: "snd_pcm_writei", device: "scripted", code: -19, message: "No such device"))])
        out.formats = [2: Self.back]
        let clock = ManualAudioClock()
        let log = LineLog()
        let e = AudioEngine(options: AudioOptions(device: .alsa("scripted")), logger: log.logger, clock: clock,
                            converter: { mix, device in try MixResampler(from: mix, to: device) }) { out }
        let loop = try #require(try e.prepare())
        e.play(SoundBuffer.sine(frequency: 1000, level: 0.5, frames: 48_000 * 5), name: "tone")
        for _ in 0..<3 { loop.turn() }
        #expect(!e.status.deviceUp)
        var turns = 0
        while !e.status.deviceUp && turns < 200 { loop.turn(); turns += 1 }
        #expect(e.status.deviceUp)
        let before = out.record.withLock { $0.samples.count }
        for _ in 0..<100 { loop.turn() }  // one second of mix
        loop.finish()
        let after = Array(out.record.withLock { $0.samples }[before...])
        // Mono now: one sample a frame. The resampler keeps a few frames of history back.
        #expect(abs(after.count - 44_100) < 100, "\(after.count) frames for a second of mix")
        let settled = Array(after.dropFirst(441))
        var crossings = 0
        for i in 1..<settled.count where (settled[i - 1] < 0) != (settled[i] < 0) { crossings += 1 }
        let seconds = Double(settled.count) / 44_100
        #expect(abs(Double(crossings) / seconds - 2000) < 20, "\(crossings) zero crossings in \(seconds) s")
        // Mono at full level, as libswresample folds the stereo tone (both sides equal) down.
        #expect((settled.map(abs).max() ?? 0) > 0.4)
        #expect(log.all.contains { $0.hasSuffix("is back: 44100 Hz mono FLOAT_LE, period 480 frames, buffer 1440 frames; the 48000 Hz stereo mix resampled to it") })
        #expect(e.drainEvents().contains(.deviceBack("scripted")))
    }

    /// Without a resampler (or when one cannot be made) the device is left closed, said once
    /// however many seconds it is retried, and the mix goes on paced by the clock.
    @Test func withoutAResamplerTheDeviceIsLeftClosedAndSaidOnce() throws {
        struct NoResampler: Error, CustomStringConvertible { var description: String { "libswresample missing" } }
        let out = ScriptedOutput(writes: [1: .lost(.alsa(call: "snd_pcm_writei", device: "scripted", code: -19, message: "No such device"))])
        out.formats = [2: Self.back, 3: Self.back, 4: Self.back]
        let log = LineLog()
        let e = AudioEngine(options: AudioOptions(device: .alsa("scripted")), logger: log.logger, clock: ManualAudioClock(),
                            converter: { _, _ in throw NoResampler() }) { out }
        let loop = try #require(try e.prepare())
        for _ in 0..<350 { loop.turn() }
        loop.finish()
        #expect(!e.status.deviceUp)
        #expect(out.record.withLock { $0.opens } == 4)
        let refusals = log.all.filter { $0.contains("came back as") }
        #expect(refusals == ["scripted came back as 44100 Hz mono, and the 48000 Hz stereo mix cannot be converted to it (libswresample missing); left closed, tried again every second"])
    }

    /// The audio clock counts the device's delay in the device's own frames (44.1 kHz here), plus
    /// what the resampler holds back: a picture shown by it is not off by the rate ratio.
    @Test func presentationTimeUsesTheDevicesRateAndTheResamplersDelay() throws {
        final class Stamps: AudioVoice, @unchecked Sendable {
            var timings: [AudioRenderTiming] = []
            func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool {
                timings.append(timing)
                return true
            }
        }
        final class Halver: MixConverter {
            let output: AudioFormat
            init(_ output: AudioFormat) { self.output = output }
            func convert(_ samples: UnsafeBufferPointer<Float>, frames: Int, into out: inout [Float]) throws -> Int {
                for i in stride(from: 0, to: frames, by: 2) { out.append(samples[i * 2]) }
                return (frames + 1) / 2
            }
            var delayNanoseconds: Int64 { 1_000_000 }
        }
        let out = ScriptedOutput(writes: [1: .lost(.alsa(call: "snd_pcm_writei", device: "scripted", code: -19, message: "No such device"))])
        out.formats = [2: AudioFormat(sampleRate: 24_000, channels: 1)]
        let clock = ManualAudioClock(start: 5_000_000_000)
        let e = AudioEngine(options: AudioOptions(device: .alsa("scripted")), logger: LineLog().logger, clock: clock,
                            converter: { _, device in Halver(device) }) { out }
        let loop = try #require(try e.prepare())
        let stamps = Stamps()
        e.add(stamps, name: "stamps")
        var turns = 0
        loop.turn()
        while !e.status.deviceUp && turns < 200 { loop.turn(); turns += 1 }
        loop.turn()
        loop.finish()
        let last = try #require(stamps.timings.last)
        // The double's delay is 960 frames: 40 ms at 24 kHz (20 ms were it counted at 48 kHz), + 1 ms.
        #expect(last.presentationNanos == clock.now() + 41_000_000)
        #expect(out.record.withLock { $0.samples.count } >= 240)
    }
}
