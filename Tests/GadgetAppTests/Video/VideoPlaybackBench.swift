import Glibc
import Logging
import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem
import GadgetVideo

/// The CPU cost of playing a clip through the kiosk's video path (decode thread, frame copy,
/// pacing, glTexSubImage2D upload, the YUV quad drawn and presented headless at 60 Hz flips), for
/// docs/BENCHMARKS.md. Runs only when GADGETBOARD_VIDEO_BENCH names a clip (scripts/test.sh's
/// "measurement harnesses" stage gives it a 2 s clip); GADGETBOARD_VIDEO_BENCH_LOOPS passes through
/// it (default 1). Prints one line of figures, and checks what a run at full speed must keep:
/// no frame dropped (a frame not decoded yet is waited for) and every flip shows a frame.
@Suite struct VideoPlaybackBench {
    static let clip: String? = getenv("GADGETBOARD_VIDEO_BENCH").map { String(cString: $0) }

    @Test(.enabled(if: clip != nil)) func playTheClip() throws {
        let clip = try #require(VideoPlaybackBench.clip)
        // GADGETBOARD_VIDEO_BENCH_DRAW=0: upload each frame but draw and present nothing (what
        // llvmpipe's software rasterisation of the full-screen quad costs is then left out).
        let draws = getenv("GADGETBOARD_VIDEO_BENCH_DRAW").map { String(cString: $0) } != "0"
        let loops = getenv("GADGETBOARD_VIDEO_BENCH_LOOPS").flatMap { Int(String(cString: $0)) } ?? 1
        let logger = Logger(label: "bench")
        let refresh: Microseconds = 16_667
        let display = try HeadlessDisplay(size: PixelSize(1280, 720))
        try display.beginFrame()
        let batcher = try SpriteBatcher()
        defer { batcher.destroy() }
        let decoder = try VideoDecoder(path: clip)
        let duration = try #require(decoder.info.duration)
        let p = try VideoPlayer(gadget: "v", index: 0, video: VideoReference(path: clip, jsonPath: "v", loop: true), directory: "/",
                                startingAt: 0, refresh: refresh, hardware: .none, limits: .standard, logger: logger)
        defer { p.destroy() }
        var before = rusage(), after = rusage()
        getrusage(RUSAGE_SELF.rawValue, &before)
        let start = MonotonicClock.now()
        let flips = Int(duration * Int64(loops) / refresh)
        var late = 0
        for n in 0..<flips {
            let flip = Microseconds(n) * refresh
            // The kiosk's loop: a flip every 16.7 ms of media time, but as fast as the machine
            // goes (the CPU per second of video is what is measured, not the pacing); where a
            // frame is due and not decoded yet, wait for it (counted) rather than drop it.
            var r = p.update(flip: flip, logger: logger)
            var waits = 0
            while !r.changed, n % 2 == 0, let fd = p.wakeDescriptor, waits < 1000 {
                var poll = PollSet()
                poll.add(fd)
                _ = try? poll.wait(timeoutMilliseconds: -1)
                r = p.update(flip: flip, logger: logger)
                waits += 1
            }
            if waits > 0 { late += 1 }
            guard draws else { continue }
            try display.beginFrame()
            batcher.begin(transform: BoardViewport(boardSize: Size2(1280, 720), displaySize: PixelSize(1280, 720)).clipTransform)
            p.surface?.draw(center: Vector2(640, 360), size: Size2(1280, 720), rotation: 0, opacity: 1,
                           transform: BoardViewport(boardSize: Size2(1280, 720), displaySize: PixelSize(1280, 720)).clipTransform, batcher: batcher)
            try batcher.end()
            try display.present()
        }
        getrusage(RUSAGE_SELF.rawValue, &after)
        let cpu = Double(after.ru_utime.tv_sec - before.ru_utime.tv_sec + after.ru_stime.tv_sec - before.ru_stime.tv_sec)
            + Double(after.ru_utime.tv_usec - before.ru_utime.tv_usec + after.ru_stime.tv_usec - before.ru_stime.tv_usec) / 1e6
        let wall = Double(MonotonicClock.now() - start) / 1e6
        let seconds = Double(duration * Int64(loops)) / 1e6
        let s = p.statistics
        print("video-bench: clip \(clip) \(decoder.info.width)x\(decoder.info.height) \(decoder.info.codec) decoder \(s.decoder) path \(s.path)"
              + (draws ? " drawn" : " uploaded only") + " video \(seconds) s cpu \(cpu) s (\(cpu / seconds) s per s of video) wall \(wall) s"
              + " presented \(s.framesPresented) dropped \(s.framesDropped) waits \(late) maxrss \(after.ru_maxrss) KiB")
        #expect(s.framesDropped == 0)
        #expect(s.framesPresented > 0)
    }
}
