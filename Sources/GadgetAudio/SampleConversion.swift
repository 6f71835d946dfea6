/// The mix's float samples as the integer formats a card takes, when it takes no float
/// (`ALSAOutput`). Values beyond -1...1 cannot reach here (the mixer clamps), but a full-scale
/// +1.0 does: it becomes the largest integer, not a wrapped negative one.
enum SampleConversion {
    /// S16: ×32767, rounded (symmetric: -1 → -32767, as most mixers do; -32768 is never produced).
    static func s16(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Int16>) {
        for i in 0..<min(input.count, output.count) {
            output[i] = Int16(clamping: Int32((max(-1, min(1, input[i])) * 32767).rounded()))
        }
    }

    /// S32: ×2^31 in double precision (2147483647 is not a float), +1.0 clamped to Int32.max.
    static func s32(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Int32>) {
        for i in 0..<min(input.count, output.count) {
            output[i] = Int32(clamping: Int64((Double(max(-1, min(1, input[i]))) * 2_147_483_648).rounded()))
        }
    }
}
