import SystemPackage
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay

/// Issue 24 item 4 in the loop: a change uevent while the connector stays connected but its
/// preferred mode changed (a TV back from another input at 1024×768) re-opens the display in the
/// new mode and fits the board to it; the same uevent with nothing changed does nothing.
@Suite(.serialized) struct KioskModeChangeTests {
    /// A headless display whose connector reports what the test says.
    final class ModeChangingDisplay: DisplayBackend {
        let inner: HeadlessDisplay
        var change: OutputChange = .unchanged
        init(_ size: PixelSize) throws { inner = try HeadlessDisplay(size: size) }
        var summary: String { "test " + inner.summary }
        var pixelSize: PixelSize { inner.pixelSize }
        var refreshInterval: Microseconds? { inner.refreshInterval }
        func beginFrame() throws(DisplayError) { try inner.beginFrame() }
        func present() throws(DisplayError) { try inner.present() }
        var isFlipPending: Bool { inner.isFlipPending }
        var eventDescriptor: FileDescriptor? { inner.eventDescriptor }
        func dispatchEvents() throws(DisplayError) -> [FlipEvent] { try inner.dispatchEvents() }
        func readPixels() throws(DisplayError) -> RGBAImage { try inner.readPixels() }
        func setPowered(_ on: Bool) -> Bool { false }
        func outputChange() -> OutputChange { change }
    }

    @Test func aNewPreferredModeWhileConnectedRefitsTheBoard() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.boardPath = fixturesDirectory() + "/golden-board/board.json"
        o.display = .headless
        guard case .success(let loaded) = BoardSource.load(o.boardPath) else { Issue.record("board"); return }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let source = KioskHotplugTests.PipeChangeSource()
        let first = try ModeChangingDisplay(PixelSize(1920, 1080))
        var reopened = 0
        let hotplug = DisplayHotplug(monitor: source, reopen: {
            reopened += 1
            return try ModeChangingDisplay(PixelSize(1024, 768))
        })
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: hotplug, display: first)
        defer { loop.destroy() }
        try loop.drawFrame(now: 1_000)
        let before = loop.session.renderPoses()

        source.cardChanged()
        loop.screen.handleHotplug(now: 2_000)
        #expect(loop.screen.isConnected && reopened == 0, "an unchanged connector is left alone")

        first.change = .modeChanged(from: "1920x1080@60", to: "1024x768@60")
        source.cardChanged()
        loop.screen.handleHotplug(now: 3_000)
        #expect(loop.screen.isConnected && reopened == 1)
        #expect(loop.display.pixelSize == PixelSize(1024, 768))
        #expect(loop.scene.viewport.displaySize == PixelSize(1024, 768))
        #expect(loop.session.renderPoses() == before, "the board's state is kept")
        try loop.drawFrame(now: 4_000)
        let shot = try loop.display.readPixels()
        #expect(shot.width == 1024 && shot.height == 768)
    }
}
