import Testing
@testable import GadgetCore

/// The shader's YUV→RGB map, checked through its CPU twin at the standards' reference points.
@Suite struct VideoColorTests {
    func close(_ a: (Double, Double, Double), _ b: (Double, Double, Double), within e: Double = 0.004) -> Bool {
        abs(a.0 - b.0) < e && abs(a.1 - b.1) < e && abs(a.2 - b.2) < e
    }

    @Test func limitedRangeBlackAndWhiteAreTheCodeValues16And235() {
        for m in [VideoColor.Matrix.bt601, .bt709] {
            let c = VideoColor(matrix: m, range: .limited)
            #expect(close(c.rgb(y: 16, u: 128, v: 128), (0, 0, 0)))
            #expect(close(c.rgb(y: 235, u: 128, v: 128), (1, 1, 1)))
        }
    }

    @Test func fullRangeUsesEveryCodeValue() {
        let c = VideoColor(matrix: .bt601, range: .full)
        #expect(close(c.rgb(y: 0, u: 128, v: 128), (0, 0, 0)))
        #expect(close(c.rgb(y: 255, u: 128, v: 128), (1, 1, 1)))
    }

    /// 75% red as each standard encodes it (limited range): the matrices differ, so decoding
    /// with the wrong one shows the wrong red.
    @Test func theMatricesDecodeTheirOwnRed() {
        // BT.709 100% red: Y 63, Cb 102, Cr 240; BT.601 100% red: Y 81, Cb 90, Cr 240.
        #expect(close(VideoColor(matrix: .bt709, range: .limited).rgb(y: 63, u: 102, v: 240), (1, 0, 0), within: 0.01))
        #expect(close(VideoColor(matrix: .bt601, range: .limited).rgb(y: 81, u: 90, v: 240), (1, 0, 0), within: 0.01))
        #expect(!close(VideoColor(matrix: .bt601, range: .limited).rgb(y: 63, u: 102, v: 240), (1, 0, 0), within: 0.03))
    }

    @Test func untaggedStreamsGuessByHeight() {
        #expect(VideoColor.guess(height: 576).matrix == .bt601)
        #expect(VideoColor.guess(height: 720).matrix == .bt709)
    }
}
