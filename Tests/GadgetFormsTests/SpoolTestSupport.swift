import GadgetCore
import GadgetForms
import GadgetSystem
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A fresh state directory per test, removed with everything in it.
struct StateDirectory {
    let path: String
    init() throws { path = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-forms") }
    func remove() { _ = system("rm -rf '\(path)'") }
    var spool: String { path + "/forms/spool" }
    func names(_ dir: String) -> [String] { ((try? DirectoryListing.names(in: dir)) ?? []).sorted() }
}

/// The real disk, with one call failing on cue the way a full disk or a crash would.
final class FaultyDisk: SpoolDisk, @unchecked Sendable {
    enum Fault {
        /// writeSynced writes half the bytes, then fails with ENOSPC (a full disk).
        case diskFullOnWrite
        /// rename fails: the process "dies" between the write and the rename (its temporary file stays).
        case crashBeforeRename
        /// The directory's fsync fails (EIO).
        case directorySyncFails
    }
    private let real = SystemSpoolDisk()
    let fault = Mutex<Fault?>(nil)

    func makeDirectories(_ path: String) throws(SystemError) { try real.makeDirectories(path) }
    func names(in directory: String) throws(SystemError) -> [String] { try real.names(in: directory) }
    func read(_ path: String) throws(SystemError) -> [UInt8] { try real.read(path) }
    func writeSynced(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        if fault.withLock({ $0 }) == .diskFullOnWrite {
            try real.writeSynced(path, Array(bytes.prefix(bytes.count / 2)))
            throw SystemError("write", path, errno: .noSpace)
        }
        try real.writeSynced(path, bytes)
    }
    func rename(_ from: String, to: String) throws(SystemError) {
        if fault.withLock({ $0 }) == .crashBeforeRename { throw FaultyDisk.crashedHere() }
        try real.rename(from, to: to)
    }
    func syncDirectory(_ path: String) throws(SystemError) {
        if fault.withLock({ $0 }) == .directorySyncFails { throw SystemError("fsync", path, errno: .ioError) }
        try real.syncDirectory(path)
    }
    func unlink(_ path: String) throws(SystemError) {
        // A crashed process cleans nothing up: its temporary file stays for the next start.
        if fault.withLock({ $0 }) == .crashBeforeRename { throw FaultyDisk.crashedHere() }
        try real.unlink(path)
    }

    /// What a crash "throws": never reaches a caller in real life; here it stops the spool's work
    /// exactly where the process would have died.
    static func crashedHere() -> SystemError { SystemError("crash", nil, errno: .interrupted) }
}

func sampleRecord(_ i: Int, form: String = "guestbook", target: FormTarget = .url("http://127.0.0.1:9/form"), seed: UInt64 = 38) -> SpoolRecord {
    var random = SplitMix64(seed: seed &+ UInt64(i))
    let key = SubmissionKey.make(using: &random)
    return SpoolRecord(target: target, submission: FormSubmission(form: form, submission: key,
                                                                  fields: [FormField(name: "name", value: "Visitor \(i)"), FormField(name: "note", value: "Grüße")],
                                                                  createdAtWallSeconds: 1_790_000_000 + Int64(i)))
}

let quietLog: Logger = {
    var l = Logger(label: "forms-test")
    l.logLevel = .critical
    return l
}()
