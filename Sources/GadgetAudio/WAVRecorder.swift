import GadgetCore
import GadgetSystem
import SystemPackage

/// `--audio-out FILE.wav`: every chunk the mixer made, as it was made (32-bit float, after the
/// master volume, before any conversion for the device), from the engine's start, so a sound's
/// place in the file is its time since the kiosk started.
///
/// The header (RIFF/WAVE, `fmt ` IEEE float, `fact`, `data`) is written first with sizes of
/// zero and rewritten with the sizes so far every second of audio and at `finish`: a power cut
/// leaves a file every reader opens, short by at most a second. Samples are written as the
/// machine holds them: little-endian on every target (x86-64, aarch64), as WAV wants.
/// Thread: the audio thread (after `init` on the kiosk's).
public final class WAVRecorder {
    public let path: FilePath
    public let format: AudioFormat
    private let file: OwnedFileDescriptor
    /// Frames written so far.
    public private(set) var frames: Int64 = 0
    private var framesAtHeader: Int64 = 0

    /// The header's length: RIFF (12) + `fmt ` (8 + 18) + `fact` (8 + 4) + `data` (8).
    static let headerBytes = 58

    /// Creates (or truncates) `path` and writes the header.
    public init(path: FilePath, format: AudioFormat) throws(AudioError) {
        self.path = path
        self.format = format
        do {
            file = try OwnedFileDescriptor.open(path.string, .writeOnly, options: [.create, .truncate],
                                                permissions: [.ownerReadWrite, .groupRead, .otherRead])
            // The first header is written at the descriptor's position, so the samples follow
            // it; later ones go back to offset 0 with pwrite, which leaves that position alone.
            let first = Self.header(format: format, frames: 0)
            let opened = file
            try first.withUnsafeBytes { bytes in Result { () throws(SystemError) in try opened.writeAll(bytes, path.string) } }.get()
        } catch { throw AudioError.system(error) }
    }

    /// Appends `frames` frames of `samples`; rewrites the header once a second of audio has passed.
    public func write(_ samples: UnsafeBufferPointer<Float>, frames count: Int) throws(AudioError) {
        let n = min(count * format.channels, samples.count)
        do {
            try file.writeAll(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(samples)[0..<(n * 4)]), path.string)
        } catch { throw AudioError.system(error) }
        frames += Int64(n / format.channels)
        if frames - framesAtHeader >= Int64(format.sampleRate) { try writeHeader() }
    }

    /// Writes the final sizes. The descriptor closes when the recorder is released.
    public func finish() throws(AudioError) { try writeHeader() }

    private func writeHeader() throws(AudioError) {
        let header = Self.header(format: format, frames: frames)
        do {
            _ = try SystemCall.system("pwrite", path.string) {
                try header.withUnsafeBytes { try file.descriptor.writeAll(toAbsoluteOffset: 0, $0) }
            }
        } catch { throw AudioError.system(error) }
        framesAtHeader = frames
    }

    /// The 58-byte header for `frames` frames of 32-bit float at `format`.
    static func header(format: AudioFormat, frames: Int64) -> [UInt8] {
        let blockAlign = 4 * format.channels
        // RIFF sizes are 32-bit: past 4 GiB (~3 h of 48 kHz stereo float) the header says the most
        // it can and readers take the data to the end of the file.
        let dataBytes = UInt32(clamping: frames * Int64(blockAlign))
        var h: [UInt8] = []
        h.reserveCapacity(headerBytes)
        func tag(_ s: String) { h += Array(s.utf8) }
        func u32(_ v: UInt32) { for i in 0..<4 { h.append(UInt8(truncatingIfNeeded: v >> (8 * UInt32(i)))) } }
        func u16(_ v: UInt16) { h.append(UInt8(truncatingIfNeeded: v)); h.append(UInt8(truncatingIfNeeded: v >> 8)) }
        tag("RIFF"); u32(dataBytes &+ UInt32(headerBytes - 8)); tag("WAVE")
        tag("fmt "); u32(18)
        u16(3) // WAVE_FORMAT_IEEE_FLOAT
        u16(UInt16(format.channels)); u32(UInt32(format.sampleRate))
        u32(UInt32(format.sampleRate * blockAlign)); u16(UInt16(blockAlign)); u16(32)
        u16(0) // cbSize: no extension
        tag("fact"); u32(4); u32(UInt32(clamping: frames))
        tag("data"); u32(dataBytes)
        return h
    }
}
