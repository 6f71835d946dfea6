import ArgumentParser
import GadgetCore

/// `--rotation 0|90|180|270`, parsed once here for every command that takes it; any other value is
/// ArgumentParser's "invalid value" error.
extension DisplayRotation: ExpressibleByArgument {
    // Every `--rotation` help text already names the four values in its own words ("0|90|180|270");
    // an empty list keeps ArgumentParser from appending "(values: 0, 90, 180, 270)" to it.
    public static var allValueStrings: [String] { [] }

    public static var defaultCompletionKind: CompletionKind {
        .list(allCases.map { String($0.rawValue) })
    }
}
