#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

extension FileDescriptor.OpenOptions {
    /// O_NOCTTY, which swift-system does not name: opening a terminal (a VT) must not make it
    /// the process's controlling terminal (its hang-up would then signal the kiosk).
    public static var noControllingTerminal: FileDescriptor.OpenOptions { FileDescriptor.OpenOptions(rawValue: O_NOCTTY) }
}
