import Testing
@testable import GadgetCore

/// Which cue shows at a clip time: start inclusive, end exclusive, overlaps stacked, and a
/// looping clip's seam (its clip time starts again at 0, so its cues do).
@Suite struct CaptionTrackTests {
    let track = CaptionTrack(cues: [
        .init(start: 0, end: 500_000, text: "first"),
        .init(start: 1_000_000, end: 2_000_000, text: "middle"),
        .init(start: 1_500_000, end: 2_500_000, text: "overlap"),
        .init(start: 2_900_000, end: 3_000_000, text: "last"),
    ])

    @Test func startIsInsideAndEndIsNot() {
        #expect(track.text(at: 0) == "first")
        #expect(track.text(at: 499_999) == "first")
        #expect(track.text(at: 500_000) == nil)
        #expect(track.text(at: 999_999) == nil)
        #expect(track.text(at: 1_000_000) == "middle")
        #expect(track.text(at: -1) == nil)
    }

    @Test func overlappingCuesShowTogetherInOrderOfStart() {
        #expect(track.text(at: 1_600_000) == "middle\noverlap")
        #expect(track.text(at: 2_000_000) == "overlap")
    }

    /// A 3 s clip looping at 30 fps: the pictures on screen around the seam carry clip times
    /// 2.9667 s (pass 0's last picture) then 0 (pass 1's first): the last cue, then the first.
    @Test func aLoopSeamShowsTheLastCueThenTheFirstAgain() {
        let frame: Microseconds = 33_333
        let seam: [Microseconds] = [3_000_000 - frame, 0, frame]
        #expect(seam.map { track.text(at: $0) } == ["last", "first", "first"])
        // The same clip times as the player's frames carry them (VideoFrame.clipTime) whatever
        // the pass: pass 5's picture at 1.2 s shows what pass 0's did.
        #expect(track.text(at: 1_200_000) == "middle")
    }
}
