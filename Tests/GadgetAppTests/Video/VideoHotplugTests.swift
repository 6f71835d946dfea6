import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// A video across display hotplug, with the headless doubles of `KioskHotplugTests`: each
/// headless display has its own EGL context, so the display that comes back is a new context in
/// which the old one's textures and programs do not exist. The player must make its surface
/// again there, show the frame that was on screen, and go on from the same clip position.
@Suite(.serialized) struct VideoHotplugTests {
    static func rgb(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let k = (y * image.width + x) * 4
        return Array(image.pixels[k..<k + 3])
    }

    @Test func aPlayerComesBackWithItsPictureAndPosition() throws {
        let w = try VideoKioskTests.workshop()
        try FileIO.replace(w.directory + "/board.json", with: VideoKioskTests.board)
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.boardPath = w.directory + "/board.json"
        let loaded = try w.board(VideoKioskTests.board)
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let source = KioskHotplugTests.PipeChangeSource()
        let first = try KioskHotplugTests.UnpluggableDisplay(PixelSize(320, 240))
        var reopened = 0
        let hotplug = DisplayHotplug(monitor: source, reopen: {
            reopened += 1
            return try KioskHotplugTests.UnpluggableDisplay(PixelSize(320, 240))
        })
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: hotplug, display: first)
        defer { loop.destroy() }
        let player = try #require(loop.features.videos?.player(for: "v"))
        let r = VideoKioskTests.refresh

        // Frames 0, 1 and 2 on flips 0, 2 and 4 (30 fps at 60 Hz).
        var now = loop.startTime
        for n in 0..<5 {
            now = loop.startTime + Microseconds(n) * r
            #expect(VideoKioskTests.tick(loop, now: now, due: n % 2 == 0) == (n % 2 == 0), "flip \(n)")
            try loop.drawFrame(now: now)
        }
        let shown = VideoHotplugTests.rgb(try loop.display.readPixels(), 80, 120)
        let background = VideoHotplugTests.rgb(try loop.display.readPixels(), 300, 10)
        #expect(shown != background)
        let position = player.state(at: now + r).time
        #expect(abs(position - 0.0667) < 0.001, "clip time \(position) before the unplug")

        // Unplugged: the surface goes with the context; the clip waits where it stood.
        first.connected = false
        source.cardChanged()
        loop.screen.handleHotplug(now: now + r)
        #expect(!loop.screen.isConnected)
        #expect(player.surface == nil && !player.isPlaying && !loop.live.isPaced)
        let later = now + 2_000_000
        loop.live.tick(now: later)
        #expect(player.state(at: later).time == position)

        // Back, in a new GL context: the picture that was on screen from the first frame drawn.
        source.cardChanged()
        loop.screen.handleHotplug(now: later)
        #expect(loop.screen.isConnected && reopened == 1)
        #expect(player.surface?.hasFrame == true)
        #expect(VideoKioskTests.tick(loop, now: later, due: false) == false)
        try loop.drawFrame(now: later)
        #expect(VideoHotplugTests.rgb(try loop.display.readPixels(), 80, 120) == shown)
        #expect(player.isPlaying && loop.live.isPaced)

        // And it plays on from there: frame 3 two flips later (media time 66.7 ms + 2 × 16.7 ms),
        // not a jump of two seconds, nothing dropped.
        for n in 1...3 {
            let t = later + Microseconds(n) * r
            #expect(VideoKioskTests.tick(loop, now: t, due: n == 2) == (n == 2), "flip \(n) after the return")
            try loop.drawFrame(now: t)
        }
        #expect(VideoHotplugTests.rgb(try loop.display.readPixels(), 80, 120) != shown)
        #expect(abs(player.state(at: later + 3 * r).time - 0.1) < 0.001)
        #expect(player.statistics.framesDropped == 0)
        #expect(player.statistics.framesPresented == 4)
    }
}
