import Testing
@testable import GadgetCore

@Suite struct VolumeCurveTests {
    @Test func halfIsMinusSixDecibels() {
        let g = VolumeCurve.gain(level: 0.5)
        #expect(g == 0.5)
        let db = VolumeCurve.decibels(gain: Double(g))
        #expect(abs(db - -6.0206) < 0.0001)
    }

    @Test func levelsAreClamped() {
        #expect(VolumeCurve.gain(level: 1) == 1)
        #expect(VolumeCurve.gain(level: 0) == 0)
        #expect(VolumeCurve.gain(level: 1.5) == 1)
        #expect(VolumeCurve.gain(level: -0.2) == 0)
        #expect(VolumeCurve.gain(level: .nan) == 0)
        #expect(VolumeCurve.decibels(gain: 0) == -.infinity)
    }

    @Test func aSoundBufferDropsAPartialFrameAndKnowsItsLength() {
        let s = SoundBuffer(format: .standard, samples: [0, 0, 0, 0, 0])
        #expect(s.frameCount == 2)
        #expect(s.samples.count == 4)
        #expect(SoundBuffer.sine(frequency: 1000, level: 1, frames: 48_000).durationNanos == 1_000_000_000)
        #expect(AudioFormat.standard.frames(nanoseconds: 10_000_000) == 480)
    }
}
