import GadgetCore
import Testing
@testable import GadgetVideo

/// A video's soundtrack decoded and resampled to the mix's format: where its sound sits in time,
/// the loop's seam (no gap, no phase jump), seeks, and clips without sound.
@Suite struct SoundtrackDecoderTests {
    static let format = AudioFormat.standard

    /// A clip with a 1 kHz tone of amplitude 0.5 (computed per sample, so a gate is exact to the
    /// sample; at 44.1 kHz, resampled to 48 kHz) and a picture. `codec`: AAC, as clips come, or
    /// PCM in a MOV, lossless, for the seam's sample-exact check.
    static func toneClip(_ clips: Clips, name: String, seconds: Int, gated: Bool = false, codec: String = "aac") throws -> String {
        let tone = "aevalsrc=0.5*sin(2*PI*1000*t)\(gated ? "*between(t\\,1\\,2)" : ""):s=44100:d=\(seconds)"
        return try clips.make(name, ["-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=\(seconds)", "-f", "lavfi", "-i", tone,
                                     "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", codec] + (codec == "aac" ? ["-b:a", "192k"] : []) + ["-shortest"])
    }

    /// A pass (channel 0 only) and its chunks.
    static func pass(_ d: SoundtrackDecoder) throws -> (left: [Float], chunks: [SoundtrackDecoder.Chunk]) {
        var left: [Float] = []
        var chunks: [SoundtrackDecoder.Chunk] = []
        while let c = try d.nextChunk() {
            chunks.append(c)
            left += stride(from: 0, to: c.samples.count, by: format.channels).map { c.samples[$0] }
        }
        return (left, chunks)
    }

    /// Largest |x[n+1] + x[n-1] - 2cos(ω)x[n]| over `range`: zero for a pure sine of frequency ω,
    /// large at a gap, a click or a jump of phase.
    static func sineResidual(_ x: [Float], frequency: Double, in range: Range<Int>) -> Float {
        let k = Float(2 * Math.cos(2 * Double.pi * frequency / Double(format.sampleRate)))
        var worst: Float = 0
        for n in max(1, range.lowerBound)..<min(x.count - 1, range.upperBound) { worst = max(worst, abs(x[n + 1] + x[n - 1] - k * x[n])) }
        return worst
    }

    @Test func theToneIsWhereTheClipPutsIt() throws {
        let clips = try Clips()
        let path = try Self.toneClip(clips, name: "gated.mp4", seconds: 3, gated: true)
        let d = try #require(try SoundtrackDecoder.open(path: path, format: Self.format))
        #expect(d.inputRate == 44_100)
        let (left, chunks) = try Self.pass(d)
        #expect(chunks.first?.clipTime == 0)
        // Onset and end of the tone at 48 kHz: 1.0 s and 2.0 s, within one period (48 frames).
        let loud = left.indices.filter { abs(left[$0]) > 0.1 }
        let onset = try #require(loud.first), end = try #require(loud.last)
        #expect(abs(onset - 48_000) <= 48)
        #expect(abs(end - 96_000) <= 48)
        // 3 s of sound, not AAC's padding after it.
        #expect(abs(left.count - 144_000) <= 48)
    }

    /// A 2 s clip looped: the second pass follows the first without a gap or a jump of phase
    /// (1 kHz: 2,000 whole periods, so a seamless loop is a continuous sine), its chunks' media
    /// time runs on and the pass starts again at clip time 0. Lossless PCM: the seam is checked
    /// to 1 % of the amplitude (a one-sample slip at 1 kHz is 13 %); AAC: to 20 % (its own coding
    /// noise at a stream's ends; a gap or a silent padding frame is 100 %, a jump of phase of 30°
    /// or more 50 %).
    @Test(arguments: [("pcm_s16le", "loop.mov", 0.01), ("aac", "loop.mp4", 0.2)])
    func theLoopSeamIsContinuous(codec: String, name: String, tolerance: Double) throws {
        let clips = try Clips()
        let d = try #require(try SoundtrackDecoder.open(path: try Self.toneClip(clips, name: name, seconds: 2, codec: codec), format: Self.format))
        let first = try Self.pass(d)
        try d.rewind()
        let second = try Self.pass(d)
        let both = first.left + second.left
        let seam = first.left.count
        #expect(abs(seam - 96_000) <= 48)
        #expect(abs(both.count - 192_000) <= 48)
        let atSeam = Self.sineResidual(both, frequency: 1000, in: (seam - 480)..<(seam + 480))
        #expect(Double(atSeam) < 0.5 * tolerance)
        // No quiet stretch: every period (48 frames) around the seam peaks near the amplitude.
        for start in stride(from: seam - 4_800, to: seam + 4_800, by: 48) {
            #expect(both[start..<(start + 48)].map(abs).max()! > 0.45)
        }
        let last = try #require(first.chunks.last), next = try #require(second.chunks.first)
        #expect(abs(last.media + Double(last.frames) * last.frameDuration - next.media) < 1)
        #expect(next.pass == 1)
        // The resampler's few buffered frames of pass 0 lead the pass: clip time a little below 0.
        #expect(abs(next.clipTime) < 1_000)
    }

    @Test func aSeekStartsAtItsTarget() throws {
        let clips = try Clips()
        let path = try Self.toneClip(clips, name: "gated.mp4", seconds: 3, gated: true)
        let d = try #require(try SoundtrackDecoder.open(path: path, format: Self.format))
        try d.seek(to: 1_500_000)
        let (left, chunks) = try Self.pass(d)
        #expect(abs((chunks.first?.clipTime ?? 0) - 1_500_000) < 25)
        // Loud from the start to 2.0 s: 0.5 s = 24,000 frames.
        let loud = left.indices.filter { abs(left[$0]) > 0.1 }
        #expect((loud.first ?? 99) <= 48)
        #expect(abs((loud.last ?? 0) - 24_000) <= 48)
    }

    /// A drift compensation holds for as long as it is in effect, not for its first second only
    /// (`swr_set_compensation`'s distance runs out; the lip-sync bench found the pictures drifting
    /// 4 ms a second ahead of the sound while the chunks' times assumed the ratio still held).
    /// 10 s of lossless sound squeezed by 0.5 %: the pass is 0.5 % shorter, and the tone that
    /// starts 8 s into the clip is heard where the chunks' times say clip time 8 s is (within
    /// 1 ms; a lapsed compensation puts it 36 ms off).
    @Test func aCompensationHoldsForTheWholePass() throws {
        let clips = try Clips()
        let tone = "aevalsrc=0.5*sin(2*PI*1000*t)*between(t\\,8\\,9):s=48000:d=10"
        let path = try clips.make("squeezed.mov", ["-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=10", "-f", "lavfi", "-i", tone,
                                                   "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "pcm_s16le", "-shortest"])
        let d = try #require(try SoundtrackDecoder.open(path: path, format: Self.format))
        try d.compensate(ratio: -0.005)
        let (left, chunks) = try Self.pass(d)
        let expected = 480_000.0 / 1.005
        #expect(abs(Double(left.count) - expected) <= 96, "\(left.count) frames, \(Int(expected)) expected")
        let onset = try #require(left.indices.first { abs(left[$0]) > 0.1 })
        var frame = 0
        var onsetClipTime: Double?
        for c in chunks {
            if onset < frame + c.frames { onsetClipTime = c.clipTime + Double(onset - frame) * c.frameDuration; break }
            frame += c.frames
        }
        let at = try #require(onsetClipTime)
        #expect(abs(at - 8_000_000) <= 1_000, "the tone is heard at frame \(onset), which the chunks call clip time \(at) µs")
    }

    @Test func aClipWithoutSoundHasNoSoundtrack() throws {
        let clips = try Clips()
        #expect(try SoundtrackDecoder.open(path: try clips.indexed(frames: 5), format: Self.format) == nil)
    }
}

/// The ring between the soundtrack's decoder and the audio thread.
@Suite struct SoundtrackVoiceTests {
    func chunk(_ frames: Int, value: Float, media: Double, pass: Int = 0, clip: Double? = nil) -> SoundtrackDecoder.Chunk {
        SoundtrackDecoder.Chunk(samples: Array(repeating: value, count: frames * 2), frames: frames, media: media,
                                clipTime: clip ?? media, pass: pass, frameDuration: 1e6 / 48_000)
    }

    func mix(_ v: SoundtrackVoice, frames: Int, at nanos: Int64, paced: Bool = true) -> [Float] {
        var out = [Float](repeating: 0.25, count: frames * 2)
        _ = out.withUnsafeMutableBufferPointer { v.mix(into: $0, frames: frames, format: .standard, timing: AudioRenderTiming(presentationNanos: nanos, paced: paced)) }
        return out
    }

    @Test func mixesAddAndRecordWhereTheSoundIsHeard() {
        let v = SoundtrackVoice(format: .standard, capacity: 2048)
        #expect(v.write(chunk(480, value: 0.5, media: 1_000_000), generation: 0))
        #expect(v.write(chunk(480, value: 0.25, media: 1_010_000, pass: 1, clip: 0), generation: 0))
        let a = mix(v, frames: 240, at: 7_000_000_000)
        #expect(a.allSatisfy { $0 == 0.75 })
        #expect(v.position == SoundtrackPosition(media: 1_000_000, pass: 0, clipTime: 1_000_000, presentation: 7_000_000))
        _ = mix(v, frames: 240, at: 7_005_000_000)
        let c = mix(v, frames: 480, at: 7_010_000_000)
        #expect(v.position == SoundtrackPosition(media: 1_010_000, pass: 1, clipTime: 0, presentation: 7_010_000))
        #expect(c.allSatisfy { $0 == 0.5 })
        // Run dry: silence added (the other voices' sum stays), the position kept, not advanced.
        let d = mix(v, frames: 240, at: 7_020_000_000)
        #expect(d.allSatisfy { $0 == 0.25 })
        #expect(v.position?.presentation == 7_010_000)
    }

    @Test func aFullRingRefusesTheDecoderNotTheAudioThread() {
        let v = SoundtrackVoice(format: .standard, capacity: 1024)
        #expect(v.write(chunk(1000, value: 0.1, media: 0), generation: 0))
        #expect(!v.write(chunk(100, value: 0.1, media: 0), generation: 0))
        _ = mix(v, frames: 100, at: 0)
        #expect(v.write(chunk(100, value: 0.1, media: 0), generation: 0))
    }

    @Test func aFlushDropsWhatWaitsAndOlderGenerations() {
        let v = SoundtrackVoice(format: .standard, capacity: 2048)
        #expect(v.write(chunk(480, value: 0.5, media: 0), generation: 0))
        v.flush(generation: 1)
        #expect(v.write(chunk(480, value: 0.5, media: 0), generation: 0))   // stale: dropped
        #expect(mix(v, frames: 240, at: 0).allSatisfy { $0 == 0.25 })
        #expect(v.position == nil)
        #expect(v.write(chunk(480, value: 0.5, media: 2_000_000), generation: 1))
        _ = mix(v, frames: 240, at: 0)
        #expect(v.position?.generation == 1)
    }

    /// Scheduled at 7.010 s, a chunk heard from 7.000 s starts silent for 480 frames (10 ms).
    @Test func itStartsWhenThePictureDoes() {
        let v = SoundtrackVoice(format: .standard, capacity: 2048)
        v.start(at: 7_010_000)
        #expect(v.write(chunk(960, value: 0.5, media: 0), generation: 0))
        #expect(mix(v, frames: 240, at: 6_990_000_000).allSatisfy { $0 == 0.25 })
        #expect(v.position == nil)
        let a = mix(v, frames: 960, at: 7_000_000_000)
        #expect(a.prefix(960).allSatisfy { $0 == 0.25 })
        #expect(a.suffix(960).allSatisfy { $0 == 0.75 })
        #expect(v.position == SoundtrackPosition(media: 0, presentation: 7_010_000))
    }

    @Test func pausedItMixesNothingAndKeepsItsPlace() {
        let v = SoundtrackVoice(format: .standard, capacity: 2048)
        #expect(v.write(chunk(480, value: 0.5, media: 0), generation: 0))
        v.setPlaying(false)
        #expect(mix(v, frames: 240, at: 0).allSatisfy { $0 == 0.25 })
        v.setPlaying(true)
        #expect(mix(v, frames: 240, at: 0).allSatisfy { $0 == 0.75 })
    }
}
