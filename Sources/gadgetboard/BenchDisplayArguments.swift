import ArgumentParser
import GadgetApp
import GadgetBench

/// `bench`'s display options: headless or KMS, and on KMS which card, connector and mode.
/// `run`'s `DisplayArguments` differ (auto, rotation, input, and help texts that scripts and
/// docs quote), so the bench keeps its own group.
struct BenchDisplayArguments: ParsableArguments {
    @Option(help: "headless or kms.")
    var display: BenchOptions.DisplayChoice = .headless

    @Option(help: "KMS: DRM card (default: probe).")
    var card: String?

    @Option(help: "KMS: connector by name, e.g. HDMI-A-1.")
    var connector: String?

    @Option(help: "KMS: display mode WxH or WxH@Hz (default: the connector's preferred mode).")
    var mode: DisplayModeArgument?

    /// Sets the display fields of `o`.
    func apply(to o: inout BenchOptions) {
        o.display = display
        o.card = card
        o.connector = connector
        o.mode = mode?.text
    }
}
