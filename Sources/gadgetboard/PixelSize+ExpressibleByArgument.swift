import ArgumentParser
import GadgetCore

/// `--size WxH` (e.g. `1280x720`), parsed once here with GadgetCore's rules (both sides 1…16384).
extension PixelSize: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }
}
