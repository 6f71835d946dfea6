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
/// So the loops run in a child process of their own — `VideoSoakChild`, a program built beside
/// this test binary (Tests/VideoSoakChild), not a registered test — which writes its figures to
/// a file; this test judges them. A second child keeps one frame per loop (what a leak in the
/// loop would do) and must be caught: the check is shown to fail on a leak, not only to pass
/// without one.
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
        // Tests/VideoSoakChild, built beside the test binary by `swift build --build-tests`.
        let testBinary = try #require(link("/proc/self/exe"))
        let exe = FileIO.directory(of: testBinary) + "/VideoSoakChild"
        try #require(FileIO.exists(exe), "\(exe) is missing: build it with `swift build --build-tests`")
        let run = try ChildProcess.run([exe, clip, out, leak ? "1" : "0"])
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
        // descriptor (pipes, the decoder's) is added either: the child does nothing else.
        #expect(flat.clipFDs == 1)
        #expect(flat.fdsAt500 == flat.fdsAt50, "descriptors: \(flat.fdsAt50) after 50 loops, \(flat.fdsAt500) after 500")
        #expect(flat.rssAt500 - flat.rssAt50 < VideoSoakTests.allowedGrowthKiB, "RSS \(flat.rssAt50) KiB after 50 loops, \(flat.rssAt500) KiB after 500")
        // The same measure catches a leak of one frame per loop.
        let leaking = try child(leak: true, clips: clips, clip: clip)
        #expect(leaking.rssAt500 - leaking.rssAt50 > VideoSoakTests.allowedGrowthKiB,
                "a leak of a frame per loop went unseen: \(leaking.rssAt50) → \(leaking.rssAt500) KiB")
    }
}

/// Where a symbolic link points (readlink(2)); nil if it cannot be read.
private func link(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
