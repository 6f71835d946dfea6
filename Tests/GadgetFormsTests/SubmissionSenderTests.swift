import GadgetCore
import GadgetSystem
import Synchronization
import Testing
@testable import GadgetForms

/// A target double: answers from a script, records every body it was handed (as a server that
/// received it would, even when its reply is then lost).
final class ScriptedTransport: SubmissionTransport, @unchecked Sendable {
    let script: Mutex<[DeliveryOutcome]>
    let received = Mutex<[String]>([])
    init(_ script: [DeliveryOutcome]) { self.script = Mutex(script) }
    func deliver(_ record: SpoolRecord, body: String) -> DeliveryOutcome {
        received.withLock { $0.append(body) }
        return script.withLock { $0.isEmpty ? .accepted : $0.removeFirst() }
    }
    func interrupt() {}
}

/// Collects the sender's reports until `done` says enough (a wait for readiness, bounded at
/// 30 s so a broken sender fails the test instead of hanging it; the outcome is what is checked).
func reports(from sender: SubmissionSender, until done: ([SubmissionReport]) -> Bool) -> [SubmissionReport] {
    var all: [SubmissionReport] = []
    let end = MonotonicClock.now() + 30_000_000
    while !done(all), MonotonicClock.now() < end {
        var wait = PollSet()
        _ = wait.add(sender.wakeDescriptor)
        _ = try? wait.wait(until: MonotonicClock.now() + 100_000)
        all += sender.take()
    }
    return all
}

let quickBackoff = RetryBackoff(initial: 1_000, maximum: 4_000, jitterPercent: 0)

@Suite(.serialized) struct SubmissionSenderTests {
    /// The reply to the first attempt is lost after the server kept the submission: the sender
    /// tries again with the same bytes and the same key, so the server's de-duplication leaves one.
    @Test func aLostReplyIsSentAgainUnderTheSameKey() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let transport = ScriptedTransport([.failed("connection dropped after the request"), .accepted])
        let sender = try SubmissionSender(spool: spool, transports: [transport], route: { _ in transport }, backoff: quickBackoff, seed: 1, log: quietLog)
        let record = sampleRecord(1)
        sender.submit(record)
        let got = reports(from: sender) { $0.contains { if case .sent = $0 { true } else { false } } }
        sender.close()
        let key = record.submission.submission
        #expect(got.first == .saved(form: "guestbook", submission: key))
        #expect(got.last == .sent(form: "guestbook", submission: key))
        let bodies = transport.received.withLock { $0 }
        #expect(bodies == [record.submission.jsonBody(), record.submission.jsonBody()])
        #expect(Set(bodies.map { try! FormSubmission(jsonBody: $0).submission }).count == 1)
        #expect(spool.count == 0)
        #expect(dir.names(dir.spool).isEmpty)
    }

    /// Accepted but stopped before the file went (a power cut): the next start sends it again,
    /// under the same key.
    @Test func anEntryAcceptedButNotRemovedIsSentAgainAfterARestart() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let record = sampleRecord(2)
        try SubmissionSpool(stateDirectory: dir.path, log: quietLog).add(record)
        let transport = ScriptedTransport([])
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let sender = try SubmissionSender(spool: spool, transports: [transport], route: { _ in transport }, backoff: quickBackoff, seed: 2, log: quietLog)
        let got = reports(from: sender) { $0.contains { if case .sent = $0 { true } else { false } } }
        sender.close()
        #expect(got == [.sent(form: "guestbook", submission: record.submission.submission)])
        #expect(transport.received.withLock { $0 } == [record.submission.jsonBody()])
    }

    /// A full disk: the visitor's entry is reported as not saved (never as saved), nothing is sent.
    @Test func aFullDiskIsReportedAsNotSaved() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let disk = FaultyDisk()
        disk.fault.withLock { $0 = .diskFullOnWrite }
        let spool = try SubmissionSpool(stateDirectory: dir.path, disk: disk, log: quietLog)
        let transport = ScriptedTransport([])
        let sender = try SubmissionSender(spool: spool, transports: [transport], route: { _ in transport }, backoff: quickBackoff, seed: 3, log: quietLog)
        sender.submit(sampleRecord(3))
        let got = reports(from: sender) { !$0.isEmpty }
        sender.close()
        guard case .notSaved(let form, _, let message, let diskFull)? = got.first else {
            Issue.record("expected notSaved, got \(got)")
            return
        }
        #expect(form == "guestbook" && diskFull && message.contains("full"))
        #expect(got.count == 1)
        #expect(transport.received.withLock { $0 }.isEmpty)
    }

    /// A target that keeps failing waits its own backoff; another target's entries still go, in order.
    @Test func aFailingTargetDoesNotHoldUpAnother() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let down = ScriptedTransport(Array(repeating: .failed("HTTP 503"), count: 1000))
        let up = ScriptedTransport([])
        let sender = try SubmissionSender(spool: spool, transports: [down, up],
                                          route: { target in target == .url("http://down/") ? down : up },
                                          backoff: RetryBackoff(initial: 200_000, maximum: 200_000, jitterPercent: 0), seed: 4, log: quietLog)
        let stuck = sampleRecord(10, target: .url("http://down/"))
        sender.submit(stuck)
        let later = (11..<14).map { sampleRecord($0, target: .url("http://up/")) }
        for r in later { sender.submit(r) }
        let got = reports(from: sender) { r in r.filter { if case .sent = $0 { true } else { false } }.count == 3 }
        sender.close()
        #expect(up.received.withLock { $0 } == later.map { $0.submission.jsonBody() })
        #expect(spool.entries.map(\.record) == [stuck])
        #expect(got.contains { if case .attemptFailed(_, let key, "HTTP 503", _) = $0 { key == stuck.submission.submission } else { false } })
    }
}
