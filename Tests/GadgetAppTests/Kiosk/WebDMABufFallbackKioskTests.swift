import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// A page whose helper sends dma-buf frames, in a headless kiosk that cannot import them
/// (llvmpipe has no EGL_EXT_image_dma_buf_import, as on this machine): the first frame's import
/// fails, the helper is told `sharedMemoryOnly` once, its frames then come through shared memory
/// and the page's colour is on screen; a restarted helper is told again without another line.
/// The helper is the headless double (`?dmabuf`: a memfd stands in for the dma-buf). Waits are
/// for the helper's reports, bounded generously: a loaded machine is slow, never wrong.
extension WebKioskSuites { @Suite(.serialized) struct WebDMABufFallbackKioskTests {
    final class Harness {
        let loop: KioskLoop
        let display: HeadlessDisplay
        let log: String
        var now: Microseconds

        init(url: String) throws {
            let testBinary = try #require(ProcessIdentity.executablePath)
            let double = FileIO.directory(of: testBinary) + "/gadgetboard-web-double"
            try #require(FileIO.exists(double), "\(double) is missing: build it with `swift build --build-tests`")
            // A directory of its own (mkdtemp): unique without a random name.
            log = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gb-web-dmabuf") + "/double.log"
            setenv("GADGETBOARD_WEB_HELPER", double, 1)
            setenv("GADGETBOARD_WEB_DOUBLE_LOG", log, 1)
            setenv("GADGETBOARD_WEB_RESTART_MAX_MS", "100", 1)
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            var page = Gadget(id: "page", appearance: .color(Color(r: 1, g: 1, b: 1, a: 1)), center: Vector2(320, 180), size: Size2(400, 200))
            page.web = WebPageSpec(url: url)
            var board = Board(size: Size2(640, 360), gadgets: [page])
            board.background = .color(Color(r: 0.25, g: 0.25, b: 0.25, a: 1))
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            display = try HeadlessDisplay(size: PixelSize(640, 360), buffers: 2)
            loop = try KioskLoop(options: o, loaded: LoadedBoard(name: "web-dmabuf", board: board, images: [:]), service: service, hotplug: nil, display: display)
            now = loop.startTime
        }
        deinit {
            loop.destroy()
            unsetenv("GADGETBOARD_WEB_HELPER")
            unsetenv("GADGETBOARD_WEB_DOUBLE_LOG")
            unsetenv("GADGETBOARD_WEB_RESTART_MAX_MS")
            unlink(log)
            FileIO.removeDirectory(FileIO.directory(of: log))
        }

        var web: WebGadgets? { loop.live.features.lazy.compactMap { $0 as? WebGadgets }.first }

        /// Frames until `done`, real time passing between them; false after 20 s.
        func until(_ done: () throws -> Bool) throws -> Bool {
            let deadline = MonotonicClock.now() + 20_000_000
            while MonotonicClock.now() < deadline {
                now += 16_667
                loop.live.tick(now: now)
                try loop.drawFrame(now: now)
                if try done() { return true }
                MonotonicClock.sleep(microseconds: 5_000)
            }
            return false
        }

        /// The requests the helpers received, by type, in order (the double logs each).
        func requests() -> [String] {
            guard let bytes = try? FileIO.read(log) else { return [] }
            return bytes.split(separator: UInt8(ascii: "\n")).compactMap { (try? WebHelperCodec.decodeRequest(Array($0)))?.typeName }
        }

        func rgb(_ x: Int, _ y: Int) throws -> [Int] {
            let p = try display.readPixels().pixel(x, y)
            return [Int(p.r), Int(p.g), Int(p.b)]
        }
    }

    @Test func aDMABufPageFallsBackToSharedMemoryAndShows() throws {
        let h = try Harness(url: "http://double.test/solid/00ff00?dmabuf")
        #expect(try h.until { h.web?.entries.first?.surface?.hasFrame == true })
        let e = try #require(h.web?.entries.first)
        #expect(e.sharedMemoryOnly)
        #expect(e.surface?.showsDMABuf == false)
        #expect(h.requests().filter { $0 == "sharedMemoryOnly" }.count == 1)
        // The frame the import refused went back at once; the shared-memory one after its flip.
        #expect(try h.until { h.requests().filter { $0 == "frameDone" }.count >= 2 })
        let p = try h.rgb(320, 180)
        #expect(abs(p[0]) <= 2 && abs(p[1] - 255) <= 2 && abs(p[2]) <= 2, "\(p)")
    }

    @Test func aRestartedHelperIsToldAgain() throws {
        // Two frames (a dma-buf one refused, a shared-memory one), then SIGKILL: the new helper
        // hears `sharedMemoryOnly` right after `open`, from the helper's owner.
        let h = try Harness(url: "http://double.test/solid/0000ff?dmabuf&crashAfter=2")
        #expect(try h.until { (h.web?.entries.first?.process.status.restarts ?? 0) >= 1 && h.requests().filter { $0 == "open" }.count >= 2 })
        // The loop says it once (WebGadgets); a second one can only be the owner's re-send after
        // the restart's open. (Whether it is the very next request is not asserted: the double
        // may read `open` alone and send a frame before it reads the next datagram.)
        #expect(try h.until { h.requests().filter { $0 == "sharedMemoryOnly" }.count >= 2 })
    }
} }
