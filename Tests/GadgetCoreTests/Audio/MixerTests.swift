import Testing
@testable import GadgetCore

/// The mixer: levels add, the master gain scales, the sum is clamped once, finished voices go.
@Suite struct MixerTests {
    let format = AudioFormat.standard
    let timing = AudioRenderTiming(presentationNanos: 0, paced: false)

    /// A voice that adds a constant for `frames` frames, then ends.
    final class ConstantVoice: AudioVoice {
        let value: Float
        var left: Int
        init(_ value: Float, frames: Int = .max) { self.value = value; left = frames }
        func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool {
            let n = min(frames, left)
            for i in 0..<(n * format.channels) { mix[i] += value }
            left -= n
            return left > 0
        }
    }

    func render(_ mixer: inout Mixer, frames: Int = 4) -> ([Float], [String]) {
        var out = [Float](repeating: 99, count: frames * format.channels)
        let ended = out.withUnsafeMutableBufferPointer { mixer.render(frames: frames, format: format, timing: timing, into: $0) }
        return (out, ended)
    }

    @Test func silenceWithNoVoicesOverwritesTheBuffer() {
        var m = Mixer()
        let (out, ended) = render(&m)
        #expect(out.allSatisfy { $0 == 0 })
        #expect(ended.isEmpty)
    }

    @Test func levelsAddAndTheMasterGainScalesTheSum() {
        var m = Mixer(masterGain: 0.5)
        m.add(ConstantVoice(0.25), name: "a")
        m.add(ConstantVoice(0.5), name: "b")
        let (out, _) = render(&m)
        #expect(out.allSatisfy { $0 == 0.375 })
        #expect(m.playingNames == ["a", "b"])
    }

    @Test func theSumIsClampedOnceAfterTheMasterGain() {
        // 0.8 + 0.8 = 1.6 clipped per voice would stay 1.6 → 1 → 0.5; clamped once after the
        // gain it is 0.8: the mix clips where the listener hears it, not inside.
        var m = Mixer(masterGain: 0.5)
        m.add(ConstantVoice(0.8), name: "a")
        m.add(ConstantVoice(0.8), name: "b")
        #expect(render(&m).0.allSatisfy { $0 == 0.8 })
        var loud = Mixer()
        loud.add(ConstantVoice(0.8), name: "a")
        loud.add(ConstantVoice(0.8), name: "b")
        loud.add(ConstantVoice(-3), name: "c")
        #expect(render(&loud).0.allSatisfy { $0 == -1 })
        var up = Mixer()
        up.add(ConstantVoice(0.7), name: "a")
        up.add(ConstantVoice(0.7), name: "b")
        #expect(render(&up).0.allSatisfy { $0 == 1 })
    }

    @Test func manyVoicesAllSound() {
        var m = Mixer()
        for i in 0..<64 { m.add(ConstantVoice(1.0 / 128), name: "v\(i)") }
        let (out, _) = render(&m)
        #expect(out.allSatisfy { $0 == 0.5 })
        #expect(m.playingNames.count == 64)
    }

    @Test func aFinishedVoiceIsDroppedAndNamed() {
        var m = Mixer()
        m.add(ConstantVoice(0.25, frames: 6), name: "short")
        m.add(ConstantVoice(0.25), name: "long")
        let (first, ended1) = render(&m)
        #expect(first.allSatisfy { $0 == 0.5 })
        #expect(ended1.isEmpty)
        // The short voice has 2 frames left: it adds them, says it is done, and is gone.
        let (second, ended2) = render(&m)
        #expect(Array(second[0..<4]).allSatisfy { $0 == 0.5 })
        #expect(Array(second[4...]).allSatisfy { $0 == 0.25 })
        #expect(ended2 == ["short"])
        #expect(m.playingNames == ["long"])
    }

    @Test func removeByName() {
        var m = Mixer()
        m.add(ConstantVoice(0.25), name: "a")
        m.add(ConstantVoice(0.25), name: "b")
        m.add(ConstantVoice(0.25), name: "a")
        #expect(m.remove(named: "a") == 2)
        #expect(m.playingNames == ["b"])
    }

    @Test func nanBecomesSilence() {
        var m = Mixer()
        m.add(ConstantVoice(.nan), name: "broken")
        #expect(render(&m).0.allSatisfy { $0 == 0 })
    }

    @Test func aClipPlaysOnceAtItsGain() {
        let sound = SoundBuffer(format: format, samples: [0.5, -0.5, 0.25, -0.25, 1, -1])
        var m = Mixer()
        m.add(ClipVoice(sound, gain: 0.5), name: "click")
        let (out, ended) = render(&m)
        #expect(out == [0.25, -0.25, 0.125, -0.125, 0.5, -0.5, 0, 0])
        #expect(ended == ["click"])
        #expect(render(&m).0.allSatisfy { $0 == 0 })
    }

    @Test func aMonoClipGoesToBothChannels() {
        let mono = AudioFormat(sampleRate: 48_000, channels: 1)
        let clip = ClipVoice(SoundBuffer(format: mono, samples: [0.5, 0.25]))
        var m = Mixer()
        m.add(clip, name: "m")
        #expect(render(&m, frames: 2).0 == [0.5, 0.5, 0.25, 0.25])
    }

    @Test func aClipLongerThanAChunkContinuesWhereItStopped() {
        let sound = SoundBuffer.sine(frequency: 1000, level: 0.5, frames: 10)
        var m = Mixer()
        m.add(ClipVoice(sound), name: "tone")
        let a = render(&m).0, b = render(&m).0, c = render(&m).0
        #expect(a + b + Array(c[0..<4]) == sound.samples)
        #expect(m.playingNames.isEmpty)
    }
}
