import Testing
@testable import GadgetCore

/// Pictures the sound has overtaken (the audio clock as master, issue 37): which ones a player
/// drops before a flip, when a full queue's front one goes, and that a loop drawing far slower
/// than the clip keeps showing the picture the listener hears.
@Suite struct OvertakenPicturesTests {
    let picture: Microseconds = 33_333

    func frame(_ index: Int, loop: Int = 0, generation: Int = 0) -> VideoFrame {
        VideoFrame(width: 2, height: 2, layout: .planar, planes: [], time: Microseconds(index) * picture,
                   clipTime: Microseconds(index) * picture, duration: picture,
                   color: VideoColor(matrix: .bt709, range: .limited), loop: loop, generation: generation)
    }

    /// The sound heard at clip time `clip` (pass `pass`) at monotonic 10 s.
    func heard(_ clip: Microseconds, pass: Int = 0, paced: Bool = true, generation: Int = 0) -> SoundtrackPosition {
        SoundtrackPosition(media: clip, pass: pass, clipTime: clip, presentation: 10_000_000, generation: generation, paced: paced)
    }

    @Test func everyPictureBeforeTheNewestHeardOneIsOvertaken() {
        let queue = (0..<6).map { frame($0) }
        // 20 ms after the position: the sound is at 0.1 s + 20 ms = picture 3's time + 20 ms.
        #expect(OvertakenPictures.count(queue, position: heard(100_000), now: 10_020_000) == 3)
        // Exactly at a picture's time it is heard: the one before it goes.
        #expect(OvertakenPictures.count(queue, position: heard(3 * picture), now: 10_000_000) == 3)
        #expect(OvertakenPictures.count(queue, position: heard(3 * picture - 1), now: 10_000_000) == 2)
        // The newest heard picture stays, also the last one of a clip.
        #expect(OvertakenPictures.count(queue, position: heard(5_000_000), now: 10_000_000) == 5)
        #expect(OvertakenPictures.count([frame(0)], position: heard(5_000_000), now: 10_000_000) == 0)
    }

    @Test func nothingIsOvertakenWhereTheSoundDoesNotLead() {
        let queue = (0..<6).map { frame($0) }
        #expect(OvertakenPictures.count(queue, position: nil, now: 10_000_000) == 0)
        #expect(OvertakenPictures.count(queue, position: heard(200_000, paced: false), now: 10_000_000) == 0)
        // A stale position (the sound stopped, the device went away) decides nothing.
        #expect(OvertakenPictures.count(queue, position: heard(200_000), now: 10_000_000 + SoundtrackClock.freshness + 1) == 0)
        // Pictures of another seek are not the sound's.
        #expect(OvertakenPictures.count(queue, position: heard(200_000, generation: 1), now: 10_000_000) == 0)
    }

    @Test func aLaterPassOvertakesTheWholeEarlierOne() {
        let queue = [frame(58), frame(59), frame(0, loop: 1), frame(1, loop: 1), frame(2, loop: 1)]
        #expect(OvertakenPictures.count(queue, position: heard(40_000, pass: 1), now: 10_000_000) == 3)
        // Still in pass 0: its last picture is heard, the next pass's are not.
        #expect(OvertakenPictures.count(queue, position: heard(59 * picture + 10_000), now: 10_000_000) == 1)
    }

    @Test func aFullQueueKnowsWhenItsFrontPictureIsOvertaken() {
        let queue = (3..<7).map { frame($0) }
        // The sound at picture 3's time + 10 ms: picture 4 is heard 23.3 ms later.
        #expect(OvertakenPictures.nextOvertake(queue, position: heard(3 * picture + 10_000), now: 10_000_000) == 10_000_000 + picture - 10_000)
        #expect(OvertakenPictures.nextOvertake(queue, position: nil, now: 10_000_000) == nil)
        #expect(OvertakenPictures.nextOvertake([frame(3)], position: heard(0), now: 10_000_000) == nil)
        // The next picture in a pass not heard yet: unknown (the caller looks again).
        #expect(OvertakenPictures.nextOvertake([frame(59), frame(0, loop: 1)], position: heard(59 * picture), now: 10_000_000) == nil)
    }

    /// The VM's case: a loop that draws a frame every 462 ms, taking at most 4 pictures per frame
    /// from a decoder that keeps 4 ready, for 30 s of a 30 fps clip whose sound plays in real
    /// time. Dropping the overtaken pictures before the hand-over keeps each flip's picture the
    /// one heard at that flip (within one picture); handing them over in order, the pictures fall
    /// behind by 462 - 133 ms every frame (the 13 s the VM showed after a minute).
    @Test func aSlowLoopShowsThePictureTheListenerHears() {
        func run(dropping: Bool) -> (lag: Microseconds, overtaken: Int) {
            let start: Microseconds = 10_000_000, draw: Microseconds = 462_000
            var playback = VideoPlayback(startingAt: start, refresh: 16_667)
            var decoded: [VideoFrame] = [], held: [VideoFrame] = []
            var next = 0, overtaken = 0, lag: Microseconds = 0
            var flip = start
            while flip < start + 30_000_000 {
                // The frame is begun a refresh before its flip; the sound as the audio thread
                // last mixed it (5 ms before that, heard 30 ms after its mix).
                let now = flip - 16_667
                let sound = SoundtrackPosition(media: now + 25_000 - start, presentation: now + 25_000)
                // The decoder keeps 4 ready; dropping, it decodes past what the sound overtook.
                while decoded.count < 4 || (dropping && OvertakenPictures.count(decoded, position: sound, now: now) > 0) {
                    if dropping { let n = OvertakenPictures.count(decoded, position: sound, now: now); decoded.removeFirst(n); overtaken += n }
                    if decoded.count < 4 { decoded.append(frame(next)); next += 1 }
                }
                if dropping { let n = OvertakenPictures.count(held, position: sound, now: flip); held.removeFirst(n); overtaken += n }
                let room = 4 - held.count
                held += decoded.prefix(room)
                decoded.removeFirst(min(room, decoded.count))
                _ = playback.step(queue: &held, endOfStream: false, flip: flip, audio: sound)
                let hearing = flip - start
                lag = max(lag, hearing - playback.current!.clipTime)
                flip += draw
            }
            return (lag, overtaken)
        }
        let kept = run(dropping: true)
        #expect(kept.lag < picture + 16_667 / 4)
        #expect(kept.overtaken > 500)
        let inOrder = run(dropping: false)
        #expect(inOrder.lag > 20_000_000)
    }
}
