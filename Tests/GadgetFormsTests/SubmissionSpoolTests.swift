import GadgetCore
import GadgetSystem
import Testing
@testable import GadgetForms

@Suite(.serialized) struct SubmissionSpoolTests {
    @Test func entriesSurviveARestartInOrder() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let records = (0..<12).map { sampleRecord($0) }
        for r in records { try spool.add(r) }
        #expect(spool.count == 12)
        let again = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        #expect(again.entries.map(\.record) == records)
        // New entries after the restart come after the kept ones.
        let next = try again.add(sampleRecord(99))
        #expect(next.sequence == 13)
        again.remove(again.entries[0])
        let third = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        #expect(third.entries.map(\.record) == Array(records.dropFirst()) + [sampleRecord(99)])
    }

    /// A crash after the write and before the rename leaves a temporary file: the next start
    /// removes it (that submission was never acknowledged) and keeps the committed ones.
    @Test func aCrashBetweenWriteAndRenameLeavesOnlyCommittedEntries() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let disk = FaultyDisk()
        let spool = try SubmissionSpool(stateDirectory: dir.path, disk: disk, log: quietLog)
        let kept = sampleRecord(1)
        try spool.add(kept)
        disk.fault.withLock { $0 = .crashBeforeRename }
        #expect(throws: SpoolError.self) { try spool.add(sampleRecord(2)) }
        // The "dead" process left its temporary file beside the committed one.
        #expect(dir.names(dir.spool).count == 2)
        #expect(dir.names(dir.spool).contains { $0.hasPrefix(".") && $0.hasSuffix(".tmp") })

        let restarted = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        #expect(restarted.entries.map(\.record) == [kept])
        #expect(dir.names(dir.spool) == [restarted.entries[0].name])
    }

    /// A full disk: the write fails, nothing of it stays in the spool, the error says the disk is
    /// full, and what was kept before is untouched.
    @Test func aFullDiskIsAClearErrorAndKeepsNothingHalfWritten() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let disk = FaultyDisk()
        let spool = try SubmissionSpool(stateDirectory: dir.path, disk: disk, log: quietLog)
        try spool.add(sampleRecord(1))
        disk.fault.withLock { $0 = .diskFullOnWrite }
        do {
            try spool.add(sampleRecord(2))
            Issue.record("a write on a full disk was acknowledged")
        } catch {
            #expect(error.isDiskFull)
            #expect(error.description == "the disk holding \(dir.spool) is full (ENOSPC): the submission was not saved")
        }
        #expect(spool.count == 1)
        #expect(dir.names(dir.spool).count == 1)
        disk.fault.withLock { $0 = nil }
        try spool.add(sampleRecord(3))
        let again = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        #expect(again.entries.map(\.record) == [sampleRecord(1), sampleRecord(3)])
    }

    /// A rename that may not survive a power cut is not acknowledged, so it is not kept either.
    @Test func aFailedDirectorySyncIsNotAcknowledgedNorKept() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let disk = FaultyDisk()
        let spool = try SubmissionSpool(stateDirectory: dir.path, disk: disk, log: quietLog)
        disk.fault.withLock { $0 = .directorySyncFails }
        #expect(throws: SpoolError.self) { try spool.add(sampleRecord(1)) }
        #expect(spool.count == 0)
        #expect(dir.names(dir.spool).isEmpty)
    }

    /// A file that does not read back is moved aside with one line, never deleted, never sent.
    @Test func aCorruptFileIsMovedAsideNotDeleted() throws {
        let dir = try StateDirectory()
        defer { dir.remove() }
        let spool = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        let good = try spool.add(sampleRecord(1))
        let bad = try spool.add(sampleRecord(2))
        try FileIO.replace(dir.spool + "/" + bad.name, with: "{\"target\":{\"url\":\"http://x\"},\"submission\":{\"form\":")
        // A key in the name that is not the one inside.
        let swapped = SubmissionSpool.name(sequence: 7, key: sampleRecord(3).submission.submission)
        try FileIO.replace(dir.spool + "/" + swapped, with: sampleRecord(4).encoded())
        try FileIO.replace(dir.spool + "/README", with: "not ours")

        let again = try SubmissionSpool(stateDirectory: dir.path, log: quietLog)
        #expect(again.entries.map(\.name) == [good.name])
        #expect(dir.names(dir.path + "/forms/corrupt") == [bad.name, swapped].sorted())
        #expect(dir.names(dir.spool) == ["README", good.name].sorted())
        // Sequences go on past the set-aside files' numbers.
        #expect(try again.add(sampleRecord(5)).sequence == 8)
    }

    @Test func anUnusableStateDirectoryIsOneLine() throws {
        do {
            _ = try SubmissionSpool(stateDirectory: "/proc/gadgetboard-nope", log: quietLog)
            Issue.record("opened a spool under /proc")
        } catch {
            #expect(error.description.hasPrefix("the spool /proc/gadgetboard-nope/forms/spool cannot be used ("))
            #expect(!error.description.contains("\n"))
        }
    }
}
