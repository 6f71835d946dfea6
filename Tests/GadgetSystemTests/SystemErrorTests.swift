import GadgetSystem
import SystemPackage
import Testing

@Suite struct SystemErrorTests {
    /// One format everywhere: the call, its subject, strerror's words and the C name.
    @Test func namesTheCallAndTheErrnoOnce() {
        #expect(SystemError("open", "/dev/input/event3", errno: .permissionDenied).description
                == "open(/dev/input/event3) failed: Permission denied (EACCES)")
        #expect(SystemError("drmModeAtomicCommit", code: 16).description
                == "drmModeAtomicCommit failed: Device or resource busy (EBUSY)")
        #expect(SystemError("poll", code: 9999).description.hasSuffix("(errno 9999)"))
    }

    @Test func fileProblemsUseABoardAuthorsWords() {
        #expect(SystemError("open", "a.png", errno: .noSuchFileOrDirectory).fileProblem == "file not found: a.png")
        #expect(SystemError("open", "a.png", errno: .permissionDenied).fileProblem == "permission denied: a.png")
        #expect(SystemError("read", "dir", errno: .isDirectory).fileProblem == "is a directory: dir")
    }

    /// A C call that fails names itself; EINTR is never an error (the policy is retry).
    @Test func systemCallThrowsTheCallersName() {
        #expect(throws: SystemError("open", "/nonexistent/x", errno: .noSuchFileOrDirectory)) {
            _ = try OwnedFileDescriptor.open("/nonexistent/x", .readOnly)
        }
        var calls = 0
        let result = try? SystemCall.run("fake") {
            calls += 1
            if calls < 3 { Errno.interrupted.setAsCurrent(); return -1 }
            return 7
        }
        #expect(result == 7 && calls == 3)
    }
}

extension Errno {
    /// Sets the thread's errno, as a failing C call would.
    func setAsCurrent() { SystemTestSupport.setErrno(rawValue) }
}
