import Synchronization
import Testing
@testable import GadgetSystem

/// A named thread carries its name where top -H, perf and /proc/PID/task/TID/comm show it (the
/// audio thread's CPU figure is read from there), cut to the kernel's 15 bytes.
struct JoinableThreadTests {
    static func nameSeenInside(_ name: String?) throws -> String {
        let seen = Mutex("")
        let thread = try JoinableThread(name: name) {
            let comm = (try? FileIO.read("/proc/thread-self/comm")) ?? []
            seen.withLock { $0 = String(decoding: comm, as: UTF8.self).trimmingSuffixNewline }
        }
        thread.join()
        return seen.withLock { $0 }
    }

    @Test func aNamedThreadShowsItsName() throws {
        #expect(try Self.nameSeenInside("gb-audio") == "gb-audio")
    }

    @Test func aLongNameIsCutToFifteenBytes() throws {
        #expect(try Self.nameSeenInside("gadgetboard-audio-thread") == "gadgetboard-aud")
    }
}

private extension String {
    var trimmingSuffixNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
