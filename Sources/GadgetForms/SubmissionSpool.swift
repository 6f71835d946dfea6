import GadgetCore
import GadgetSystem
import Logging
import Synchronization

/// The outbox of visitors' submissions (issue 38: nothing is lost): one file per submission in
/// `STATE/forms/spool`, kept until its target accepted it (a 2xx reply, a PUBACK).
///
/// - A submission is written to a temporary name (`.NAME.tmp`), fsync'd, renamed to its name,
///   and the directory fsync'd; only then does `add` return, and only then may the visitor be
///   told it was sent. A crash before the rename leaves a temporary file, which the next start
///   removes (that entry was never acknowledged); a crash after it leaves the entry, which is sent.
/// - Names are `SEQUENCE-KEY.json` (a 16-digit sequence, then the idempotency key): listing
///   sorts them oldest first, across restarts.
/// - A file that does not read back (a damaged disk, a hand edit) is moved to `STATE/forms/corrupt`
///   with one log line, never deleted.
///
/// Thread: any; calls are serialised by one lock (the writer thread adds, the sender removes),
/// and `count` is read without it (the loop's `state` and metrics never wait for a fsync).
public final class SubmissionSpool: Sendable {
    public struct Entry: Sendable, Equatable {
        /// The file's name in `directory`.
        public let name: String
        public let sequence: UInt64
        public let record: SpoolRecord
    }

    /// A submission's file is small (a few fields); anything larger than this is not one of ours.
    public static let maximumFileBytes = 1 << 20

    /// `STATE/forms/spool`.
    public let directory: String
    /// `STATE/forms/corrupt`: files that did not read back, kept for a person to look at.
    public let asideDirectory: String
    private let disk: any SpoolDisk
    private let log: Logger
    private struct State: Sendable {
        var entries: [Entry] = []
        var nextSequence: UInt64 = 1
    }
    private let state: Mutex<State>
    private let length = Atomic<Int>(0)

    /// Opens (making it if needed) the spool under `stateDirectory`: removes unfinished writes,
    /// sets aside what does not read back, and lists the rest oldest first.
    public init(stateDirectory: String, disk: any SpoolDisk = SystemSpoolDisk(), log: Logger) throws(SpoolError) {
        let base = stateDirectory.hasSuffix("/") && stateDirectory.count > 1 ? String(stateDirectory.dropLast()) : stateDirectory
        directory = base + "/forms/spool"
        asideDirectory = base + "/forms/corrupt"
        self.disk = disk
        self.log = log
        var s = State()
        let names: [String]
        do {
            try disk.makeDirectories(directory)
            names = try disk.names(in: directory)
        } catch {
            throw .directory(directory, error)
        }
        var unfinished = 0
        for name in names.sorted() {
            if name.hasPrefix("."), name.hasSuffix(".tmp") {
                do { try disk.unlink(directory + "/" + name); unfinished += 1 } catch { log.warning("\(error)") }
                continue
            }
            guard let (sequence, key) = SubmissionSpool.parse(name: name) else {
                // Not a name the spool writes (a stray file): left alone, not sent, not counted.
                log.warning("\(directory)/\(name) is not a spool file; left alone")
                continue
            }
            s.nextSequence = max(s.nextSequence, sequence + 1)
            let path = directory + "/" + name
            do {
                let bytes = try disk.read(path)
                let record = try SpoolRecord(encoded: String(decoding: bytes, as: UTF8.self))
                guard record.submission.submission == key else {
                    throw FormSubmission.DecodeFailure(message: "its key is not the one its name gives")
                }
                s.entries.append(Entry(name: name, sequence: sequence, record: record))
            } catch let failure as FormSubmission.DecodeFailure {
                SubmissionSpool.setAside(name, because: failure.message, from: directory, to: asideDirectory, disk: disk, log: log)
            } catch {
                log.error("\(error); \(name) stays in the spool and is not sent this run")
            }
        }
        if unfinished > 0 {
            log.info("removed \(unfinished) unfinished write(s) in \(directory) (a stop before the rename: never acknowledged)")
            do { try disk.syncDirectory(directory) } catch { log.warning("\(error)") }
        }
        state = Mutex(s)
        length.store(s.entries.count, ordering: .relaxed)
    }

    /// Moves a file that does not read back aside, with one line saying why.
    private static func setAside(_ name: String, because reason: String, from directory: String, to asideDirectory: String,
                                 disk: any SpoolDisk, log: Logger) {
        do {
            try disk.makeDirectories(asideDirectory)
            try disk.rename(directory + "/" + name, to: asideDirectory + "/" + name)
            try disk.syncDirectory(directory)
            log.error("\(directory)/\(name) does not read back (\(reason)); moved to \(asideDirectory), not sent")
        } catch {
            log.error("\(directory)/\(name) does not read back (\(reason)) and could not be moved aside (\(error)); left in place, not sent")
        }
    }

    /// `SEQUENCE-KEY.json` → (sequence, key).
    static func parse(name: String) -> (UInt64, String)? {
        guard name.hasSuffix(".json"), let dash = name.firstIndex(of: "-") else { return nil }
        let digits = name[..<dash]
        guard digits.count == 16, let sequence = UInt64(digits) else { return nil }
        let key = String(name[name.index(after: dash)..<name.index(name.endIndex, offsetBy: -5)])
        guard SubmissionKey.isValid(key) else { return nil }
        return (sequence, key)
    }

    static func name(sequence: UInt64, key: String) -> String {
        let digits = String(sequence)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + "-" + key + ".json"
    }

    /// How many submissions wait to be accepted. Thread: any, without waiting for a write.
    public var count: Int { length.load(ordering: .relaxed) }

    /// Every waiting submission, oldest first.
    public var entries: [Entry] { state.withLock { $0.entries } }

    /// Writes `record` durably (temporary file, fsync, rename, directory fsync). When this
    /// throws, nothing of it is left in the spool and it must not be acknowledged to the visitor.
    /// `committed` runs once the entry is durable, before any other thread can see it in
    /// `entries` (the writer reports `saved` there, so a `sent` never comes before it).
    @discardableResult
    public func add(_ record: SpoolRecord, committed: (Entry) -> Void = { _ in }) throws(SpoolError) -> Entry {
        try state.withLock { (s: inout State) throws(SpoolError) -> Entry in
            let name = SubmissionSpool.name(sequence: s.nextSequence, key: record.submission.submission)
            let path = directory + "/" + name
            let temporary = directory + "/." + name + ".tmp"
            do throws(SystemError) {
                try disk.writeSynced(temporary, Array(record.encoded().utf8))
            } catch {
                try? disk.unlink(temporary)
                throw .write(directory, error)
            }
            do throws(SystemError) {
                try disk.rename(temporary, to: path)
            } catch {
                try? disk.unlink(temporary)
                throw .write(directory, error)
            }
            do throws(SystemError) {
                try disk.syncDirectory(directory)
            } catch {
                // The name may not survive a power cut: not acknowledged, so not kept either (a
                // visitor told "not saved" who submits again must not be counted twice).
                try? disk.unlink(path)
                throw .write(directory, error)
            }
            let entry = Entry(name: name, sequence: s.nextSequence, record: record)
            s.nextSequence += 1
            committed(entry)
            s.entries.append(entry)
            length.store(s.entries.count, ordering: .relaxed)
            return entry
        }
    }

    /// The target accepted `entry`: its file goes. A failure is logged: the entry then stays on
    /// disk and is sent again after a restart, which its key makes harmless.
    public func remove(_ entry: Entry) {
        state.withLock { s in
            s.entries.removeAll { $0.name == entry.name }
            length.store(s.entries.count, ordering: .relaxed)
            do {
                try disk.unlink(directory + "/" + entry.name)
                try disk.syncDirectory(directory)
            } catch {
                log.warning("\(error); the accepted submission may be sent again after a restart (its key lets the receiver drop it)")
            }
        }
    }
}
