import GadgetSystem
import Testing
@testable import GadgetAudio

/// The deployed unit and the audio thread agree on real time: the unit allows SCHED_FIFO up to a
/// limit the thread's request fits under, bounds its run time, and lets the call through the
/// system call filter; where it is refused anyway, the one line says the true reason.
@Suite struct RealTimeUnitTests {
    /// deploy/gadgetboard.service's `Key=value` lines, in order (comments and sections dropped).
    func unitSettings() throws -> [(key: String, value: String)] {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let bytes = try FileIO.read(parts.joined(separator: "/") + "/deploy/gadgetboard.service")
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let eq = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<eq]), String(line[line.index(after: eq)...]))
        }
    }

    @Test func theUnitLetsTheAudioThreadRunRealTimeButBounded() throws {
        let settings = try unitSettings()
        func last(_ key: String) -> String? { settings.last { $0.key == key }?.value }
        #expect(last("RestrictRealtime") == "no")
        let limit = try #require(last("LimitRTPRIO").flatMap { Int32($0) })
        #expect(limit >= AudioTuning.realTimePriority, "the thread asks for more than the unit allows")
        #expect(limit < 50, "above the kernel's threaded interrupts")
        #expect(last("LimitRTTIME") != nil, "a runaway real-time thread must be stopped")
        // The filter's @resources deny covers sched_setscheduler (pthread_setschedparam's call):
        // it has to be allowed again after that line, or the request fails with EPERM anyway.
        let filters = settings.filter { $0.key == "SystemCallFilter" }.map(\.value)
        let deny = try #require(filters.firstIndex { $0.hasPrefix("~") && $0.contains("@resources") })
        #expect(filters[(deny + 1)...].contains { !$0.hasPrefix("~") && $0.split(separator: " ").contains("sched_setscheduler") })
    }

    @Test func aRefusalSaysWhetherTheLimitOrSomethingElseIsWhy() {
        let error = SystemError("pthread_setschedparam", code: 1)
        let low = PlaybackLoop.refusal(error, asked: 20, limit: 0)
        #expect(low.hasSuffix("RLIMIT_RTPRIO is 0; systemd's LimitRTPRIO=20 or more grants it"))
        let other = PlaybackLoop.refusal(error, asked: 20, limit: 21)
        #expect(other.hasSuffix("although RLIMIT_RTPRIO is 21: RestrictRealtime=yes or a system call filter denies it"))
        #expect(!other.contains("\n") && !low.contains("\n"))
    }
}
