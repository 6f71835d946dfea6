#if canImport(Glibc)
import Glibc
#endif

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

    public init(path: String, pid: Int32 = getpid()) {
        self.path = path
        self.temporaryPath = "\(path).tmp.\(pid)"
    }

    /// Replaces the file's content with `text`, atomically. On failure the temporary file is
    /// removed and the previous file is left as it was.
    public func write(_ text: String) throws(ServiceError) {
        let fd = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .call("open(\(temporaryPath))", errno) }
        var bytes = Array(text.utf8)
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { buf in
            guard let base = buf.baseAddress else { return }
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(fd, base + offset, buf.count - offset)
                if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { failure = n < 0 ? errno : ENOSPC; return }
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporaryPath)
            throw .call("write(\(temporaryPath))", failure)
        }
        if rename(temporaryPath, path) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw .call("rename(\(temporaryPath), \(path))", code)
        }
    }
}
