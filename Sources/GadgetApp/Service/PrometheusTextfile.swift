import GadgetSystem

/// Writes a metrics file the way node_exporter's textfile collector expects: the text goes to
/// `PATH.tmp.PID` in the same directory, which is then renamed over `PATH`. rename(2) is atomic
/// within a filesystem, so a scrape sees the old file or the new one, never half of one; the
/// temporary name does not end in `.prom`, so the collector never reads it.
///
/// No fsync: the file is rewritten every second and lives in /run (tmpfs) or a textfile
/// directory; after a power cut, a missing or stale file is correct enough and the SD card is
/// spared a flush per second. Thread: one writer per path.
public struct PrometheusTextfile: Sendable {
    public let path: String
    /// `PATH.tmp.PID`.
    public let temporaryPath: String

    public init(path: String, pid: Int32 = ProcessIdentity.id) {
        self.path = path
        self.temporaryPath = "\(path).tmp.\(pid)"
    }

    /// Replaces the file's content with `text`, atomically. On failure the temporary file is
    /// removed and the previous file is left as it was.
    public func write(_ text: String) throws(ServiceError) {
        do { try FileIO.replace(path, with: text, durability: .unflushed, temporary: temporaryPath) } catch { throw .system(error) }
    }
}
