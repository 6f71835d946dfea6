import GadgetSystem
import SystemPackage

/// Why the spool could not keep a submission (or open at all). Its description is the one line
/// a person reads on the screen and in the log.
public enum SpoolError: Error, Sendable, CustomStringConvertible {
    /// The state directory could not be made or listed (`run --state-dir`).
    case directory(String, SystemError)
    /// A submission could not be written durably: it was not kept and must not be acknowledged.
    case write(String, SystemError)

    public var description: String {
        switch self {
        case .directory(let dir, let e):
            return "the spool \(dir) cannot be used (\(e)); submissions cannot be kept (run --state-dir)"
        case .write(let dir, let e):
            if e.errno == .noSpace || e.errno == .diskQuotaExceeded {
                return "the disk holding \(dir) is full (\(e.errno.symbolicName)): the submission was not saved"
            }
            return "the submission could not be saved in \(dir) (\(e))"
        }
    }

    /// The disk is full (ENOSPC, EDQUOT): the screen says so rather than a generic failure.
    public var isDiskFull: Bool {
        if case .write(_, let e) = self { return e.errno == .noSpace || e.errno == .diskQuotaExceeded }
        return false
    }
}
