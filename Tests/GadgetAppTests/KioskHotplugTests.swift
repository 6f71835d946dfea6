import Glibc
import SystemPackage
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay

/// Display hotplug in the loop, with doubles: a pipe for the uevents and headless displays whose
/// "connector" the test unplugs. The real uevents and KMS are the VM test's (Tests/vm).
@Suite(.serialized) struct KioskHotplugTests {
    /// A headless display with a connector the test can unplug.
    final class UnpluggableDisplay: DisplayBackend {
        let inner: HeadlessDisplay
        var connected = true
        /// A display gone may refuse to make its context current (KMS: the device is gone).
        var refusesContext = false
        init(_ size: PixelSize) throws { inner = try HeadlessDisplay(size: size) }
        var summary: String { "test " + inner.summary }
        var pixelSize: PixelSize { inner.pixelSize }
        var refreshInterval: Microseconds? { inner.refreshInterval }
        func beginFrame() throws(DisplayError) {
            if refusesContext { throw .unavailable("test: the context cannot be made current") }
            try inner.beginFrame()
        }
        func present() throws(DisplayError) { try inner.present() }
        var isFlipPending: Bool { inner.isFlipPending }
        var eventDescriptor: FileDescriptor? { inner.eventDescriptor }
        func dispatchEvents() throws(DisplayError) -> [FlipEvent] { try inner.dispatchEvents() }
        func readPixels() throws(DisplayError) -> RGBAImage { try inner.readPixels() }
        func setPowered(_ on: Bool) -> Bool { false }
        func isConnected() -> Bool { connected }
    }

    /// "A card changed", as a pipe: readable until taken.
    final class PipeChangeSource: DisplayChangeSource {
        let fds: [Int32]
        init() {
            var p: [Int32] = [0, 0]
            _ = pipe(&p)
            for fd in p { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            fds = p
        }
        deinit { for fd in fds { close(fd) } }
        var descriptor: FileDescriptor { FileDescriptor(rawValue: fds[0]) }
        func cardChanged() { var b: UInt8 = 1; _ = write(fds[1], &b, 1) }
        func take() -> [String] {
            var buffer = [UInt8](repeating: 0, count: 64)
            var n = 0
            while read(fds[0], &buffer, buffer.count) > 0 { n += 1 }
            return n > 0 ? ["/dev/dri/card0"] : []
        }
    }

    /// Unplugged: the loop runs on without a display and says so; plugged back at another size
    /// (a TV returning at 1024×768): the board is fitted anew and drawn, its state kept.
    @Test func unplugThenReturnAtAnotherSizeRefitsTheBoard() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.boardPath = fixturesDirectory() + "/golden-board/board.json"
        o.display = .headless
        guard case .success(let loaded) = BoardSource.load(o.boardPath) else { Issue.record("board"); return }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let source = PipeChangeSource()
        let first = try UnpluggableDisplay(PixelSize(Int(loaded.board.size.width), Int(loaded.board.size.height)))
        var reopened = 0
        let hotplug = DisplayHotplug(monitor: source, reopen: {
            reopened += 1
            return try UnpluggableDisplay(PixelSize(1024, 768))
        })
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: hotplug, display: first)
        defer { loop.destroy() }
        try loop.drawFrame(now: 1_000)
        let before = loop.session.renderPoses()

        // A change uevent with the connector still there: nothing happens.
        source.cardChanged()
        loop.screen.handleHotplug(now: 2_000)
        #expect(loop.screen.isConnected && reopened == 0)

        first.connected = false
        source.cardChanged()
        loop.screen.handleHotplug(now: 3_000)
        #expect(!loop.screen.isConnected)
        #expect(loop.display is DisconnectedDisplay)
        #expect(service.metrics.displayConnected == false && service.metrics.displayDisconnects == 1)
        #expect(reopened == 0)

        source.cardChanged()
        loop.screen.handleHotplug(now: 4_000)
        #expect(loop.screen.isConnected && reopened == 1)
        #expect(loop.display.pixelSize == PixelSize(1024, 768))
        #expect(loop.scene.viewport.displaySize == PixelSize(1024, 768))
        #expect(service.metrics.displayConnected && service.metrics.displayReconnects == 1)
        #expect(loop.session.renderPoses() == before)
        // It draws on the new display, the board fitted to it.
        try loop.drawFrame(now: 5_000)
        let shot = try loop.display.readPixels()
        #expect(shot.width == 1024 && shot.height == 768)
    }

    /// `--verify-damage` across a display that goes and comes back: the new display has a new GL
    /// context, so the verifier's off-screen target is made anew there (found in the VM test: the
    /// old one's framebuffer name failed with GL_INVALID_FRAMEBUFFER_OPERATION).
    @Test func damageVerificationSurvivesADisplayReturning() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.verifyDamage = true
        o.boardPath = fixturesDirectory() + "/golden-board/board.json"
        o.display = .headless
        guard case .success(let loaded) = BoardSource.load(o.boardPath) else { Issue.record("board"); return }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let source = PipeChangeSource()
        let first = try UnpluggableDisplay(PixelSize(640, 360))
        let hotplug = DisplayHotplug(monitor: source, reopen: { try UnpluggableDisplay(PixelSize(640, 360)) })
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: hotplug, display: first)
        defer { loop.destroy() }
        try loop.drawFrame(now: 1_000)
        first.connected = false
        source.cardChanged()
        loop.screen.handleHotplug(now: 2_000)
        source.cardChanged()
        loop.screen.handleHotplug(now: 3_000)
        #expect(loop.screen.isConnected)
        try loop.drawFrame(now: 4_000)
        try loop.drawFrame(now: 5_000)
        let verifier = try #require(loop.drawer.verifier)
        #expect(verifier.frames == 3 && verifier.mismatchedFrames == 0)
    }

    /// Counts what a feature hears of the display (a video player frees and remakes its surface).
    final class DisplayHooks: LiveFeature {
        var detached = 0, attached = 0
        var isAnimating: Bool { false }
        func update(now: Microseconds, board: LiveBoard) {}
        func displayDetached(_ board: LiveBoard) { detached += 1 }
        func displayAttached(_ board: LiveBoard) { attached += 1 }
    }

    /// A display whose context cannot be made current when it goes: the board and its features
    /// still let go of the display (a video player must not keep a surface of the dead context
    /// to draw after the next attach), and the return attaches them again.
    @Test func aDisplayThatRefusesItsContextAtUnplugStillDetachesTheFeatures() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.boardPath = fixturesDirectory() + "/golden-board/board.json"
        o.display = .headless
        guard case .success(let loaded) = BoardSource.load(o.boardPath) else { Issue.record("board"); return }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let source = PipeChangeSource()
        let first = try UnpluggableDisplay(PixelSize(640, 360))
        let hotplug = DisplayHotplug(monitor: source, reopen: { try UnpluggableDisplay(PixelSize(640, 360)) })
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: hotplug, display: first)
        defer { loop.destroy() }
        let hooks = DisplayHooks()
        loop.live.add(hooks)
        try loop.drawFrame(now: 1_000)

        first.connected = false
        first.refusesContext = true
        source.cardChanged()
        loop.screen.handleHotplug(now: 2_000)
        #expect(!loop.screen.isConnected)
        #expect(hooks.detached == 1 && !loop.live.hasDisplay)

        source.cardChanged()
        loop.screen.handleHotplug(now: 3_000)
        #expect(loop.screen.isConnected && loop.live.hasDisplay)
        #expect(hooks.attached == 1)
        try loop.drawFrame(now: 4_000)
    }
}
