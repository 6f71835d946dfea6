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
        let names: [String]
        do { names = try DirectoryListing.names(in: directory).filter(isEventNode) } catch { throw .system(error) }
        return names.sorted { (Int($0.dropFirst(5)) ?? 0, $0) < (Int($1.dropFirst(5)) ?? 0, $1) }.map { directory + "/" + $0 }
    }
}
