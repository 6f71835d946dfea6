import ArgumentParser
import GadgetCore

/// `--size WxH` (e.g. `1280x720`), parsed once here with GadgetCore's rules (both sides 1…16384).
extension PixelSize: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    /// For `@Option(transform:)`: a refused value says why (`--size 0x0` alone would read "is
    /// invalid"), in ArgumentParser's one line, which main.swift prints with status 2.
    static func argument(_ text: String) throws -> PixelSize {
        switch PixelSize.parse(text) {
        case .success(let size): return size
        case .failure(let problem): throw ValidationError(problem.description)
        }
    }
}
