#if canImport(Glibc)
import Glibc
#endif
import GadgetCore
import GadgetSystem
import Synchronization
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

    /// Waits (a condition, looked at every millisecond: the time decides nothing) until the
    /// thread's queue is full: what a loop that comes late finds.
    func untilFull(_ thread: VideoDecodeThread, _ capacity: Int) {
        while thread.queuedPictures.count < capacity { MonotonicClock.sleep(microseconds: 1_000) }
    }

    /// Under the audio clock a loop that takes pictures late (the VM's: one frame in 462 ms) finds
    /// the picture the listener hears and the ones after it, not the oldest decoded ones: the
    /// thread drops what the sound has overtaken without waiting for the loop, and counts it.
    /// (Before this, a late taker got pictures 0…3 whatever the sound was at.)
    @Test func aLateTakerGetsThePictureTheSoundIsAt() throws {
        let clips = try Clips()
        let now = ManualNow(10_000_000)
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: try clips.indexed(frames: 90)), loops: false,
                                           capacity: 4, now: { now.value.load(ordering: .relaxed) })
        // The card plays clip time 1.5 s at monotonic 10 s, and on in real time (each mix records
        // a fresh position).
        thread.follow(sound: {
            let t = now.value.load(ordering: .relaxed)
            return SoundtrackPosition(media: 1_500_000 + t - 10_000_000, presentation: t)
        })
        untilFull(thread, 4)
        let taken = thread.take()
        #expect(taken.frames.count == 4)
        let first = try #require(taken.frames.first)
        defer { thread.stop() }
        try #require(first.clipTime <= 1_500_000 && first.clipTime + 33_334 > 1_500_000)
        #expect(taken.overtaken == 45)
        // A second later the sound is at 2.5 s: the thread decodes on past what it overtook.
        now.value.store(11_000_000, ordering: .relaxed)
        while !(thread.queuedPictures.count == 4 && thread.queuedPictures[0].clipTime >= 2_500_000 - 33_334) {
            MonotonicClock.sleep(microseconds: 1_000)
        }
        let later = thread.take()
        #expect(later.frames.first.map { $0.clipTime <= 2_500_000 && $0.clipTime + 33_334 > 2_500_000 } == true)
        #expect(later.overtaken == 75 - 49)
    }

    /// Where the sound does not pace (the WAV writer, ALSA's file plugin) nothing is dropped.
    @Test func anUnpacedSoundDropsNothing() throws {
        let clips = try Clips()
        let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: try clips.indexed(frames: 90)), loops: false,
                                           capacity: 4, now: { 10_000_000 })
        thread.follow(sound: { SoundtrackPosition(media: 1_500_000, presentation: 10_000_000, paced: false) })
        untilFull(thread, 4)
        let taken = thread.take()
        #expect(taken.frames.map(\.clipTime) == [0, 33_333, 66_667, 100_000])
        #expect(taken.overtaken == 0)
        thread.stop()
    }
}

/// A monotonic clock the test sets (µs).
private final class ManualNow: Sendable {
    let value: Atomic<Int64>
    init(_ t: Int64) { value = Atomic(t) }
}
