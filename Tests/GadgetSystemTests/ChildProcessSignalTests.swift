import Glibc
import Testing
@testable import GadgetSystem

/// A child started from a thread that blocks signals (as the kiosk's threads and a test runner's
/// do) gets a clean signal state, so SIGTERM still ends it.
@Suite struct ChildProcessSignalTests {
    @Test func aChildOfAThreadBlockingSIGTERMStillDiesOfIt() throws {
        var term = sigset_t(), previous = sigset_t()
        sigemptyset(&term)
        sigaddset(&term, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &term, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // The shell sends itself SIGTERM: with the mask inherited it stays pending and the shell
        // exits 3; with a clean state the signal ends it.
        let ended = try ChildProcess.run(["/bin/sh", "-c", "kill -TERM $$; exit 3"])
        #expect(ended.status & 0x7f == SIGTERM, "raw wait status \(ended.status)")
    }
}
