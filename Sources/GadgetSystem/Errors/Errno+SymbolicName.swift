import SystemPackage

extension Errno {
    /// The C name (`EACCES`) of the errors a kiosk meets; `errno N` for the rest. strerror's text
    /// says what happened, the name is what people search for.
    public var symbolicName: String {
        switch self {
        case .notPermitted: return "EPERM"
        case .noSuchFileOrDirectory: return "ENOENT"
        case .interrupted: return "EINTR"
        case .ioError: return "EIO"
        case .noSuchAddressOrDevice: return "ENXIO"
        case .badFileDescriptor: return "EBADF"
        case .resourceTemporarilyUnavailable: return "EAGAIN"
        case .noMemory: return "ENOMEM"
        case .permissionDenied: return "EACCES"
        case .resourceBusy: return "EBUSY"
        case .fileExists: return "EEXIST"
        case .operationNotSupportedByDevice: return "ENODEV"
        case .notDirectory: return "ENOTDIR"
        case .isDirectory: return "EISDIR"
        case .inappropriateIOCTLForDevice: return "ENOTTY"
        case .invalidArgument: return "EINVAL"
        case .fileTooLarge: return "EFBIG"
        case .noSpace: return "ENOSPC"
        case .brokenPipe: return "EPIPE"
        case .outOfRange: return "ERANGE"
        case .notSupported: return "EOPNOTSUPP"
        case .noFunction: return "ENOSYS"
        case .connectionRefused: return "ECONNREFUSED"
        case .addressInUse: return "EADDRINUSE"
        case .timedOut: return "ETIMEDOUT"
        default: return "errno \(rawValue)"
        }
    }
}
