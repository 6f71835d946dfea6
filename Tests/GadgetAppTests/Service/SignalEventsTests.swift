#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import GadgetApp
import GadgetSystem

/// Real signals through the real handler. Serialized: the handler and its pipe are per process.
/// The test runner's threads block SIGHUP/SIGTERM/SIGINT, so `deliver` raises them on a fresh
/// thread that unblocks them — like a kiosk, where the handler runs on whichever thread the
/// kernel picks — and only while a handler is installed.
@Suite(.serialized) struct SignalEventsTests {
    @Test func aSignalMakesTheDescriptorReadable() throws {
        let events = try SignalEvents()
        #expect(pollReadable(events.descriptor.rawValue, timeoutMs: 0) == false)
        deliver([SIGHUP])
        #expect(pollReadable(events.descriptor.rawValue, timeoutMs: 60_000))
        #expect(events.take() == [.reload])
        #expect(pollReadable(events.descriptor.rawValue, timeoutMs: 0) == false)
        #expect(events.take() == [])
    }

    @Test func repeatsMergeAndReloadComesBeforeTerminate() throws {
        let events = try SignalEvents()
        deliver([SIGTERM, SIGHUP, SIGHUP, SIGINT])
        #expect(events.take() == [.reload, .terminate(SIGTERM), .terminate(SIGINT)])
    }

    /// A hundred thousand SIGHUPs overfill the pipe (64 KiB); the SIGTERM after them must survive.
    @Test func aFullPipeNeverLosesATerminate() throws {
        let events = try SignalEvents()
        deliver([SIGHUP], times: 100_000)
        deliver([SIGTERM])
        #expect(events.take() == [.reload, .terminate(SIGTERM)])
    }

    @Test func onlyOneAtATimeAndTheOldHandlerComesBack() throws {
        var before = sigaction()
        sigaction(SIGHUP, nil, &before)
        do {
            let first = try SignalEvents()
            #expect(throws: ServiceError.self) { try SignalEvents() }
            var during = sigaction()
            sigaction(SIGHUP, nil, &during)
            #expect(during.__sigaction_handler.sa_handler != nil)
            _ = first
        }
        var after = sigaction()
        sigaction(SIGHUP, nil, &after)
        #expect((after.__sigaction_handler.sa_handler == nil) == (before.__sigaction_handler.sa_handler == nil))
        _ = try SignalEvents()  // free again
    }

    /// A loop asleep in poll(2) with a long timeout wakes as soon as a signal lands on any thread.
    @Test func wakesABlockedPoll() throws {
        let events = try SignalEvents()
        let sender = deliverLater([SIGTERM], afterMicroseconds: 100_000)
        // No timeout that a slow machine could hit: the minute only keeps a broken build from
        // hanging the suite.
        let readable = pollReadable(events.descriptor.rawValue, timeoutMs: 60_000)
        pthread_join(sender, nil)
        #expect(readable)
        #expect(events.take() == [.terminate(SIGTERM)])
    }
}

func pollReadable(_ fd: Int32, timeoutMs: Int32) -> Bool {
    var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    var rc: Int32
    repeat { rc = poll(&pfd, 1, timeoutMs) } while rc < 0 && errno == EINTR
    return rc == 1 && pfd.revents & Int16(POLLIN) != 0
}

/// What a sender thread does: wait, unblock the signals, raise each `times` times.
private struct Delivery {
    var signals: [Int32]
    var times: Int
    var delay: UInt32
}

/// Raises `signals` (each `times` times, in order) on a fresh thread and waits for it.
func deliver(_ signals: [Int32], times: Int = 1) {
    pthread_join(deliverLater(signals, times: times, afterMicroseconds: 0), nil)
}

/// Starts a thread that sleeps, then raises `signals`; join it.
func deliverLater(_ signals: [Int32], times: Int = 1, afterMicroseconds delay: UInt32) -> pthread_t {
    let box = UnsafeMutablePointer<Delivery>.allocate(capacity: 1)
    box.initialize(to: Delivery(signals: signals, times: times, delay: delay))
    var thread = pthread_t()
    _ = pthread_create(&thread, nil, { raw in
        guard let box = raw?.assumingMemoryBound(to: Delivery.self) else { return nil }
        let d = box.move()
        box.deallocate()
        if d.delay > 0 { usleep(d.delay) }
        var set = sigset_t()
        sigemptyset(&set)
        for s in d.signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for s in d.signals { for _ in 0..<d.times { raise(s) } }
        return nil
    }, box)
    return thread
}
