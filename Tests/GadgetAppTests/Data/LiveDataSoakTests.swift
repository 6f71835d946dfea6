import Logging
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// Issue 27's figures for the live-data side alone (docs/BENCHMARKS.md), run on demand:
///
///     GADGETBOARD_LIVE_SOAK=1 swift test --filter LiveDataSoakTests
///
/// memory over 10,000 polls against the loopback server (half 200s with a new body each time,
/// half 304s), and the CPU of 10 sources every 10 s plus a seconds clock. Off by default: it takes
/// minutes. scripts/test.sh runs it short (`GADGETBOARD_LIVE_SOAK_POLLS=2000`,
/// `GADGETBOARD_LIVE_SOAK_SECONDS=10`) so its checks run in every suite: memory flat over the
/// polls after the first 1,000, a change each second of the clock.
@Suite(.serialized, .enabled(if: ProcessEnvironment.current()["GADGETBOARD_LIVE_SOAK"] == "1"))
struct LiveDataSoakTests {
    func board(port: Int, sources: Int, every: Int, clock: Bool) throws -> Board {
        let list = (0..<sources).map { i in #"{"id": "s\#(i)", "url": "http://127.0.0.1:\#(port)/\#(i % 2 == 0 ? "count" : "etag")", "every": \#(every)}"# }
        let gadgets = (0..<sources).map { i in #"{"id": "g\#(i)", "center": [10, 10], "size": [10, 10], "text": "x", "bind": {"text": "{s\#(i)}"}}"# }
            + (clock ? [#"{"id": "clock", "center": [10, 10], "size": [10, 10], "text": "x", "bind": {"text": "{time|%H:%M:%S}"}}"#] : [])
        let json = #"{"size": [100, 100], "sources": [\#(list.joined(separator: ","))], "gadgets": [\#(gadgets.joined(separator: ","))]}"#
        return try BoardDecoder.decode(Array(json.utf8), file: "soak.json").get()
    }

    /// Drives the runner as the loop would (poll its descriptor until its deadline) until `until`.
    func drive(_ runner: LiveDataRunner, board: Board, until done: () -> Bool) throws -> Int {
        var changes = 0
        while !done() {
            let now = MonotonicClock.now()
            let wait = runner.nextDeadline.map { max(0, Int32(clamping: ($0 - now) / 1000)) } ?? 1000
            var set = PollSet()
            if let d = runner.wakeDescriptor { _ = set.add(d) }
            _ = try set.wait(timeoutMilliseconds: min(wait, 1000))
            changes += runner.update(now: MonotonicClock.now(), board: board).changes.count
        }
        return changes
    }

    @Test func memoryIsFlatOver10000Polls() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        let b = try board(port: server.port, sources: 50, every: 1, clock: false)
        let runner = try LiveDataRunner(board: b, directory: "/tmp", zone: .utc,
                                        names: .english, displayScale: 1, seed: 1, log: Logger(label: "soak"), now: MonotonicClock.now())
        defer { runner.close() }
        func polls() -> Int { runner.book.statuses.reduce(0) { $0 + $1.fetches.values.reduce(0, +) } }
        _ = try drive(runner, board: b) { polls() >= 1000 }
        let rssWarm = ProcessResources.residentBytes() ?? 0
        let cpu0 = ProcessResources.cpuNanoseconds(), t0 = MonotonicClock.now()
        let total = ProcessEnvironment.current()["GADGETBOARD_LIVE_SOAK_POLLS"].flatMap { Int($0) } ?? 10_000
        _ = try drive(runner, board: b) { polls() >= total }
        let rssEnd = ProcessResources.residentBytes() ?? 0
        let cpu = Double(ProcessResources.cpuNanoseconds() - cpu0) / 1e9, wall = Double(MonotonicClock.now() - t0) / 1e6
        print("live-soak: polls \(polls()) rss after 1000 polls \(rssWarm / 1024) KiB, after \(total) \(rssEnd / 1024) KiB (growth \((rssEnd - rssWarm) / 1024) KiB); cpu \(cpu) s over \(wall) s wall for \(total - 1000) polls (\(cpu / Double(total - 1000) * 1e6) µs/poll)")
        #expect(rssEnd - rssWarm < 4 << 20)
    }

    @Test func cpuOfTenSourcesAndASecondsClock() throws {
        let server = try LiveDataRunnerTests.Server()
        defer { server.stop() }
        let b = try board(port: server.port, sources: 10, every: 10, clock: true)
        let runner = try LiveDataRunner(board: b, directory: "/tmp", zone: .utc,
                                        names: .english, displayScale: 1, seed: 1, log: Logger(label: "soak"), now: MonotonicClock.now())
        defer { runner.close() }
        let seconds = Int64(ProcessEnvironment.current()["GADGETBOARD_LIVE_SOAK_SECONDS"].flatMap { Int64($0) } ?? 120)
        let cpu0 = ProcessResources.cpuNanoseconds(), t0 = MonotonicClock.now(), end = t0 + seconds * 1_000_000
        let changes = try drive(runner, board: b) { MonotonicClock.now() >= end }
        let cpu = Double(ProcessResources.cpuNanoseconds() - cpu0) / 1e9, wall = Double(MonotonicClock.now() - t0) / 1e6
        print("live-soak: 10 sources every 10 s + a seconds clock: cpu \(cpu) s over \(wall) s = \(cpu / wall * 100) % of a core (\(cpu / wall * 3600) s per hour); \(changes) changes")
        #expect(changes >= Int(seconds) - 2)
    }
}
