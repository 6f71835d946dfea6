import Testing
@testable import GadgetCore

/// The audio clock as master: which media time a flip shows given the soundtrack's position, and
/// the pictures a playback picks when the sound card runs at another rate than the flip clock.
@Suite struct SoundtrackClockTests {
    let refresh: Microseconds = 16_667

    func frame(_ time: Microseconds, duration: Microseconds, loop: Int = 0, clip: Microseconds? = nil) -> VideoFrame {
        VideoFrame(width: 2, height: 2, layout: .planar, planes: [], time: time, clipTime: clip, duration: duration,
                   color: VideoColor(matrix: .bt709, range: .limited), loop: loop)
    }

    @Test func aPacedPositionIsExtrapolatedToTheFlip() {
        let p = SoundtrackPosition(media: 2_000_000, pass: 0, clipTime: 2_000_000, presentation: 10_000_000)
        #expect(SoundtrackClock.videoMediaTime(at: 10_016_667, position: p, generation: 0, passStart: { $0 == 0 ? 0 : nil }) == 2_016_667)
    }

    @Test func theFlipClockKeepsThePictureWithoutAPacingDevice() {
        let unpaced = SoundtrackPosition(media: 0, presentation: 0, paced: false)
        #expect(SoundtrackClock.videoMediaTime(at: 0, position: unpaced, generation: 0, passStart: { _ in 0 }) == nil)
        #expect(SoundtrackClock.videoMediaTime(at: 0, position: nil, generation: 0, passStart: { _ in 0 }) == nil)
        let old = SoundtrackPosition(media: 0, presentation: 0, generation: 0)
        #expect(SoundtrackClock.videoMediaTime(at: 0, position: old, generation: 1, passStart: { _ in 0 }) == nil)
        let stale = SoundtrackPosition(media: 0, presentation: 0)
        #expect(SoundtrackClock.videoMediaTime(at: SoundtrackClock.freshness + 1, position: stale, generation: 0, passStart: { _ in 0 }) == nil)
    }

    /// A loop's sound lasting 2.010 s and its pictures 2.000 s: the position in pass 1 maps onto
    /// the pictures' pass 1 by clip time, not by the sound's own (longer) timeline.
    @Test func aLaterPassMapsByClipTime() {
        let p = SoundtrackPosition(media: 2_010_000 + 500_000, pass: 1, clipTime: 500_000, presentation: 0)
        #expect(SoundtrackClock.videoMediaTime(at: 0, position: p, generation: 0, passStart: { [0: 0, 1: 2_000_000][$0] }) == 2_500_000)
        #expect(SoundtrackClock.videoMediaTime(at: 0, position: p, generation: 0, passStart: { [0: 0][$0] }) == nil)
    }

    /// A card 1 % slow against the flip clock (an extreme, to show in 100 flips): the pictures
    /// follow what is heard, 1 % late, and the flip clock alone would run ahead of the sound.
    @Test func picturesFollowASlowCard() {
        let fps = 30.0
        let duration = Microseconds((1_000_000 / fps).rounded())
        let frames = (0..<90).map { frame(Microseconds((Double($0) * 1_000_000 / fps).rounded()), duration: duration) }
        var queue = frames
        var playback = VideoPlayback(startingAt: 1_000_000, refresh: refresh)
        var audioShown: [Microseconds] = []
        for n in 0..<150 {
            let flip = 1_000_000 + Microseconds(n) * refresh
            // The sound heard at `flip`, as the voice's last mix (5 ms before) recorded it.
            let heard = Microseconds(Double(flip - 1_000_000 - 5_000) * 0.99)
            let position = SoundtrackPosition(media: heard, presentation: flip - 5_000)
            _ = playback.step(queue: &queue, endOfStream: false, flip: flip, audio: position)
            #expect(playback.followsAudio)
            audioShown.append(playback.current!.time)
            // The picture is the one whose time is the sound's (within the cadence's quarter refresh).
            let media = heard + 5_000
            #expect(playback.current!.time <= media + refresh / 4)
            #expect(playback.current!.time + duration > media + refresh / 4 - duration)
        }
        // The last flip is 2.483 s into the clip on the flip clock, 2.459 s into the sound:
        // picture 73 (2.433 s) is heard, picture 74 (2.467 s) not yet.
        #expect(audioShown.last == frames[73].time)
        var flipQueue = frames
        var flipClock = VideoPlayback(startingAt: 1_000_000, refresh: refresh)
        for n in 0..<150 { _ = flipClock.step(queue: &flipQueue, endOfStream: false, flip: 1_000_000 + Microseconds(n) * refresh) }
        #expect(flipClock.current!.time == frames[74].time)
        #expect(!flipClock.followsAudio)
    }

    /// While paused the sound stands still and the clock does not follow it.
    @Test func aPausedPlaybackIgnoresTheSound() {
        var queue = (0..<10).map { frame(Microseconds($0) * 33_333, duration: 33_333) }
        var playback = VideoPlayback(startingAt: 0, refresh: refresh)
        _ = playback.step(queue: &queue, endOfStream: false, flip: 0)
        playback.pause(at: 16_667)
        _ = playback.step(queue: &queue, endOfStream: false, flip: 100_000, audio: SoundtrackPosition(media: 200_000, presentation: 100_000))
        #expect(!playback.followsAudio)
        #expect(playback.current!.time == 0)
    }
}
