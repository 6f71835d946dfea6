import Testing
@testable import GadgetSpeech

/// The speech program's frames, cut from a byte stream that arrives in any pieces.
@Suite struct SpeechFrameParserTests {
    static func frame(_ kind: UInt32, _ id: UInt32, _ count: UInt32, _ payload: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        for w in [SpeechFrameParser.magic, kind, id, count] { withUnsafeBytes(of: w) { bytes += $0 } }
        return bytes + payload
    }

    @Test func framesSplitAnywhereAreReadWhole() {
        var samples: [UInt8] = []
        for s: Int16 in [1, -2, 300] { withUnsafeBytes(of: s) { samples += $0 } }
        let stream = Self.frame(1, 0, 22_050) + Self.frame(2, 5, 3, samples) + Self.frame(3, 5, 0) + Self.frame(4, 0, 2, Array("no".utf8))
        for cut in [1, 7, 16, 17, 40] {
            var p = SpeechFrameParser()
            var frames: [SpeechFrame] = []
            stream.withUnsafeBytes { p.append(UnsafeRawBufferPointer(rebasing: $0[0..<cut])) }
            while let f = p.next() { frames.append(f) }
            stream.withUnsafeBytes { p.append(UnsafeRawBufferPointer(rebasing: $0[cut...])) }
            while let f = p.next() { frames.append(f) }
            #expect(frames == [.ready(sampleRate: 22_050), .audio(id: 5, samples: [1, -2, 300]), .done(id: 5), .error("no")], "cut at \(cut)")
        }
    }

    @Test func anotherProgramsOutputIsCorrupt() {
        var p = SpeechFrameParser()
        Array("Usage: something else\n".utf8).withUnsafeBytes { p.append($0) }
        #expect(p.next() == nil)
        #expect(p.corrupt)
    }
}
