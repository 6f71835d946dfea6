import GadgetSystem

/// The file operations the spool makes, one call each, so a test can fail one of them the way a
/// full disk or a crash would (`Tests/GadgetFormsTests`); the kiosk uses `SystemSpoolDisk`.
/// Thread: any (the spool serialises its own calls).
public protocol SpoolDisk: Sendable {
    func makeDirectories(_ path: String) throws(SystemError)
    func names(in directory: String) throws(SystemError) -> [String]
    func read(_ path: String) throws(SystemError) -> [UInt8]
    /// Creates or truncates `path`, writes `bytes`, fsyncs it.
    func writeSynced(_ path: String, _ bytes: [UInt8]) throws(SystemError)
    func rename(_ from: String, to: String) throws(SystemError)
    func syncDirectory(_ path: String) throws(SystemError)
    func unlink(_ path: String) throws(SystemError)
}

/// The real disk, through GadgetSystem's FileIO.
public struct SystemSpoolDisk: SpoolDisk {
    public init() {}
    public func makeDirectories(_ path: String) throws(SystemError) { try FileIO.makeDirectories(path) }
    public func names(in directory: String) throws(SystemError) -> [String] { try DirectoryListing.names(in: directory) }
    public func read(_ path: String) throws(SystemError) -> [UInt8] { try FileIO.read(path, limit: SubmissionSpool.maximumFileBytes) }
    public func writeSynced(_ path: String, _ bytes: [UInt8]) throws(SystemError) { try FileIO.writeSynced(path, bytes) }
    public func rename(_ from: String, to: String) throws(SystemError) { try FileIO.moveFile(from, to: to) }
    public func syncDirectory(_ path: String) throws(SystemError) { try FileIO.syncDirectory(path) }
    public func unlink(_ path: String) throws(SystemError) { try FileIO.deleteFile(path) }
}
