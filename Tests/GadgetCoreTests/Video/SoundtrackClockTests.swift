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

/// A clip's start where a sound card paces its soundtrack (`VideoPlayback.awaitSound`): the
/// first picture waits for the flip at which the clip's start is heard.
@Suite struct SoundStartTests {
    let refresh: Microseconds = 16_667
    let start: Microseconds = 1_000_000

    func frames(_ n: Int) -> [VideoFrame] {
        (0..<n).map { i in
            VideoFrame(width: 2, height: 2, layout: .planar, planes: [], time: Microseconds(i) * 33_333, clipTime: nil, duration: 33_333,
                       color: VideoColor(matrix: .bt709, range: .limited), loop: 0)
        }
    }

    /// Pictures decoded at once, the sound heard from 0.3 s after the start: nothing is shown
    /// before, picture 0 at the first flip at which the sound's start is heard.
    @Test func theFirstPictureWaitsUntilItsSoundIsHeard() {
        var playback = VideoPlayback(startingAt: start, refresh: refresh)
        playback.awaitSound(from: start)
        var queue = frames(30)
        let heardFrom = start + 300_000
        var firstShown: Microseconds?
        for n in 0..<40 {
            let flip = start + Microseconds(n) * refresh
            // The voice has mixed its first chunk, to be heard at `heardFrom`, once the decoder
            // delivered (from 0.1 s on); before that there is no position.
            let position = flip >= start + 100_000 ? SoundtrackPosition(media: 0, presentation: heardFrom) : nil
            let step = playback.step(queue: &queue, endOfStream: false, flip: flip, audio: position)
            if step.newFrame, firstShown == nil {
                firstShown = flip
                #expect(playback.current?.time == 0)
            }
        }
        let shown = try? #require(firstShown)
        // The first flip at or after 0.3 s, less the cadence's quarter refresh.
        #expect(shown.map { $0 >= heardFrom - refresh / 4 && $0 < heardFrom + refresh } == true, "shown at \(String(describing: shown))")
    }

    /// No sound within the wait: the pictures start from the clip's start at the deadline flip
    /// (not from where the flip clock would have been a second in).
    @Test func withoutSoundThePicturesStartAfterTheWait() {
        var playback = VideoPlayback(startingAt: start, refresh: refresh)
        playback.awaitSound(from: start)
        var queue = frames(90)
        var firstShown: Microseconds?
        for n in 0..<80 {
            let flip = start + Microseconds(n) * refresh
            let step = playback.step(queue: &queue, endOfStream: false, flip: flip, audio: nil)
            if step.newFrame, firstShown == nil { firstShown = flip; #expect(playback.current?.time == 0) }
        }
        let deadline = start + VideoPlayback.soundStartWait
        #expect(firstShown.map { $0 >= deadline && $0 < deadline + refresh } == true)
        #expect(playback.framesDropped == 0)
    }

    /// A device that turns out not to pace (ALSA's file plugin): the first unpaced position ends
    /// the wait, and the pictures keep the flip clock's start (the sound followed it there).
    @Test func anUnpacedDeviceEndsTheWait() {
        var playback = VideoPlayback(startingAt: start, refresh: refresh)
        playback.awaitSound(from: start)
        var queue = frames(30)
        #expect(!playback.step(queue: &queue, endOfStream: false, flip: start, audio: nil).newFrame)
        let unpaced = SoundtrackPosition(media: 0, presentation: start + refresh, paced: false)
        #expect(playback.step(queue: &queue, endOfStream: false, flip: start + refresh, audio: unpaced).newFrame)
        #expect(playback.soundDeadline == nil)
    }

    /// Without `awaitSound` (no device paces) the first picture is shown at the first flip.
    @Test func withoutAPacingDeviceTheStartIsAtOnce() {
        var playback = VideoPlayback(startingAt: start, refresh: refresh)
        var queue = frames(3)
        #expect(playback.step(queue: &queue, endOfStream: false, flip: start, audio: nil).newFrame)
    }
}
