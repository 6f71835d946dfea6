/// Plays a `SoundBuffer` once, from its start, at a gain: a chime, a tap's click.
///
/// A mono sound goes to every channel; a stereo sound into a mono mix is averaged; other layouts
/// map channel `c` to `c % channels`. The sound is expected at the mix's sample rate (sounds are
/// decoded to it at load); one at another rate plays at the wrong pitch rather than not at all.
///
/// Thread: made anywhere, then handed to the audio thread (`AudioEngine.play`), which alone reads
/// and advances its position: Sendable for that one hand-over.
public final class ClipVoice: AudioVoice, @unchecked Sendable {
    public let sound: SoundBuffer
    public let gain: Float
    /// The next frame of `sound` to play.
    public private(set) var position = 0

    public init(_ sound: SoundBuffer, gain: Float = 1) {
        self.sound = sound
        self.gain = gain
    }

    public var finished: Bool { position >= sound.frameCount }

    public func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool {
        let n = min(frames, sound.frameCount - position, mix.count / max(1, format.channels))
        guard n > 0 else { return false }
        let out = format.channels, inChannels = sound.format.channels, g = gain
        sound.samples.withUnsafeBufferPointer { src in
            let base = position * inChannels
            if inChannels == out {
                for i in 0..<(n * out) { mix[i] += src[base + i] * g }
            } else if inChannels == 2 && out == 1 {
                for f in 0..<n { mix[f] += (src[base + 2 * f] + src[base + 2 * f + 1]) * 0.5 * g }
            } else {
                for f in 0..<n {
                    for c in 0..<out { mix[f * out + c] += src[base + f * inChannels + c % inChannels] * g }
                }
            }
        }
        position += n
        return !finished
    }
}
