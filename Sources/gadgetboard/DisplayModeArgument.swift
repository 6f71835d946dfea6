import ArgumentParser
import GadgetApp

/// A `--mode` value, `WxH` or `WxH@Hz` (e.g. `1920x1080`, `800x480@60`), checked while the
/// arguments are parsed so a typo is a usage error before any device opens (and not, under
/// `--display auto`, a silent fall back to headless).
///
/// It carries the text: `RunOptions` and `BenchOptions` take the mode as text, and `ModeRequest`,
/// the parsed form, lives in GadgetDisplay, which this executable does not import.
struct DisplayModeArgument: ExpressibleByArgument {
    let text: String

    init?(argument: String) {
        guard RunOptions.isModeText(argument) else { return nil }
        text = argument
    }

    var defaultValueDescription: String { text }
}
