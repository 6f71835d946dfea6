#if canImport(Glibc)
import Glibc
#endif

/// The system's tzdata: /usr/share/zoneinfo/NAME, and which zone the system itself is in. Bytes
/// and names only: GadgetCore's `BoardTimeZone` parses them (this layer knows no board types).
public enum ZoneInfoFiles {
    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// Why a zone's file could not be read.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A name that could escape the directory (absolute, `..`, empty).
        case unsafeName(String)
        /// No such zone in the directory.
        case unknownZone(String, directory: String)
        case system(SystemError)

        public var description: String {
            switch self {
            case .unsafeName(let n): return "\"\(n)\" is not a time zone name"
            case .unknownZone(let n, let dir): return "unknown time zone \"\(n)\" (no \(dir)/\(n))"
            case .system(let e): return e.description
            }
        }
    }

    /// The TZif bytes of zone `name`. The name must be relative with no `.`/`..` component:
    /// it comes from a board file.
    public static func read(name: String, directory: String = defaultDirectory) throws(Failure) -> [UInt8] {
        guard !name.isEmpty, !name.hasPrefix("/"),
              !name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
        else { throw .unsafeName(name) }
        let path = directory + "/" + name
        do {
            // TZif files are a few kB; 1 MiB bounds a wrong path to a big file.
            return try FileIO.read(path, limit: 1 << 20)
        } catch {
            if error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory || error.errno == .isDirectory {
                throw .unknownZone(name, directory: directory)
            }
            throw .system(error)
        }
    }

    /// What the system's own zone is, by the glibc rules: `TZ` first (`:Name`, `Name`, an
    /// absolute file, or a POSIX string), then /etc/localtime (its symlink target names the
    /// zone; its bytes are the zone either way), else UTC.
    public enum SystemZone: Sendable, Equatable {
        /// An IANA name, with the file's bytes.
        case named(String, tzif: [UInt8])
        /// A TZif file with no known name (a copied /etc/localtime).
        case file(String, tzif: [UInt8])
        /// `TZ` holds a POSIX rule string (`EST5EDT,M3.2.0,M11.1.0`).
        case posixRule(String)
        case utc
    }

    public static func systemZone(environment: [String: String], localtime: String = "/etc/localtime",
                                  directory: String = defaultDirectory) -> SystemZone {
        if var tz = environment["TZ"], !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if tz.hasPrefix("/") {
                if let bytes = try? FileIO.read(tz, limit: 1 << 20) { return .file(tz, tzif: bytes) }
            } else if let bytes = try? read(name: tz, directory: directory) {
                return .named(tz, tzif: bytes)
            } else {
                return .posixRule(tz)
            }
        }
        guard let bytes = try? FileIO.read(localtime, limit: 1 << 20) else { return .utc }
        if let target = linkTarget(localtime), let range = target.firstRange(of: "zoneinfo/") {
            return .named(String(target[range.upperBound...]), tzif: bytes)
        }
        return .file(localtime, tzif: bytes)
    }

    /// readlink(2), or nil when `path` is not a symlink.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
