#if canImport(Glibc)
import Glibc
#endif
import GadgetCore
import GadgetSystem
import Testing
@testable import GadgetVideo

/// Soak: a 2-frame clip looped 500 times through one decoder (counted in loops, not seconds):
/// resident memory and open descriptors stay flat after the first 50 loops.
///
/// Resident memory is a whole process's figure, and `swift test` runs suites in parallel in one
/// process: measured there, another suite's allocations were this test's (it once grew 58 MB).
/// So the loops run in a child process of their own — this test binary again, running only
/// `VideoSoakChild` — which writes its figures to a file; this test judges them. A second child
/// keeps one frame per loop (what a leak in the loop would do) and must be caught: the check
/// is shown to fail on a leak, not only to pass without one.
@Suite struct VideoSoakTests {
    struct Figures: Equatable {
        var rssAt50: Int, rssAt500: Int, fdsAt50: Int, fdsAt500: Int, clipFDs: Int
    }

    /// The growth allowed after loop 50, KiB: the allocator's and FFmpeg's own settling. A leak
    /// of one 320x240 frame (115 kB) per loop is 52 MB by loop 500.
    static let allowedGrowthKiB = 8_192

    /// Runs the soak in a child process; `leak`: the child keeps a frame per loop.
    func child(leak: Bool, clips: Clips, clip: String) throws -> Figures {
        let out = clips.directory + (leak ? "/leak.txt" : "/flat.txt")
        let exe = try #require(VideoSoakChild.link("/proc/self/exe"))
        let run = try ChildProcess.run([exe, "--testing-library", "swift-testing", "--filter", "VideoSoakChild"],
                                       adding: ["GADGETBOARD_VIDEO_SOAK_CLIP=\(clip)", "GADGETBOARD_VIDEO_SOAK_OUT=\(out)",
                                                "GADGETBOARD_VIDEO_SOAK_LEAK=\(leak ? 1 : 0)"])
        #expect(run.succeeded, "the soak child failed (status \(run.status))")
        let n = String(decoding: try FileIO.read(out), as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        guard n.count == 5 else { throw SystemError("soak figures", out, errno: .ioError) }
        return Figures(rssAt50: n[0], rssAt500: n[1], fdsAt50: n[2], fdsAt500: n[3], clipFDs: n[4])
    }

    @Test func fiveHundredLoopsKeepMemoryAndDescriptorsFlat() throws {
        let clips = try Clips()
        let clip = try clips.indexed(frames: 2, size: "320x240")
        let flat = try child(leak: false, clips: clips, clip: clip)
        // The clip is open once, and stays open once: a loop seeks, it never reopens. No other
        // descriptor (pipes, the decoder's) is added either: the child has no other tests.
        #expect(flat.clipFDs == 1)
        #expect(flat.fdsAt500 == flat.fdsAt50, "descriptors: \(flat.fdsAt50) after 50 loops, \(flat.fdsAt500) after 500")
        #expect(flat.rssAt500 - flat.rssAt50 < VideoSoakTests.allowedGrowthKiB, "RSS \(flat.rssAt50) KiB after 50 loops, \(flat.rssAt500) KiB after 500")
        // The same measure catches a leak of one frame per loop.
        let leaking = try child(leak: true, clips: clips, clip: clip)
        #expect(leaking.rssAt500 - leaking.rssAt50 > VideoSoakTests.allowedGrowthKiB,
                "a leak of a frame per loop went unseen: \(leaking.rssAt50) → \(leaking.rssAt500) KiB")
    }
}

/// The soak's child: runs only when `VideoSoakTests` starts this binary with
/// GADGETBOARD_VIDEO_SOAK_CLIP set (in `swift test`'s own run it has nothing to do and returns).
@Suite struct VideoSoakChild {
    @Test func loops() throws {
        guard let clip = getenv("GADGETBOARD_VIDEO_SOAK_CLIP").map({ String(cString: $0) }),
              let out = getenv("GADGETBOARD_VIDEO_SOAK_OUT").map({ String(cString: $0) }) else { return }
        let leak = getenv("GADGETBOARD_VIDEO_SOAK_LEAK").map { String(cString: $0) } == "1"
        let directory = String(clip[..<(clip.lastIndex(of: "/") ?? clip.endIndex)])
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: clip), loops: true)
        var kept: [VideoFrame] = []
        var frames = 0, rssAt50 = 0, fdsAt50 = 0, keptLoops = 0
        while frames < 1_000 {
            let taken = VideoSoakChild.next(thread)
            frames += taken.frames.count
            if leak, taken.loops > keptLoops, let f = taken.frames.first { kept.append(f); keptLoops = taken.loops }
            if frames >= 100, rssAt50 == 0 {
                rssAt50 = VideoSoakChild.residentKiB()
                fdsAt50 = VideoSoakChild.openDescriptors(under: nil)
            }
        }
        let figures = [rssAt50, VideoSoakChild.residentKiB(), fdsAt50, VideoSoakChild.openDescriptors(under: nil),
                       VideoSoakChild.openDescriptors(under: directory)]
        thread.stop()
        withExtendedLifetime(kept) {}
        try FileIO.replace(out, with: Array(figures.map(String.init).joined(separator: " ").utf8))
    }

    /// Waits (blocking in poll, no timeout deciding anything) until the thread has something.
    static func next(_ thread: VideoDecodeThread) -> VideoDecodeThread.Taken {
        while true {
            var poll = PollSet()
            poll.add(thread.wakeDescriptor)
            _ = try? poll.wait(timeoutMilliseconds: -1)
            let taken = thread.take()
            if !taken.frames.isEmpty || taken.endOfStream || taken.error != nil { return taken }
        }
    }

    static func residentKiB() -> Int {
        guard let text = try? FileIO.read("/proc/self/statm") else { return 0 }
        let fields = String(decoding: text, as: UTF8.self).split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    /// Descriptors open on paths under `prefix`; nil: every descriptor (pipes and sockets too).
    static func openDescriptors(under prefix: String?) -> Int {
        guard let dir = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(dir) }
        var n = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", let target = link("/proc/self/fd/" + name) else { continue }
            if prefix.map({ target.hasPrefix($0) }) ?? true { n += 1 }
        }
        return n
    }

    /// Where a symbolic link points (readlink(2)); nil if it cannot be read.
    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
