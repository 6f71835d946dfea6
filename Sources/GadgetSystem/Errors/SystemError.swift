import SystemPackage

/// A system call (or a C library call that reports through errno) that failed: the call, with its
/// subject where there is one, and the errno. Every module's errors carry this one type, so a
/// failure reads the same way everywhere:
///
///     open(/dev/dri/card0) failed: Permission denied (EACCES)
///     drmModeAtomicCommit failed: Device or resource busy (EBUSY)
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call's name, e.g. `open`, `poll`, `drmModeAtomicCommit`.
    public let call: String
    /// What it was called on, e.g. a path (`/dev/input/event3`); nil when the call has no subject
    /// worth naming.
    public let subject: String?
    public let errno: Errno

    public init(_ call: String, _ subject: String? = nil, errno: Errno) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    /// From a raw C errno value.
    public init(_ call: String, _ subject: String? = nil, code: Int32) {
        self.init(call, subject, errno: Errno(rawValue: code))
    }

    public var description: String {
        let what = subject.map { "\(call)(\($0))" } ?? call
        return "\(what) failed: \(errno.description) (\(errno.symbolicName))"
    }

    /// For a file a user named (a board, an image): the short words a board author expects
    /// (`file not found: photo.png`), not the call that found out.
    public var fileProblem: String {
        let path = subject ?? "?"
        switch errno {
        case .noSuchFileOrDirectory: return "file not found: \(path)"
        case .permissionDenied, .notPermitted: return "permission denied: \(path)"
        case .isDirectory: return "is a directory: \(path)"
        case .fileTooLarge: return "file too large: \(path)"
        default: return description
        }
    }
}
