import Testing
@testable import GadgetAudio

/// Float to the integer formats a card takes: full scale stays full scale, never wraps.
@Suite struct SampleConversionTests {
    let input: [Float] = [0, 1, -1, 0.5, -0.5, 1.5, -2, 0.25]

    @Test func s16() {
        var out = [Int16](repeating: 99, count: input.count)
        input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { SampleConversion.s16(i, into: $0) } }
        #expect(out == [0, 32767, -32767, 16384, -16384, 32767, -32767, 8192])
    }

    @Test func s32() {
        var out = [Int32](repeating: 99, count: input.count)
        input.withUnsafeBufferPointer { i in out.withUnsafeMutableBufferPointer { SampleConversion.s32(i, into: $0) } }
        #expect(out == [0, .max, .min, 1 << 30, -(1 << 30), .max, .min, 1 << 29])
    }
}
