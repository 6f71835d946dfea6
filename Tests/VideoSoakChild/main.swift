// The soak's child process (Tests/GadgetVideoTests/VideoSoakTests.swift): a program of its own,
// not a test, so the suite's count holds only tests that test something. VideoSoakTests starts
// it from the test binary's directory, where `swift build --build-tests` puts it.
//
//   VideoSoakChild CLIP OUT LEAK      loops CLIP through one decoder for 1,000 frames and writes
//                                     "rss@50 rss@500 fds@50 fds@500 clipFDs" (KiB, counts) to
//                                     OUT; LEAK 1 keeps a frame per loop (the leak it must catch)
//
// A process of its own because resident memory is a whole process's figure: inside `swift test`,
// another suite's allocations were counted as the soak's.
#if canImport(Glibc)
import Glibc
#endif
import GadgetCore
import GadgetSystem
import GadgetVideo

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

func residentKiB() -> Int {
    guard let text = try? FileIO.read("/proc/self/statm") else { return 0 }
    let fields = String(decoding: text, as: UTF8.self).split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

/// Where a symbolic link points (readlink(2)); nil if it cannot be read.
func link(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Descriptors open on paths under `prefix`; nil: every descriptor (pipes and sockets too).
func openDescriptors(under prefix: String?) -> Int {
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

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    StandardError.line("usage: VideoSoakChild CLIP OUT LEAK (started by VideoSoakTests)")
    exit(64)
}
let clip = arguments[1], out = arguments[2], leak = arguments[3] == "1"
let directory = String(clip[..<(clip.lastIndex(of: "/") ?? clip.endIndex)])
do {
    let thread = try VideoDecodeThread(decoder: try VideoDecoder(path: clip), loops: true)
    var kept: [VideoFrame] = []
    var frames = 0, rssAt50 = 0, fdsAt50 = 0, keptLoops = 0
    while frames < 1_000 {
        let taken = next(thread)
        frames += taken.frames.count
        if leak, taken.loops > keptLoops, let f = taken.frames.first { kept.append(f); keptLoops = taken.loops }
        if frames >= 100, rssAt50 == 0 {
            rssAt50 = residentKiB()
            fdsAt50 = openDescriptors(under: nil)
        }
    }
    let figures = [rssAt50, residentKiB(), fdsAt50, openDescriptors(under: nil), openDescriptors(under: directory)]
    thread.stop()
    withExtendedLifetime(kept) {}
    try FileIO.replace(out, with: Array(figures.map(String.init).joined(separator: " ").utf8))
} catch {
    StandardError.line("VideoSoakChild: \(error)")
    exit(1)
}
