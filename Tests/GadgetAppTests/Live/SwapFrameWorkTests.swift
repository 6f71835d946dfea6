import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The frame that swaps a loaded board in does no slow work: the new board's text is
/// rasterised, its atlas laid out and its pages composed on the load's worker, so the swap
/// frame adopts the new board into the shown scene or uploads the composed pages, nothing more.
/// Counted as work (text renders on the loop's cache, layouts, uploads), not timed.
@Suite(.serialized) struct SwapFrameWorkTests {
    typealias Harness = LiveBoardTests.Harness

    static func board(label: String, color: String) -> String {
        ##"{"size":[320,200],"gadgets":[{"id":"a","image":"a.png","center":[80,100],"size":[100,75]},{"id":"b","image":"b.png","center":[240,100],"size":[100,75]},{"id":"dot","color":"\##(color)","center":[160,180],"size":[20,20]},{"id":"label","color":"#202020","center":[160,30],"size":[200,40],"text":{"string":"\##(label)","size":18,"color":"#ffffff"}}]}"##
    }

    /// The frame after a swap equals a frame of the same board drawn from a scene built on the
    /// loop thread (the prepared scene draws what a built one would).
    static func expectSameAsBuiltHere(_ h: Harness) throws {
        let swapped = try h.loop.display.readPixels()
        h.loop.live.sceneStale = true
        h.loop.live.drawAgain(.screenInvalidated)
        try h.frame()
        #expect(try h.loop.display.readPixels() == swapped)
    }

    @Test func theSwapFrameRasterisesLaysOutAndDecodesNothing() throws {
        let h = try Harness()
        try FileIO.replace(h.dir + "/board.json", with: Self.board(label: "Hello", color: "#0000ff"))
        try h.reload()
        // The first reload's scene replaces start-up's (which reserved rooms): uploaded, not built.
        var work = try #require(h.loop.live.lastSwapWork)
        #expect(work.textRenders == 0 && work.atlasLayouts == 0 && !work.adopted && work.pagesUploaded >= 1)

        // A photo and the text change: the worker decoded, rasterised and composed; the swap
        // frame only uploads.
        try FileIO.replace(h.dir + "/a.png", with: try PNGCodec.encode(RGBAImage(width: 1600, height: 1200, fill: (10, 180, 30, 255))))
        try FileIO.replace(h.dir + "/board.json", with: Self.board(label: "World", color: "#0000ff"))
        try h.reload()
        work = try #require(h.loop.live.lastSwapWork)
        #expect(work == SwapWork(textRenders: 0, atlasLayouts: 0, pagesUploaded: work.pagesUploaded, adopted: false))
        #expect(work.pagesUploaded >= 1)
        #expect(h.loop.live.lastLoadImages?.decoded == 1)
        #expect(h.loop.live.board.gadgets[3].text?.style.string == "World")
        try Self.expectSameAsBuiltHere(h)

        // Only the text changes: the shown scene cannot adopt it (another text image), and the
        // swap frame still draws no text (the shown scene's adopt used to rasterise it here).
        try FileIO.replace(h.dir + "/board.json", with: Self.board(label: "Again", color: "#0000ff"))
        try h.reload()
        work = try #require(h.loop.live.lastSwapWork)
        #expect(work.textRenders == 0 && work.atlasLayouts == 0 && !work.adopted)
        try Self.expectSameAsBuiltHere(h)

        // Nothing drawn changes but a colour: adopted, nothing uploaded.
        try FileIO.replace(h.dir + "/board.json", with: Self.board(label: "Again", color: "#ff00ff"))
        try h.reload()
        #expect(h.loop.live.lastSwapWork == SwapWork(textRenders: 0, atlasLayouts: 0, pagesUploaded: 0, adopted: true))
        #expect(h.loop.live.lastLoadImages?.decoded == 0)

        // The loop's text cache took the prepared scene's text: a `set` text afterwards draws
        // only the new string, on the loop thread as before.
        let before = h.loop.live.textImages.renders
        try h.loop.live.setText("Later", forGadget: "label")
        try h.frame()
        #expect(h.loop.live.textImages.renders == before + 1)
    }

    /// A save that changes only a QR code's text: the shown scene cannot adopt the board (its
    /// atlas holds the old code), so the new code is shown, as a scene built here shows it.
    @Test func aSaveThatChangesAQRCodeShowsTheNewCode() throws {
        func board(_ url: String) -> String {
            ##"{"size":[320,200],"gadgets":[{"id":"a","image":"a.png","center":[80,100],"size":[100,75]},{"id":"q","center":[240,100],"size":[100,100],"qr":"\##(url)"}]}"##
        }
        let h = try Harness()
        try FileIO.replace(h.dir + "/board.json", with: board("https://example.org/one"))
        try h.reload()
        let before = try h.loop.display.readPixels()
        try FileIO.replace(h.dir + "/board.json", with: board("https://example.org/two"))
        try h.reload()
        #expect(h.loop.live.lastSwapWork?.adopted == false)
        #expect(try h.loop.display.readPixels() != before)
        try Self.expectSameAsBuiltHere(h)
    }

    static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }

    /// The text benchmark's 200 labels and four 1024×768 photos at 1920×1080, one photo changed
    /// by a save: the swap frame does no text render and no layout, and its loop-thread CPU time
    /// (the upload) is printed beside that of building the same scene on the loop thread, which
    /// is what the swap frame did before (docs/BENCHMARKS.md; not asserted: times vary).
    @Test func aPhotoChangedOnA200LabelBoardOnlyUploadsInTheSwapFrame() throws {
        let dir = scratchDirectory("swap-cost")
        for i in 0..<4 {
            try FileIO.replace(dir + "/p\(i).png", with: try PNGCodec.encode(RGBAImage(width: 1024, height: 768, fill: (UInt8(40 * i), 90, 160, 255))))
        }
        let photos = (0..<4).map { i in ##"{"id": "p\##(i)", "image": "p\##(i).png", "center": [\##(240 + 480 * i), 540], "size": [400, 300]}"## }
        let json = TextRoomTests.textBenchBoard().replacing("\"gadgets\": [", with: "\"gadgets\": [" + photos.joined(separator: ", ") + ", ")
        try FileIO.replace(dir + "/board.json", with: json)
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.boardPath = dir + "/board.json"
        o.watchBoard = false
        o.inputPaths = ["/nonexistent"]
        guard case .success(let (loaded, images)) = BoardLoader.loadDeferringImages(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let size = PixelSize(1920, 1080)
        let loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: size),
                                 deferredImages: images)
        defer { loop.destroy() }
        try loop.awaitImages()
        let now = loop.startTime + 1_000_000
        loop.live.reload(reason: "file saved", now: now)   // replaces start-up's scene (reserved rooms)
        try loop.live.awaitLoad(now: now)

        try FileIO.replace(dir + "/p0.png", with: try PNGCodec.encode(RGBAImage(width: 1024, height: 768, fill: (250, 200, 10, 255))))
        loop.live.reload(reason: "file saved", now: now)
        while loop.live.readyLoad == nil, let job = loop.live.pendingLoad {
            var wait = PollSet()
            wait.add(job.wakeDescriptor)
            _ = try wait.wait(timeoutMilliseconds: -1)
            loop.live.takeLoad(now: now)
        }
        try loop.display.beginFrame()
        let start = Self.threadCPUMilliseconds()
        try loop.live.swapInReadyLoad(now: now)
        let swap = Self.threadCPUMilliseconds() - start
        let work = try #require(loop.live.lastSwapWork)
        #expect(work.textRenders == 0 && work.atlasLayouts == 0 && !work.adopted && work.pagesUploaded >= 1)
        #expect(loop.live.lastLoadImages?.decoded == 1)

        let before = Self.threadCPUMilliseconds()
        let built = try BoardScene(loaded: loop.live.loaded, displaySize: size, text: loop.live.textImages)
        let build = Self.threadCPUMilliseconds() - before
        built.destroy()
        print("swap frame, 200 labels + 4 photos at 1920x1080, one photo changed: loop-thread CPU \(swap) ms (\(work.pagesUploaded) pages uploaded); the same scene built on the loop thread (the swap frame before): \(build) ms")
    }
}
