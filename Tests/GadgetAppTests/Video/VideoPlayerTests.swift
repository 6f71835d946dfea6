import Glibc
import Logging
import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetSystem
import GadgetVideo

/// The player in a headless GL context, driven with made-up flip times. Where a frame is due,
/// the test waits for the decode thread to deliver it (poll on the wake descriptor), so the
/// outcome does not depend on how fast this machine decodes.
@Suite struct VideoPlayerTests {
    let logger = Logger(label: "test")
    let refresh: Microseconds = 16_667

    func player(_ w: VideoSnapshotTests.Workshop, _ name: String, loop: Bool = true) throws -> VideoPlayer {
        try VideoPlayer(gadget: "v", index: 0, video: VideoReference(path: name, jsonPath: "gadgets[0].video", loop: loop),
                        directory: w.directory, startingAt: 0, refresh: refresh, hardware: .none,
                        limits: .standard, logger: logger)
    }

    /// Updates at `flip` until a new frame shows, waiting on the decoder between tries.
    func updateUntilNewFrame(_ p: VideoPlayer, flip: Microseconds) -> [VideoPlayer.Event] {
        var events: [VideoPlayer.Event] = []
        while true {
            let r = p.update(flip: flip, logger: logger)
            events += r.events
            if r.changed { return events }
            guard let fd = p.wakeDescriptor else { return events }
            var poll = PollSet()
            poll.add(fd)
            _ = try? poll.wait(timeoutMilliseconds: -1)
        }
    }

    @Test func aLoopingClipShowsEveryFrameOnTheTwoTwoCadence() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 48))
        try display.beginFrame()
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x48:r=30", "-frames:v", "5", "-vf", "geq=lum='N*8':cb=128:cr=128",
                      "-c:v", "libx264", "-pix_fmt", "yuv420p", "-qp", "0", w.directory + "/clip.mp4"])
        let p = try player(w, "clip.mp4")
        defer { p.destroy() }
        var events: [VideoPlayer.Event.Kind] = []
        for n in 0..<30 {
            let flip = Microseconds(n) * refresh
            if n % 2 == 0 {
                events += updateUntilNewFrame(p, flip: flip).map(\.kind)
            } else {
                let r = p.update(flip: flip, logger: logger)
                #expect(!r.changed, "flip \(n) showed a new frame between frames")
                events += r.events.map(\.kind)
            }
        }
        #expect(events == [.started, .looped, .looped])
        #expect(p.statistics.framesPresented == 15)
        #expect(p.statistics.framesDropped == 0)
        #expect(p.statistics.decoder == "h264")
        #expect(p.isPlaying)
        let state = p.state(at: 29 * refresh)
        #expect(state.playing && abs(state.time - 4.0 / 30) < 0.02)
        // Paused: not animating (the loop idles), and the time stands.
        p.pause(at: 30 * refresh)
        #expect(!p.isPlaying)
        #expect(p.state(at: 100 * refresh).time == p.state(at: 30 * refresh).time)
    }

    @Test func aBrokenClipReportsOneErrorAndKeepsThePoster() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 48))
        try display.beginFrame()
        let w = VideoSnapshotTests.Workshop()
        try FileIO.replace(w.directory + "/clip.mp4", with: "not a video")
        let p = try player(w, "clip.mp4")
        defer { p.destroy() }
        let first = p.update(flip: 0, logger: logger)
        #expect(first.events.map(\.kind) == [.error])
        #expect(first.events.first?.message?.contains("clip.mp4") == true)
        #expect(!first.changed && p.surface?.hasFrame == false)
        #expect(p.update(flip: refresh, logger: logger).events.isEmpty)
        #expect(!p.isPlaying && p.wakeDescriptor == nil)
    }

    /// A player whose own queue is full offers no wake descriptor: the decode thread's pipe stays
    /// readable while frames wait there, and polling it then woke the loop again at once (the
    /// loop spun between flips: most of a 720p kiosk's CPU). Each wait below is for a decoded
    /// frame; without the fix the descriptor never goes and the bound ends the loop instead.
    @Test func aFullQueueIsNotPolledAndATakenFrameMakesRoom() throws {
        let display = try HeadlessDisplay(size: PixelSize(64, 48))
        try display.beginFrame()
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "color=c=black:s=64x48:r=30", "-frames:v", "30", "-vf", "geq=lum='N*8':cb=128:cr=128",
                      "-c:v", "libx264", "-pix_fmt", "yuv420p", w.directory + "/clip.mp4"])
        let p = try player(w, "clip.mp4")
        defer { p.destroy() }
        var rounds = 0
        while let fd = p.wakeDescriptor, rounds < 100 {
            var poll = PollSet()
            poll.add(fd)
            _ = try? poll.wait(timeoutMilliseconds: -1)
            _ = p.collect(logger: logger)
            rounds += 1
        }
        #expect(p.wakeDescriptor == nil, "a full player still offered the decoder's wake pipe")
        #expect(rounds <= VideoDecodeThread.standardCapacity, "\(rounds) wake-ups to fill a queue of \(VideoDecodeThread.standardCapacity)")
        // A flip takes frames from the queue: the decoder's pipe is polled again.
        _ = p.update(flip: 3 * refresh, logger: logger)
        #expect(p.wakeDescriptor != nil)
    }
}
