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

    /// The errors a long-running kiosk meets late (fd and disk exhaustion, a busy port, a dropped
    /// broker) carry their C name, looked up by Linux's numbers (asm-generic/errno*.h).
    @Test func exhaustionAndSocketErrorsHaveTheirCNames() {
        let linux: [(Int32, String)] = [
            (23, "ENFILE"), (24, "EMFILE"), (28, "ENOSPC"), (30, "EROFS"), (36, "ENAMETOOLONG"),
            (39, "ENOTEMPTY"), (40, "ELOOP"), (98, "EADDRINUSE"), (99, "EADDRNOTAVAIL"),
            (101, "ENETUNREACH"), (104, "ECONNRESET"), (107, "ENOTCONN"), (110, "ETIMEDOUT"),
            (111, "ECONNREFUSED"), (113, "EHOSTUNREACH"), (122, "EDQUOT"),
        ]
        for (code, name) in linux { #expect(Errno(rawValue: code).symbolicName == name, "errno \(code)") }
        #expect(SystemError("accept4", code: 24).description == "accept4 failed: Too many open files (EMFILE)")
    }

    /// No two numbers share a name (a copy-pasted case would hide the real one).
    @Test func symbolicNamesAreDistinct() {
        let named = (1...133).map { Errno(rawValue: Int32($0)).symbolicName }.filter { $0.hasPrefix("E") }
        #expect(named.count >= 50)
        #expect(Set(named).count == named.count)
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
