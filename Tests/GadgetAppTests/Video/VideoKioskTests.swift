import Glibc
import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// A video gadget in the running kiosk: the loop creates its player (a live feature), draws at the
/// display's rate while it plays, shows each decoded frame at its flip on the cadence, and damage
/// tracking redraws only the video's rectangle, every frame identical to a full redraw
/// (`--verify-damage`). Time is made up (60 Hz steps); where a frame is due the test waits for the
/// decode thread to have it, so the outcome does not depend on how fast this machine decodes.
@Suite(.serialized) struct VideoKioskTests {
    static let refresh: Microseconds = 16_667

    /// A 320x240 board: the video fills the left half (full height, so the check does not depend
    /// on which way rows are read back), a still colour square sits on the right.
    static let board = ##"{"size":[320,240],"background":"#203040","gadgets":["## +
        ##"{"id":"v","center":[80,120],"size":[160,240],"video":"clip.mp4"},"## +
        ##"{"id":"sq","center":[240,120],"size":[60,60],"color":"#ff8800"}]}"##

    /// The same board with the video gadget a plain colour.
    static let boardWithoutVideo = ##"{"size":[320,240],"background":"#203040","gadgets":["## +
        ##"{"id":"v","center":[80,120],"size":[160,240],"color":"#000000"},"## +
        ##"{"id":"sq","center":[240,120],"size":[60,60],"color":"#ff8800"}]}"##

    /// Six frames at 30 fps, each a different flat grey (frame n: luma 20 + 36n), looping.
    static func workshop() throws -> VideoSnapshotTests.Workshop {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x48:r=30", "-frames:v", "6", "-vf", "geq=lum='20+N*36':cb=128:cr=128",
                      "-c:v", "libx264", "-pix_fmt", "yuv420p", "-qp", "0", w.directory + "/clip.mp4"])
        return w
    }

    static func kiosk(_ w: VideoSnapshotTests.Workshop, buffers: Int) throws -> KioskLoop {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.verifyDamage = true
        o.watchBoard = false
        o.boardPath = w.directory + "/board.json"
        let loaded = try w.board(board)
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        return try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil,
                             display: try HeadlessDisplay(size: PixelSize(320, 240), buffers: buffers))
    }

    /// Ticks the board at `now`; where `due`, until the video's revision goes up (waiting on the
    /// board's wake descriptors for the decoder between tries). Returns whether it went up.
    static func tick(_ loop: KioskLoop, now: Microseconds, due: Bool) -> Bool {
        let before = loop.live.scene.contentRevisions[0]
        for _ in 0..<200 {
            loop.live.tick(now: now)
            if loop.live.scene.contentRevisions[0] != before || !due { break }
            var poll = PollSet()
            for d in loop.live.wakeDescriptors { poll.add(d) }
            _ = try? poll.wait(timeoutMilliseconds: 5000)  // a safety bound, never reached when the decoder works
        }
        return loop.live.scene.contentRevisions[0] != before
    }

    @Test(arguments: [1, 2]) func aPlayingVideoRedrawsOnlyItsRectangleOnTheTwoTwoCadence(buffers: Int) throws {
        let w = try VideoKioskTests.workshop()
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.board)
        let loop = try VideoKioskTests.kiosk(w, buffers: buffers)
        defer { loop.destroy() }
        let player = try #require(loop.features.videos?.player(for: "v"))
        #expect(loop.live.isPaced)
        var previous: RGBAImage?
        var changedFrames = 0
        for n in 0..<48 {
            let now = loop.startTime + Microseconds(n) * VideoKioskTests.refresh
            // 30 fps at 60 Hz: a new frame on every other flip, none between.
            let new = VideoKioskTests.tick(loop, now: now, due: n % 2 == 0)
            #expect(new == (n % 2 == 0), "flip \(n): new frame \(new)")
            try loop.drawFrame(now: now)
            let image = try loop.display.readPixels()
            if let previous {
                var outside = 0, inside = 0
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let k = (y * image.width + x) * 4
                        guard image.pixels[k..<k + 3] != previous.pixels[k..<k + 3] else { continue }
                        if x < 160 { inside += 1 } else { outside += 1 }
                    }
                }
                #expect(outside == 0, "flip \(n): \(outside) pixels changed outside the video")
                if inside > 0 { changedFrames += 1 }
                if n % 2 == 0 { #expect(inside == 160 * 240, "flip \(n): \(inside) pixels of the video changed") }
            }
            previous = image
        }
        #expect(changedFrames == 23)
        #expect(player.statistics.framesPresented == 24)
        #expect(player.statistics.framesDropped == 0)
        let verifier = try #require(loop.drawer.verifier)
        #expect(verifier.frames == 48 && verifier.mismatchedFrames == 0)
        #expect(loop.pacing.stats.redrawnFraction < 0.6, "damage tracking drew \(loop.pacing.stats.redrawnFraction) of the screen")
        // Paused: no longer animating, so the loop idles (no frame wanted).
        player.pause(at: loop.startTime + 48 * VideoKioskTests.refresh)
        loop.live.tick(now: loop.startTime + 48 * VideoKioskTests.refresh)
        #expect(!loop.live.isPaced)
    }

    /// The loop draws for the video's pictures only: a 30 fps clip at 60 Hz wants a frame on every
    /// other refresh, not on each (issue 25: drawing each refresh doubled the frames a playing
    /// clip cost). Between two pictures the board is paced, not idle (the run of drawing goes on),
    /// and the flip the next picture wants is the one two refreshes after the last picture's.
    @Test func aPlayingVideoWantsAFrameOnlyWhenItsNextPictureIsDue() throws {
        let w = try VideoKioskTests.workshop()
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.board)
        let loop = try VideoKioskTests.kiosk(w, buffers: 2)
        defer { loop.destroy() }
        let refresh = VideoKioskTests.refresh
        var drawn = 0
        for n in 0..<40 {
            let now = loop.startTime + Microseconds(n) * refresh
            _ = VideoKioskTests.tick(loop, now: now, due: n % 2 == 0)
            #expect(loop.wantsFrame == (n % 2 == 0), "refresh \(n): wants a frame \(loop.wantsFrame)")
            #expect(loop.live.isPaced && !loop.live.isAnimating)
            guard loop.wantsFrame else { continue }
            try loop.drawFrame(now: now)
            drawn += 1
            // The next picture, once decoded, is due at the flip two refreshes after this one's
            // (this frame shows at now + refresh).
            var wanted = loop.live.nextFlipWanted
            for _ in 0..<200 where wanted == nil {
                var poll = PollSet()
                for d in loop.live.wakeDescriptors { poll.add(d) }
                _ = try? poll.wait(timeoutMilliseconds: 5000)
                loop.live.tick(now: now)
                wanted = loop.live.nextFlipWanted
            }
            let flip = try #require(wanted)
            #expect(flip > now + 2 * refresh && flip <= now + 3 * refresh, "refresh \(n): next picture wanted at now + \(flip - now) µs")
        }
        #expect(drawn == 20)
        let player = try #require(loop.features.videos?.player(for: "v"))
        #expect(player.statistics.framesPresented == 20 && player.statistics.framesDropped == 0)
        player.pause(at: loop.startTime + 40 * refresh)
        #expect(!loop.live.isPaced && loop.live.nextFlipWanted == nil)
    }

    /// A reload that keeps the clip keeps its player (no seam); one without the video retires it
    /// (no feature left polling a stopped decoder), and one that brings a video back starts one.
    @Test func reloadsKeepRetireAndStartPlayers() throws {
        let w = try VideoKioskTests.workshop()
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.board)
        let loop = try VideoKioskTests.kiosk(w, buffers: 1)
        defer { loop.destroy() }
        func players() -> [VideoPlayer] { loop.live.features.compactMap { $0 as? VideoPlayer } }
        let first = try #require(players().first)
        #expect(players().count == 1)
        #expect(VideoKioskTests.tick(loop, now: loop.startTime, due: true))
        try loop.drawFrame(now: loop.startTime)
        loop.live.reload(reason: "SIGHUP", now: loop.startTime)
        try loop.live.awaitLoad(now: loop.startTime)
        #expect(players().count == 1 && players().first === first)
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.boardWithoutVideo)
        loop.live.reload(reason: "SIGHUP", now: loop.startTime)
        try loop.live.awaitLoad(now: loop.startTime)
        #expect(players().isEmpty && loop.features.videos?.players.isEmpty == true)
        #expect(loop.features.videos?.statistics.framesPresented == 1)
        try loop.drawFrame(now: loop.startTime + VideoKioskTests.refresh)
        #expect(loop.live.scene.videoSurfaces.isEmpty)
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.board)
        loop.live.reload(reason: "SIGHUP", now: loop.startTime)
        try loop.live.awaitLoad(now: loop.startTime)
        #expect(players().count == 1 && players().first !== first)
    }
}
