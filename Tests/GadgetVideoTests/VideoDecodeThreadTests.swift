#if canImport(Glibc)
import Glibc
#endif
import GadgetCore
import GadgetSystem
import Testing
@testable import GadgetVideo

/// The decode thread: a bounded queue, one rising timeline across loops, seeks by generation,
/// errors reported. (The 500-loop soak is VideoSoakTests, in a process of its own.)
@Suite struct VideoDecodeThreadTests {
    /// Waits (blocking in poll, no timeout deciding anything) until the thread has something.
    func next(_ thread: VideoDecodeThread) -> VideoDecodeThread.Taken {
        while true {
            var poll = PollSet()
            poll.add(thread.wakeDescriptor)
            _ = try? poll.wait(timeoutMilliseconds: -1)
            let taken = thread.take()
            if !taken.frames.isEmpty || taken.endOfStream || taken.error != nil { return taken }
        }
    }

    @Test func loopsOnOneRisingTimelineWithABoundedQueue() throws {
        let clips = try Clips()
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: try clips.indexed(frames: 5)), loops: true, capacity: 3)
        var frames: [VideoFrame] = []
        while frames.count < 17 {
            let taken = next(thread)
            #expect(taken.frames.count <= 3)
            frames += taken.frames
        }
        thread.stop()
        let indices = frames.prefix(17).map(VideoDecoderTests.index)
        #expect(indices == (0..<17).map { $0 % 5 })
        // One frame duration between the last of a pass and the first of the next.
        let times = frames.prefix(17).map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 33_333) <= 1 })
        #expect(frames.prefix(17).map(\.loop) == (0..<17).map { $0 / 5 })
    }

    @Test func aSeekStartsANewGeneration() throws {
        let clips = try Clips()
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: try clips.indexed()), loops: false)
        _ = next(thread)
        thread.seek(to: 500_000, generation: 7)
        var after: [VideoFrame] = []
        while !after.contains(where: { $0.generation == 7 && $0.time >= 500_000 }) {
            after += next(thread).frames.filter { $0.generation == 7 }
        }
        // The keyframe at 0 (one GOP here) and on: times restart at the clip's times.
        #expect(after.first?.time == 0)
        #expect(after.first { $0.time >= 500_000 }.map(VideoDecoderTests.index) == 15)
        thread.stop()
    }

    @Test func aClipThatDoesNotLoopEnds() throws {
        let clips = try Clips()
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: try clips.indexed(frames: 3)), loops: false)
        var count = 0
        var ended = false
        while !ended {
            let taken = next(thread)
            count += taken.frames.count
            ended = taken.endOfStream
        }
        #expect(count == 3)
        thread.stop()
    }

    @Test func aBrokenFileIsReportedOnce() throws {
        let clips = try Clips()
        let good = try clips.make("good.mp4", ["-f", "lavfi", "-i", "testsrc2=s=160x120:r=30", "-frames:v", "30",
                                               "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"])
        let whole = try FileIO.read(good)
        let half = clips.directory + "/half.mp4"
        // Header and index intact, the samples' data zeroed from the middle on.
        try FileIO.replace(half, with: Array(whole.prefix(whole.count / 2)) + [UInt8](repeating: 0, count: whole.count - whole.count / 2))
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: half), loops: false)
        var errors = 0, ended = false
        while !ended && errors == 0 {
            let taken = next(thread)
            if taken.error != nil { errors += 1 }
            ended = taken.endOfStream
        }
        // FFmpeg's h264 decoder conceals zeroed slices rather than failing: either is handled
        // (an error once, or an end); what matters is that the thread neither spins nor dies.
        #expect(errors + (ended ? 1 : 0) == 1)
        thread.stop()
    }
}
