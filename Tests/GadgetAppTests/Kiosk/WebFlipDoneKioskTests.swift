import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem
import SystemPackage

/// A page's `frameDone` goes back once the flip that showed its frame has COMPLETED, not when the
/// kiosk's draw queued it (issue 40: "the frame-complete goes back to the page after our flip";
/// on KMS the draw that samples the page's buffer may still run until the flip event). The
/// display is headless with KMS's timing: presenting queues a flip that completes only when the
/// test says. The order is read from the double's log: the test sends a `key` (ignored by a page
/// that is not interactive) while the flip is in flight; requests go out in order, so the drawn
/// frame's `frameDone` must come after that key.
extension WebKioskSuites { @Suite(.serialized) struct WebFlipDoneKioskTests {
    /// Headless, but a presented frame stays "in flight" until `completeFlip()`.
    final class QueuedFlipDisplay: DisplayBackend {
        let inner: HeadlessDisplay
        private let events: WakePipe
        private(set) var pending = false
        private var completed = false
        private var flips: UInt32 = 0
        init(_ inner: HeadlessDisplay) throws { self.inner = inner; events = try WakePipe() }
        var summary: String { "queued-flip \(inner.summary)" }
        var pixelSize: PixelSize { inner.pixelSize }
        var refreshInterval: Microseconds? { 16_667 }
        func beginFrame() throws(DisplayError) { try inner.beginFrame() }
        func present() throws(DisplayError) { try inner.present(); pending = true }
        var isFlipPending: Bool { pending }
        var eventDescriptor: FileDescriptor? { events.descriptor }
        func completeFlip() { if pending { completed = true } }
        func dispatchEvents() throws(DisplayError) -> [FlipEvent] {
            guard completed else { return [] }
            completed = false; pending = false; flips += 1
            return [FlipEvent(time: MonotonicClock.now(), sequence: flips)]
        }
        func readPixels() throws(DisplayError) -> RGBAImage { try inner.readPixels() }
        func setPowered(_ on: Bool) -> Bool { false }
    }

    @Test func frameDoneWaitsForTheFlipToComplete() throws {
        let testBinary = try #require(ProcessIdentity.executablePath)
        let double = FileIO.directory(of: testBinary) + "/gadgetboard-web-double"
        try #require(FileIO.exists(double), "\(double) is missing: build it with `swift build --build-tests`")
        let log = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gb-web-flipdone") + "/double.log"
        setenv("GADGETBOARD_WEB_HELPER", double, 1)
        setenv("GADGETBOARD_WEB_DOUBLE_LOG", log, 1)
        defer {
            unsetenv("GADGETBOARD_WEB_HELPER"); unsetenv("GADGETBOARD_WEB_DOUBLE_LOG")
            unlink(log); FileIO.removeDirectory(FileIO.directory(of: log))
        }
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        var page = Gadget(id: "page", appearance: .color(Color(r: 1, g: 1, b: 1, a: 1)), center: Vector2(320, 180), size: Size2(400, 200))
        page.web = WebPageSpec(url: "http://double.test/solid/00ff00")
        let board = Board(size: Size2(640, 360), gadgets: [page])
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let display = try QueuedFlipDisplay(HeadlessDisplay(size: PixelSize(640, 360), buffers: 2))
        let loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "web-flipdone", board: board, images: [:]), service: service, hotplug: nil, display: display)
        defer { loop.destroy() }
        let web = try #require(loop.live.features.lazy.compactMap { $0 as? WebGadgets }.first)
        var now = loop.startTime

        func completeFlip() throws {
            display.completeFlip()
            for flip in try loop.pacing.dispatch(display) { loop.flipped(flip) }
        }
        func requests() -> [WebHelperRequest] {
            guard let bytes = try? FileIO.read(log) else { return [] }
            return bytes.split(separator: UInt8(ascii: "\n")).compactMap { try? WebHelperCodec.decodeRequest(Array($0)) }
        }

        // Frames (each flip completed before the next draw, as the loop does) until one drew a
        // page frame and its flip is still in flight.
        var drawn: UInt64?
        let deadline = MonotonicClock.now() + 20_000_000
        while drawn == nil && MonotonicClock.now() < deadline {
            try completeFlip()
            now += 16_667
            loop.live.tick(now: now)
            let before = web.entries.first?.surface?.sequence
            try loop.drawFrame(now: now)
            if let s = web.entries.first?.surface?.sequence, s != before { drawn = s } else { MonotonicClock.sleep(microseconds: 5_000) }
        }
        let sequence = try #require(drawn, "no page frame was drawn within 20 s")
        #expect(display.isFlipPending)
        // Queued, not shown: its frameDone is still owed.
        #expect(web.flips.count >= 1)
        let marker = WebKey(keysym: 0x61, unicode: 0x61, pressed: true, modifiers: 0)
        web.entries.first?.process.send(.key(marker))
        try completeFlip()
        #expect(web.flips.count == 0)

        // The double logs every request as it reads it: wait (bounded) for the frameDone.
        var got: [WebHelperRequest] = []
        let until = MonotonicClock.now() + 20_000_000
        while MonotonicClock.now() < until {
            got = requests()
            if got.contains(WebHelperRequest.frameDone(sequence: sequence)) { break }
            MonotonicClock.sleep(microseconds: 5_000)
        }
        let names = got.map { $0.typeName }
        let done = try #require(got.firstIndex(of: WebHelperRequest.frameDone(sequence: sequence)), "no frameDone(\(sequence)) in \(names)")
        let key = try #require(got.firstIndex(of: WebHelperRequest.key(marker)), "the marker key never arrived: \(names)")
        #expect(key < done, "frameDone(\(sequence)) went before its flip completed: \(names)")
    }
} }
