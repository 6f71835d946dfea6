import Testing
@testable import GadgetCore

/// Frame pacing with made-up flip times: cadences, drops, the loop seam, pause, seek, restart.
@Suite struct VideoPlaybackTests {
    /// 60 Hz as the flip clock gives it (whole µs).
    let refresh: Microseconds = 16_667

    func frame(_ time: Microseconds, duration: Microseconds, loop: Int = 0, generation: Int = 0, clip: Microseconds? = nil) -> VideoFrame {
        VideoFrame(width: 2, height: 2, layout: .planar, planes: [], time: time, clipTime: clip, duration: duration,
                   color: VideoColor(matrix: .bt709, range: .limited), loop: loop, generation: generation)
    }

    /// Plays `frames` (all decoded ahead) over `flips` vblanks and returns which frame index
    /// each vblank shows.
    func shown(fps: Double, frames count: Int, flips: Int, jitter: (Int) -> Microseconds = { _ in 0 }) -> (indices: [Int], playback: VideoPlayback) {
        let duration = Microseconds((1_000_000 / fps).rounded())
        var queue = (0..<count).map { frame(Microseconds((Double($0) * 1_000_000 / fps).rounded()), duration: duration) }
        let times = queue.map(\.time)
        var playback = VideoPlayback(startingAt: 5_000_000, refresh: refresh)
        var out: [Int] = []
        for n in 0..<flips {
            _ = playback.step(queue: &queue, endOfStream: false, flip: 5_000_000 + Microseconds(n) * refresh + jitter(n))
            out.append(times.firstIndex(of: playback.current!.time)!)
        }
        return (out, playback)
    }

    func runs(_ indices: [Int]) -> [Int] {
        var runs: [Int] = []
        var last = -1
        for i in indices { if i == last { runs[runs.count - 1] += 1 } else { runs.append(1); last = i } }
        return runs
    }

    @Test func twentyFourFramesAtSixtyHertzShowThreeTwoPulldown() {
        let (indices, playback) = shown(fps: 24, frames: 48, flips: 100)
        // 100 vblanks: 40 frames shown, alternately for 3 and 2 vblanks.
        #expect(Array(runs(indices).prefix(39)) == (0..<39).map { $0 % 2 == 0 ? 3 : 2 })
        #expect(indices.last == 39)
        #expect(playback.framesDropped == 0)
        #expect(playback.framesPresented == 40)
    }

    @Test func thirtyFramesAtSixtyHertzShowEveryOtherVblank() {
        let (indices, playback) = shown(fps: 30, frames: 60, flips: 100)
        #expect(runs(indices) == Array(repeating: 2, count: 50))
        #expect(playback.framesDropped == 0)
    }

    /// A loop that steps only at the flips `nextPictureFlip` asks for (the first vblank at or
    /// after it) shows what stepping at every vblank shows, with one step per picture: a 30 fps
    /// clip at 60 Hz is drawn on 50 of 100 vblanks, a 24 fps one on 40.
    @Test(arguments: [24.0, 30.0, 25.0]) func steppingOnlyAtTheWantedFlipsKeepsTheCadence(fps: Double) {
        let every = shown(fps: fps, frames: 60, flips: 100)
        let duration = Microseconds((1_000_000 / fps).rounded())
        var queue = (0..<60).map { frame(Microseconds((Double($0) * 1_000_000 / fps).rounded()), duration: duration) }
        let times = queue.map(\.time)
        var playback = VideoPlayback(startingAt: 5_000_000, refresh: refresh)
        var indices: [Int] = []
        var steps = 0
        for n in 0..<100 {
            let flip = 5_000_000 + Microseconds(n) * refresh
            if n == 0 || playback.nextPictureFlip(queue: queue, endOfStream: false).map({ $0 <= flip }) == true {
                let step = playback.step(queue: &queue, endOfStream: false, flip: flip)
                #expect(step.newFrame, "vblank \(n): stepped, but nothing new was due")
                steps += 1
            }
            indices.append(times.firstIndex(of: playback.current!.time)!)
        }
        #expect(indices == every.indices)
        #expect(steps == every.playback.framesPresented)
        #expect(playback.framesDropped == 0)
    }

    /// Nothing is wanted while paused or with nothing decoded; frames of an older generation (before
    /// a seek) and those decoded only to reach its target are skipped, as `step` skips them; a clip
    /// that does not loop wants the flip at which its last frame is over (its `ended` event).
    @Test func theWantedFlipFollowsWhatStepWouldShow() {
        var playback = VideoPlayback(startingAt: 1_000_000, refresh: refresh, loops: false)
        #expect(playback.nextPictureFlip(queue: [], endOfStream: false) == nil)
        let f0 = frame(0, duration: 40_000), f1 = frame(40_000, duration: 40_000)
        #expect(playback.nextPictureFlip(queue: [f0, f1], endOfStream: false) == 1_000_000)
        var queue = [f0]
        _ = playback.step(queue: &queue, endOfStream: false, flip: 1_000_000)
        #expect(playback.nextPictureFlip(queue: [f1], endOfStream: false) == 1_000_000 + 40_000 - refresh / 4)
        #expect(playback.nextPictureFlip(queue: [], endOfStream: true) == 1_040_000)
        // After a seek to 0.5 s: the old generation's frame and those before the target go unseen.
        _ = playback.seek(to: 500_000, at: 2_000_000)
        let stale = frame(80_000, duration: 40_000)
        let before = frame(400_000, duration: 40_000, generation: 1), at = frame(480_000, duration: 40_000, generation: 1)
        #expect(playback.nextPictureFlip(queue: [stale, before, at], endOfStream: false) == 2_000_000)
        playback.pause(at: 2_000_000)
        #expect(playback.nextPictureFlip(queue: [at], endOfStream: false) == nil)
    }

    /// Flip times a few ms early or late (a loaded machine) do not change the cadence.
    @Test func theCadenceSurvivesFlipJitter() {
        let wobble: [Microseconds] = [0, 3_000, -3_000, 2_000, -4_000, 1_000]
        let steady = shown(fps: 30, frames: 60, flips: 100).indices
        #expect(shown(fps: 30, frames: 60, flips: 100, jitter: { wobble[$0 % wobble.count] }).indices == steady)
        let steady24 = shown(fps: 24, frames: 48, flips: 100).indices
        #expect(shown(fps: 24, frames: 48, flips: 100, jitter: { wobble[$0 % wobble.count] }).indices == steady24)
    }

    /// Frames that arrive after their time are dropped (counted), and the newest due one shown.
    @Test func lateFramesAreDroppedAndCounted() {
        var playback = VideoPlayback(startingAt: 0, refresh: refresh)
        var queue = [frame(0, duration: 33_333)]
        _ = playback.step(queue: &queue, endOfStream: false, flip: 0)
        // The decoder stalls for 100 ms; three frames arrive at once.
        for n in 1...5 { _ = playback.step(queue: &queue, endOfStream: false, flip: Microseconds(n) * refresh) }
        queue = [frame(33_333, duration: 33_333), frame(66_667, duration: 33_333), frame(100_000, duration: 33_333)]
        let step = playback.step(queue: &queue, endOfStream: false, flip: 6 * refresh)
        #expect(step.newFrame)
        #expect(playback.current?.time == 100_000)
        #expect(playback.framesDropped == 2)
        #expect(playback.framesPresented == 2)
        #expect(queue.isEmpty)
    }

    /// The loop seam: the timeline offsets the second pass by the first's length, so the first
    /// frame of the next pass comes one frame duration after the last: no extra refresh.
    @Test func theLoopSeamKeepsTheCadence() {
        // A 4-frame 30 fps clip whose pts start at 1 s (streams need not start at 0).
        var timeline = VideoLoopTimeline()
        var queue: [VideoFrame] = []
        for pass in 0..<3 {
            for k in 0..<4 {
                let pts: Microseconds = 1_000_000 + Microseconds(k) * 33_333
                let t = timeline.place(pts: pts, duration: 33_333)
                queue.append(frame(t, duration: 33_333, loop: pass, clip: pts - 1_000_000))
            }
            timeline.wrap()
        }
        #expect(queue.map(\.time) == [0, 33_333, 66_666, 99_999, 133_332, 166_665, 199_998, 233_331, 266_664, 299_997, 333_330, 366_663])
        var playback = VideoPlayback(startingAt: 0, refresh: refresh)
        var events: [VideoPlayback.Event] = []
        var shownLoops: [Int] = []
        for n in 0..<24 {
            let step = playback.step(queue: &queue, endOfStream: false, flip: Microseconds(n) * refresh)
            events += step.events
            shownLoops.append(playback.current!.loop)
        }
        #expect(runs(shownLoops) == [8, 8, 8])
        #expect(events == [.started, .looped, .looped])
        #expect(playback.framesDropped == 0)
        #expect(playback.framesPresented == 12)
    }

    @Test func pauseFreezesTimeAndPlayResumesFromThere() {
        var playback = VideoPlayback(startingAt: 0, refresh: refresh)
        var queue = (0..<10).map { frame(Microseconds($0) * 33_333, duration: 33_333) }
        for n in 0..<4 { _ = playback.step(queue: &queue, endOfStream: false, flip: Microseconds(n) * refresh) }
        #expect(playback.current?.time == 33_333)
        playback.pause(at: 4 * refresh)
        #expect(!playback.isAnimating)
        // The paused flip shows the frame due at the paused time (66 668 µs), then nothing new for
        // a long pause, and nothing is dropped.
        _ = playback.step(queue: &queue, endOfStream: false, flip: 4 * refresh)
        #expect(playback.current?.time == 66_666)
        for n in 5..<100 { #expect(!playback.step(queue: &queue, endOfStream: false, flip: Microseconds(n) * refresh).newFrame) }
        #expect(playback.clipTime(at: 100 * refresh) == playback.clipTime(at: 4 * refresh))
        playback.play(at: 100 * refresh)
        var next: [Microseconds] = []
        for n in 100..<106 {
            if playback.step(queue: &queue, endOfStream: false, flip: Microseconds(n) * refresh).newFrame { next.append(playback.current!.time) }
        }
        // Media time runs on from 66 668 µs: the next frames follow on their own cadence.
        #expect(next == [99_999, 133_332])
        #expect(playback.framesDropped == 0)
    }

    /// A seek drops the older generation's frames uncounted, skips the frames decoded only to
    /// reach the target, and shows the frame covering it.
    @Test func seekShowsTheFrameAtTheTarget() {
        var playback = VideoPlayback(startingAt: 0, refresh: refresh)
        var queue = (0..<3).map { frame(Microseconds($0) * 40_000, duration: 40_000) }
        _ = playback.step(queue: &queue, endOfStream: false, flip: 0)
        let generation = playback.seek(to: 1_010_000, at: refresh)
        #expect(generation == 1)
        // The decoder restarts at the keyframe before 1.01 s (1.0 s here) in the new generation.
        queue += (25..<30).map { frame(Microseconds($0) * 40_000, duration: 40_000, generation: 1) }
        let step = playback.step(queue: &queue, endOfStream: false, flip: refresh)
        #expect(step.newFrame)
        #expect(playback.current?.time == 1_000_000)
        #expect(playback.clipTime(at: refresh) == 1_010_000)
        #expect(playback.framesDropped == 0)
        #expect(queue.first?.time == 1_040_000)
    }

    @Test func restartStartsAgainAndReportsStarted() {
        var playback = VideoPlayback(startingAt: 0, refresh: refresh, loops: false)
        var queue = (0..<2).map { frame(Microseconds($0) * 33_333, duration: 33_333) }
        var events: [VideoPlayback.Event] = []
        for n in 0..<6 { events += playback.step(queue: &queue, endOfStream: queue.isEmpty, flip: Microseconds(n) * refresh).events }
        #expect(events == [.started, .ended])
        #expect(playback.ended && !playback.isAnimating)
        let generation = playback.restart(at: 10 * refresh)
        queue = (0..<2).map { frame(Microseconds($0) * 33_333, duration: 33_333, generation: generation) }
        let step = playback.step(queue: &queue, endOfStream: false, flip: 10 * refresh)
        #expect(step.events == [.started])
        #expect(playback.current?.time == 0)
        #expect(playback.isAnimating)
    }
}
