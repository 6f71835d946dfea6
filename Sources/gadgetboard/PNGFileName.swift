import ArgumentParser

/// Refuses a file name that promises another format: `snapshot --out x.jpg` used to write a PNG
/// under a .jpg name, which viewers then misread. Only PNG is written, so the name must say so.
func requirePNGName(_ option: String, _ path: String) throws {
    if !path.lowercased().hasSuffix(".png") {
        throw ValidationError("\(option): writes PNG only; give a file name ending in .png (got \(path))")
    }
}
