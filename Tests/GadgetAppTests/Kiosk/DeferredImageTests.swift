import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
import GadgetRender
import GadgetSystem

/// Images decoded on worker threads while the kiosk draws: placeholders first, photos as they
/// arrive, a failure keeps its placeholder. The test decides when each decode finishes (a
/// semaphore per image), and waits for the queue's wake-up descriptor, never for time.
@Suite(.serialized) struct DeferredImageTests {
    /// A POSIX semaphore: the decode of one image blocks on it until the test posts.
    final class Gate: @unchecked Sendable {
        // @unchecked: sem_t is made for use from several threads; its address never moves.
        let sem = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        init() { sem_init(sem, 0, 0) }
        deinit { sem_destroy(sem); sem.deallocate() }
        func open() { sem_post(sem) }
        func pass() { while sem_wait(sem) != 0 {} }
    }

    /// Images that appear only when the test opens their gate.
    struct GatedSource: ImageSource, Sendable {
        var gates: [String: Gate]
        var results: [String: Result<RGBAImage, ImageLoadFailure>]
        func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> {
            gates[path]?.pass()
            return results[path] ?? .failure(ImageLoadFailure("file not found: \(path)"))
        }
    }

    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBAImage { RGBAImage(width: 8, height: 8, fill: (r, g, b, 255)) }

    /// Blocks until the queue signals an outcome (poll on its descriptor, no timeout).
    static func awaitOutcome(_ queue: ImageDecodeQueue) throws {
        var wait = PollSet()
        wait.add(queue.wakeDescriptor)
        try wait.wait(timeoutMilliseconds: -1)
    }

    /// Start-up's load (`BoardLoadJob`, `.images`): until it hands over an image.
    static func awaitOutcome(_ job: BoardLoadJob) throws {
        var wait = PollSet()
        wait.add(job.wakeDescriptor)
        try wait.wait(timeoutMilliseconds: -1)
    }

    @Test func queueHandsOverEachImageAsItFinishes() throws {
        let gates = ["a.png": Gate(), "b.png": Gate(), "c.png": Gate()]
        let source = GatedSource(gates: gates, results: ["a.png": .success(Self.solid(255, 0, 0)), "b.png": .failure(ImageLoadFailure("b.png: not a PNG file")),
                                                        "c.png": .success(Self.solid(0, 0, 255))])
        let jobs = ["a.png", "b.png", "c.png"].map { ImageDecodeQueue.Job(path: $0, needed: PixelSize(8, 8)) }
        let queue = try ImageDecodeQueue(jobs: jobs, source: source, workers: 5)
        defer { queue.stop() }
        #expect(queue.take().isEmpty)
        #expect(!queue.isFinished)
        for (path, ok) in [("b.png", false), ("a.png", true), ("c.png", true)] {
            gates[path]!.open()
            var got: [ImageDecodeQueue.Outcome] = []
            while got.isEmpty { try Self.awaitOutcome(queue); got = queue.take() }
            #expect(got.map(\.path) == [path])
            if case .success = got[0].result { #expect(ok) } else { #expect(!ok) }
        }
        #expect(queue.isFinished)
        #expect(queue.take().isEmpty)
    }

    @Test func stopLeavesUnclaimedJobsAndJoins() throws {
        let gate = Gate()
        let source = GatedSource(gates: ["a.png": gate], results: ["a.png": .success(Self.solid(1, 2, 3)), "b.png": .success(Self.solid(1, 2, 3))])
        let queue = try ImageDecodeQueue(jobs: [.init(path: "a.png", needed: PixelSize(8, 8)), .init(path: "b.png", needed: PixelSize(8, 8))],
                                         source: source, workers: 1)
        gate.open()
        queue.stop()
        // One worker: "a" was claimed (and finished); "b" may or may not have been, never more.
        #expect(queue.take().count <= 2)
    }

    /// A 64×32 board with two photo gadgets on a black background, drawn 1:1.
    static func board() throws -> LoadedBoard {
        let json = """
        {"size": [64, 32], "background": "#000000", "gadgets": [
          {"id": "a", "image": "a.png", "center": [16, 16], "size": [24, 24]},
          {"id": "b", "image": "b.png", "center": [48, 16], "size": [24, 24]}]}
        """
        let (board, problems) = BoardDecoder.decodeAll(Array(json.utf8), file: "board.json")
        #expect(problems.isEmpty)
        guard let board else { throw ImageLoadFailure("board does not decode") }
        return LoadedBoard(name: "board.json", board: board, images: [:])
    }

    @Test func framesShowPlaceholdersThenPhotosAsTheyArrive() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        let gates = ["a.png": Gate(), "b.png": Gate()]
        let source = GatedSource(gates: gates, results: ["a.png": .success(Self.solid(255, 0, 0)), "b.png": .failure(ImageLoadFailure("b.png: not a PNG file"))])
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        let loop = try KioskLoop(options: o, loaded: try Self.board(), service: service, hotplug: nil,
                                 display: try HeadlessDisplay(size: PixelSize(64, 32)), deferredImages: source)
        defer { loop.destroy() }
        let placeholder = BoardScene.pendingImageColor
        func expectPixel(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8), _ comment: Comment) throws {
            let p = try loop.display.readPixels().pixel(x, y)
            #expect(p.r == c.0 && p.g == c.1 && p.b == c.2, comment)
        }
        let grey = (UInt8(placeholder.r * 255), UInt8(placeholder.g * 255), UInt8(placeholder.b * 255))
        var now: Microseconds = 1_000_000
        func frame() throws { now += 16_667; loop.live.takeImages(); try loop.drawFrame(now: now) }

        // Nothing decoded yet: both gadgets are placeholders, the background shows around them.
        try frame()
        try expectPixel(16, 16, grey, "a pending")
        try expectPixel(48, 16, grey, "b pending")
        try expectPixel(1, 1, (0, 0, 0), "background")
        let firstScene = loop.scene

        gates["a.png"]!.open()
        try Self.awaitOutcome(loop.live.decoding!)
        try frame()
        try expectPixel(16, 16, (255, 0, 0), "a arrived")
        try expectPixel(48, 16, grey, "b still pending")
        // Placed into the room the atlas kept for it: the same scene, its gadget redrawn.
        #expect(loop.scene === firstScene)
        #expect(loop.scene.contentRevisions[0] == 1)
        #expect(loop.live.decoding != nil)

        // b fails: one line is logged, the placeholder stays, and loading is over.
        gates["b.png"]!.open()
        try Self.awaitOutcome(loop.live.decoding!)
        let sceneWithA = loop.scene
        try frame()
        try expectPixel(48, 16, grey, "b failed: placeholder")
        try expectPixel(16, 16, (255, 0, 0), "a stays")
        #expect(loop.live.decoding == nil)
        #expect(loop.scene === sceneWithA)  // nothing new arrived: nothing placed, no rebuild
        #expect(loop.pacing.imagesShownTime != nil)
    }

    @Test func jobsAreDistinctPathsSizedForTheDisplayScale() throws {
        let loaded = try Self.board()
        let jobs = BoardLoader.imageJobs(loaded.board, displayScale: 2, except: ["b.png"])
        #expect(jobs.map(\.path) == ["a.png"])
        let one = BoardLoader.imageJobs(loaded.board, displayScale: 1)
        #expect(one.count == 2)
        #expect(jobs[0].needed.width > one[0].needed.width)
    }
}
