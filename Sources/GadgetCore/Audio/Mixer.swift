/// Every voice mixed into one float buffer: the one place sounds, soundtracks and (later) speech
/// meet. Each chunk is zeroed, every voice adds itself, the master gain (board volume, control,
/// quiet hours) is applied, and the sum is clamped to -1...1 ONCE, so two loud voices clip
/// together instead of each being limited on its own. Finished voices are dropped.
///
/// Pure; lives on the audio thread (`AudioEngine` owns one). No allocation per chunk in steady
/// state: the voice list changes only when a voice starts or ends.
public struct Mixer {
    public struct Entry {
        public let name: String
        public let voice: any AudioVoice
    }

    /// The master gain, from `VolumeCurve.gain(level:)`.
    public var masterGain: Float = 1
    public private(set) var entries: [Entry] = []

    public init(masterGain: Float = 1) { self.masterGain = masterGain }

    /// Adds `voice` under `name` (names need not be unique: two taps play the same click twice).
    public mutating func add(_ voice: any AudioVoice, name: String) {
        entries.append(Entry(name: name, voice: voice))
    }

    /// Removes every voice named `name`; returns how many were removed.
    @discardableResult
    public mutating func remove(named name: String) -> Int {
        let before = entries.count
        entries.removeAll { $0.name == name }
        return before - entries.count
    }

    /// The names of the voices now playing, in the order they started.
    public var playingNames: [String] { entries.map(\.name) }

    /// Mixes `frames` frames into `buffer` (at least `frames * format.channels` samples; the rest
    /// is left alone) and returns the names of the voices that finished in this chunk (in the
    /// order they started; empty, allocating nothing, when none did).
    @discardableResult
    public mutating func render(frames: Int, format: AudioFormat, timing: AudioRenderTiming,
                                into buffer: UnsafeMutableBufferPointer<Float>) -> [String] {
        let count = min(frames * format.channels, buffer.count)
        guard count > 0 else { return [] }
        let chunk = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
        chunk.update(repeating: 0)
        var ended: [String] = []
        var i = 0
        while i < entries.count {
            if entries[i].voice.mix(into: chunk, frames: count / format.channels, format: format, timing: timing) {
                i += 1
            } else {
                ended.append(entries[i].name)
                entries.remove(at: i)
            }
        }
        let g = masterGain
        for j in 0..<count {
            let v = chunk[j] * g
            // NaN (a broken voice) becomes silence rather than a full-scale click at the device.
            chunk[j] = v.isNaN ? 0 : Swift.min(1, Swift.max(-1, v))
        }
        return ended
    }
}
