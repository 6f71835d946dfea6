import Glibc
import GadgetCore
import GadgetSystem
import Logging
import Testing
@testable import GadgetWeb

/// The helper owner against the headless double (gadgetboard-web-double, built beside this test
/// binary by `swift build --build-tests`): frames through memfds, deaths and restarts. Every wait
/// is for an event, bounded generously so a loaded machine is slow, never wrong.
@Suite(.serialized) struct WebHelperProcessTests {
    static func double() throws -> String {
        let testBinary = try #require(ProcessIdentity.executablePath)
        let exe = FileIO.directory(of: testBinary) + "/gadgetboard-web-double"
        try #require(FileIO.exists(exe), "\(exe) is missing: build it with `swift build --build-tests`")
        return exe
    }

    /// Events until `done` says stop, or 20 s.
    static func collect(_ p: WebHelperProcess, until done: ([WebHelperEvent]) -> Bool) -> [WebHelperEvent] {
        var all: [WebHelperEvent] = []
        let deadline = MonotonicClock.now() + 20_000_000
        while MonotonicClock.now() < deadline {
            all += p.take()
            if done(all) { break }
            MonotonicClock.sleep(microseconds: 5_000)
        }
        return all
    }

    func frames(_ e: [WebHelperEvent]) -> [(WebFrame, SharedMemoryFile)] {
        e.compactMap { if case .frame(let f, let m) = $0 { return (f, m) } else { return nil } }
    }

    func crashes(_ e: [WebHelperEvent]) -> Int { e.filter { if case .crashed = $0 { true } else { false } }.count }

    let logger = Logger(label: "test")

    @Test func aSolidPageArrivesAsItsColourInBGRA() throws {
        let p = try WebHelperProcess(gadget: "menu", page: WebPageSpec(url: "http://double.test/solid/ff8000"), width: 8, height: 4,
                                     program: try Self.double(), logger: logger)
        defer { p.stop() }
        let events = Self.collect(p) { !frames($0).isEmpty }
        #expect(events.contains { if case .report(.loaded(let u)) = $0 { u == "http://double.test/solid/ff8000" } else { false } })
        let (f, pixels) = try #require(frames(events).first)
        #expect((f.width, f.height, f.stride) == (8, 4, 32))
        #expect(Array(pixels.bytes[0..<4]) == [0x00, 0x80, 0xff, 0xff])  // B, G, R, A
        #expect(p.status.engine == "headless double, shm")
        #expect(p.status.crashes == 0)
    }

    @Test func anAnimatedPageWaitsForFrameDone() throws {
        let p = try WebHelperProcess(gadget: "a", page: WebPageSpec(url: "http://double.test/animate?fps=200"), width: 16, height: 16,
                                     program: try Self.double(), logger: logger)
        defer { p.stop() }
        // Two slots: without frameDone the double stops after two frames.
        var events = Self.collect(p) { frames($0).count >= 2 }
        #expect(frames(events).count == 2)
        for (f, _) in frames(events) { p.send(.frameDone(sequence: f.sequence)) }
        events = Self.collect(p) { frames($0).count >= 2 }
        #expect(frames(events).map(\.0.sequence) == [3, 4])
    }

    @Test func aCrashIsCountedAndThePageComesBack() throws {
        let p = try WebHelperProcess(gadget: "c", page: WebPageSpec(url: "http://double.test/solid/00ff00?crashAfter=1"), width: 4, height: 4,
                                     program: try Self.double(), logger: logger)
        defer { p.stop() }
        let events = Self.collect(p) { crashes($0) >= 2 && frames($0).count >= 3 }
        #expect(crashes(events) >= 2)
        #expect(events.contains { if case .restarted = $0 { true } else { false } })
        #expect(frames(events).count >= 3)  // a frame after each start
        #expect(p.status.crashes >= 2)
        if case .crashed(let why)? = events.first(where: { if case .crashed = $0 { true } else { false } }) {
            #expect(why == "killed by signal 9")
        }
    }

    @Test func aHelperThatNeverSaysReadyIsKilled() throws {
        let p = try WebHelperProcess(gadget: "h", page: WebPageSpec(url: "http://double.test/solid/000000?hang"), width: 4, height: 4,
                                     program: try Self.double(), readyTimeout: 300_000, logger: logger)
        defer { p.stop() }
        let events = Self.collect(p) { crashes($0) >= 1 }
        guard case .crashed(let why)? = events.first(where: { if case .crashed = $0 { true } else { false } }) else {
            Issue.record("no crash"); return
        }
        #expect(why == "did not say ready within 0.3 s; killed")
    }

    @Test func fatalIsTheOneLine() throws {
        let p = try WebHelperProcess(gadget: "f", page: WebPageSpec(url: "http://double.test/solid/000000?fatal=EGL%20failed"), width: 4, height: 4,
                                     program: try Self.double(), logger: logger)
        defer { p.stop() }
        let events = Self.collect(p) { crashes($0) >= 1 }
        guard case .crashed(let why)? = events.first(where: { if case .crashed = $0 { true } else { false } }) else {
            Issue.record("no crash"); return
        }
        #expect(why == "failed: EGL%20failed")
    }

    /// A dma-buf frame reaches the loop with its plane descriptors (one plane, one descriptor,
    /// open); after `sharedMemoryOnly` the picture comes again through a slot's memfd.
    @Test func aDMABufFrameCarriesItsDescriptorsUntilSharedMemoryIsAsked() throws {
        let p = try WebHelperProcess(gadget: "d", page: WebPageSpec(url: "http://double.test/solid/ff8000?dmabuf"), width: 8, height: 4,
                                     program: try Self.double(), logger: logger)
        defer { p.stop() }
        let first = Self.collect(p) { $0.contains { if case .dmabufFrame = $0 { true } else { false } } }
        guard case .dmabufFrame(let f, let descriptors)? = first.first(where: { if case .dmabufFrame = $0 { true } else { false } }) else {
            Issue.record("no dma-buf frame"); return
        }
        #expect(f.dmabuf?.fourcc == DMABufFrame.fourcc("XR24"))
        #expect(descriptors.count == 1)
        #expect(fcntl(descriptors[0].raw, F_GETFD) >= 0)
        #expect(frames(first).isEmpty)
        p.send(.sharedMemoryOnly)
        p.send(.frameDone(sequence: f.sequence))
        let after = Self.collect(p) { !frames($0).isEmpty }
        let (shm, pixels) = try #require(frames(after).first)
        #expect(shm.dmabuf == nil)
        #expect(Array(pixels.bytes[0..<4]) == [0x00, 0x80, 0xff, 0xff])
    }

    @Test func aMissingProgramIsNoPage() throws {
        let p = try WebHelperProcess(gadget: "m", page: WebPageSpec(url: "http://double.test/"), width: 4, height: 4, program: nil, logger: logger)
        p.send(.reload)
        p.stop()
        #expect(p.take().isEmpty)
        #expect(p.status.crashes == 0)
    }
}
