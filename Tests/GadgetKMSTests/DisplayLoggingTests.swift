import GadgetCore
import GadgetGL
import GadgetSystem
import Logging
import Synchronization
import Testing
@testable import GadgetDisplay

/// Log lines and error texts as the kiosk prints them: the subsystem is the logger's label, never
/// a prefix inside the message (Tests/vm and Tests/boot grep these lines).
@Suite struct DisplayLoggingTests {
    /// Lines a logger wrote, as they would reach stderr.
    final class Captured: Sendable {
        let lines = Mutex<[String]>([])
        func logger(_ subsystem: String, journal: Bool = false) -> Logger {
            GadgetLogging.logger(subsystem, sink: LogSink(threshold: .info, isJournal: journal) { line in
                self.lines.withLock { $0.append(line) }
            })
        }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func flipSwallowingDisplayWarnsUnderKMS() throws {
        let captured = Captured()
        let display = FlipSwallowingDisplay(wrapping: try HeadlessDisplay(size: PixelSize(8, 8)), triggerPath: "/nonexistent/trigger",
                                            logger: captured.logger("kms"))
        #expect(captured.all == ["kms: warning: test trigger armed: flips stop completing while /nonexistent/trigger exists\n"])
        #expect(try display.dispatchEvents().isEmpty)
        #expect(display.eventDescriptor == nil)
    }

    @Test func errorsReadTheSameWayEverywhere() {
        #expect(DisplayError.system(SystemError("drmModeAtomicCommit", "flip", errno: .resourceBusy)).description
            == "drmModeAtomicCommit(flip) failed: Device or resource busy (EBUSY)")
        #expect(DisplayError.egl("eglInitialize", 0x3001).description == "eglInitialize failed (EGL_NOT_INITIALIZED)")
        #expect(DisplayError.gl("glFinish", 0x505).description == "glFinish failed (GL error 0x505)")
        // An EGL call of the GL layer (a dma-buf import) names its EGL error, not a "GL error".
        let refused = GLError.egl("eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT)", 0x3009)
        #expect(refused.description == "eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT) failed (EGL_BAD_MATCH)")
        #expect(DisplayError(refused) == .egl("eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT)", 0x3009))
        #expect(EGLErrorName.name(0x3042) == "EGL error 0x3042")
        #expect(KMSProblem.otherMaster(path: "/dev/dri/card0", failure: SystemError("drmSetMaster", errno: .permissionDenied)).message
            .hasPrefix("another program is driving /dev/dri/card0 (drmSetMaster failed: Permission denied (EACCES)). Stop"))
    }

    @Test func aRefusedCommitNamesTheOtherMaster() {
        let refused = LegacyCommitter.failure(SystemError("drmModePageFlip", errno: .permissionDenied), path: "/dev/dri/card1")
        guard case .unavailable(let why) = refused else { Issue.record("\(refused)"); return }
        #expect(why.contains("another program is driving /dev/dri/card1"))
        #expect(LegacyCommitter.failure(SystemError("drmModePageFlip", errno: .resourceBusy), path: "/dev/dri/card1")
            == .system(SystemError("drmModePageFlip", errno: .resourceBusy)))
    }
}
