import GadgetSystem

/// The device nodes of a DRM directory (/dev/dri). A missing or unreadable directory has no
/// names (it means "no GPU driver with KMS", which the callers say in their own words).
/// Thread: any.
enum DeviceDirectory {
    static func names(in directory: String) -> [String] { (try? DirectoryListing.names(in: directory)) ?? [] }

    /// /dev/dri/cardN paths in numeric order.
    static func cardPaths(in directory: String) -> [String] {
        let numbers = names(in: directory).compactMap { name in name.hasPrefix("card") ? Int(name.dropFirst(4)) : nil }
        return numbers.sorted().map { "\(directory)/card\($0)" }
    }

    /// /dev/dri/renderDN paths (GPU rendering only, no display), sorted by name.
    static func renderNodePaths(in directory: String) -> [String] {
        names(in: directory).filter { $0.hasPrefix("renderD") }.map { "\(directory)/\($0)" }.sorted()
    }
}
