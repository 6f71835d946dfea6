/// One frame of the speech program's output (Sources/gadgetboard-speech/main.c says the
/// protocol): a 16-byte header { magic "GBSP", kind, id, count } in host byte order, then its payload.
enum SpeechFrame: Equatable {
    /// espeak-ng started; its sample rate (Hz).
    case ready(sampleRate: Int)
    /// 16-bit mono samples of utterance `id`.
    case audio(id: Int, samples: [Int16])
    /// Utterance `id` was said whole.
    case done(id: Int)
    /// The program could not go on (its one line); it exits.
    case error(String)
}

/// Cuts the speech program's byte stream into frames. A stream that is not the protocol (a
/// wrong magic: another program at that path) is `corrupt`, and the child is ended.
struct SpeechFrameParser {
    static let magic: UInt32 = 0x5053_4247
    static let headerBytes = 16
    /// Largest payload believed: 10 s of samples at 48 kHz; more is corruption, not speech.
    static let maximumCount: UInt32 = 480_000
    private var buffer: [UInt8] = []
    private var start = 0
    private(set) var corrupt = false

    mutating func append(_ bytes: UnsafeRawBufferPointer) { buffer.append(contentsOf: bytes) }

    mutating func next() -> SpeechFrame? {
        guard !corrupt, buffer.count - start >= SpeechFrameParser.headerBytes else { return nil }
        func word(_ i: Int) -> UInt32 {
            buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self) }
        }
        guard word(0) == SpeechFrameParser.magic, word(3) <= SpeechFrameParser.maximumCount else { corrupt = true; return nil }
        let kind = word(1), id = Int(word(2)), count = Int(word(3))
        let payload = kind == 2 ? count * 2 : kind == 4 ? count : 0
        guard buffer.count - start >= SpeechFrameParser.headerBytes + payload else { return nil }
        let from = start + SpeechFrameParser.headerBytes
        defer {
            start = from + payload
            if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
            else if start > 65_536 { buffer.removeFirst(start); start = 0 }
        }
        switch kind {
        case 1: return .ready(sampleRate: count)
        case 2:
            let samples = buffer.withUnsafeBytes { raw in
                (0..<count).map { raw.loadUnaligned(fromByteOffset: from + 2 * $0, as: Int16.self) }
            }
            return .audio(id: id, samples: samples)
        case 3: return .done(id: id)
        case 4: return .error(String(decoding: buffer[from..<(from + payload)], as: UTF8.self))
        default: corrupt = true; return nil
        }
    }
}
