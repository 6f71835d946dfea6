#if canImport(Glibc)
import Glibc
#endif

extension FileIO {
    /// `path` made absolute against the working directory, with `.` components and repeated
    /// slashes dropped. `..` is kept: folding it as text would be wrong when the directory
    /// before it is a symlink. Symlinks are not resolved: a board in /etc/gadgetboard that is a
    /// link keeps the name the user gave. Without a working directory (deleted, or unreadable),
    /// `path` as given.
    ///
    /// Why: a kiosk started as `run board.json` reports its board in `state`, `reload` events and
    /// logs, read by tools that do not share its working directory.
    public static func absolute(_ path: String) -> String {
        guard !path.isEmpty else { return path }
        var full = path
        if !path.hasPrefix("/") {
            guard let cwd = currentDirectory() else { return path }
            full = cwd + "/" + path
        }
        let parts = full.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    /// getcwd(3), or nil.
    public static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
