#if canImport(Glibc)
import Glibc
#endif
import GadgetSystem
import Logging
import Synchronization
import Testing

@Suite struct JournalLogHandlerTests {
    /// Collects the lines a logger writes.
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func logger(_ subsystem: String, threshold: Logger.Level = .info, journal: Bool) -> Logger {
            GadgetLogging.logger(subsystem, sink: LogSink(threshold: threshold, isJournal: journal) { line in
                self.lines.withLock { $0.append(line) }
            })
        }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func journalLinesCarryThePriorityPrefix() {
        let out = Lines()
        let log = out.logger("kms", journal: true)
        log.error("drmModeAtomicCommit failed (errno 13)")
        log.info("modeset HDMI-A-1")
        log.debug("dropped: below threshold")
        #expect(out.all == ["<3>kms: drmModeAtomicCommit failed (errno 13)\n", "<6>kms: modeset HDMI-A-1\n"])
    }

    @Test func terminalLinesSayTheSeverityInWords() {
        let out = Lines()
        let log = out.logger("board", journal: false)
        log.error("gadgets[1].size: must be positive")
        log.warning("idle.mode: dpms unsupported, using black")
        log.notice("loaded demo")
        #expect(out.all == ["board: error: gadgets[1].size: must be positive\n",
                            "board: warning: idle.mode: dpms unsupported, using black\n",
                            "board: loaded demo\n"])
    }

    @Test func everyLineOfAMessageIsItsOwnEntry() {
        let out = Lines()
        out.logger("input", journal: true).warning("two\nlines")
        #expect(out.all == ["<4>input: two\n", "<4>input: lines\n"])
    }

    @Test func debugPassesWhenAskedFor() {
        let out = Lines()
        out.logger("egl", threshold: .debug, journal: false).debug("eglInitialize 1.5")
        #expect(out.all == ["egl: eglInitialize 1.5\n"])
        #expect(Logger.Level(name: "DEBUG") == .debug && Logger.Level(name: "warn") == .warning && Logger.Level(name: "3") == .error)
        #expect(Logger.Level(name: "loud") == nil)
    }

    /// swift-log metadata follows the message, sorted, so a line is the same every run.
    @Test func metadataFollowsTheMessage() {
        let out = Lines()
        var log = out.logger("input", journal: false)
        log[metadataKey: "device"] = "event3"
        log.info("opened", metadata: ["slots": "10"])
        #expect(out.all == ["input: opened device=event3 slots=10\n"])
    }

    /// `$JOURNAL_STREAM` must name fd 2 itself; an inherited value with stderr redirected elsewhere
    /// must not put `<N>` into a file.
    @Test func journalDetectionComparesDeviceAndInode() {
        var st = stat()
        #expect(fstat(2, &st) == 0)
        #expect(LogSink.stderrIsJournal("\(st.st_dev):\(st.st_ino)"))
        #expect(!LogSink.stderrIsJournal("\(st.st_dev):\(st.st_ino &+ 1)"))
        #expect(!LogSink.stderrIsJournal(nil))
        #expect(!LogSink.stderrIsJournal("garbage"))
    }
}
