import ArgumentParser
import GadgetCore

/// `--rotation 0|90|180|270`, parsed once here for every command that takes it; any other value is
/// ArgumentParser's "invalid value" error, which lists the four.
extension DisplayRotation: ExpressibleByArgument {
    // Listed, so help shows "(values: 0, 90, 180, 270)" and a wrong value's one-line error says
    // which are allowed.
    public static var allValueStrings: [String] { allCases.map { String($0.rawValue) } }

    public static var defaultCompletionKind: CompletionKind {
        .list(allCases.map { String($0.rawValue) })
    }
}
