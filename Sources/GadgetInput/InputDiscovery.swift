import Glibc
import GadgetSystem

/// Finds evdev nodes.
public enum InputDiscovery {
    /// `eventN` (what evdev names its nodes), not `mouse0`, `js0` or `by-id/`.
    public static func isEventNode(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasPrefix("event") else { return false }
        let number = name.dropFirst(5)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    /// The event nodes in `directory`, in numeric order (event2 before event10). Errors name the
    /// call (`opendir(/dev/input)`: ENOENT on a machine without input devices).
    public static func eventNodes(in directory: String) throws(InputError) -> [String] {
        // swift-system lists no directories; opendir reports like a call that returns -1.
        var stream: OpaquePointer?
        do { try SystemCall.run("opendir", directory) { stream = opendir(directory); return stream == nil ? -1 : 0 } } catch {
            throw .system(error)
        }
        guard let stream else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if isEventNode(name) { names.append(name) }
        }
        return names.sorted { (Int($0.dropFirst(5)) ?? 0, $0) < (Int($1.dropFirst(5)) ?? 0, $1) }.map { directory + "/" + $0 }
    }
}
