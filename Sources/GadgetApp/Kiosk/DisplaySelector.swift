import GadgetCore
import GadgetDisplay
import Logging

/// Opens the display `run` asked for: KMS, headless, or (auto) KMS when a usable card exists and
/// headless otherwise, saying which. `gadgetboard bench` opens its display here too.
public enum DisplaySelector {
    /// - waitForDisplay: with `--display kms`, wait for a panel to be connected (a kiosk may start
    ///   before its panel); false fails at once (a benchmark with nothing to measure).
    public static func open(_ options: RunOptions, boardSize: Size2, log: Logger, service: KioskService? = nil,
                            waitForDisplay: Bool = true) throws -> DisplayBackend {
        let headlessSize = options.headlessSize ?? PixelSize(Int(boardSize.width.rounded()), Int(boardSize.height.rounded()))
        switch options.display {
        case .headless:
            return try HeadlessDisplay(size: headlessSize)
        case .kms:
            return try openKMS(options, log: log, waitForDisplay: waitForDisplay, service: service)
        case .auto:
            do {
                let d = try openKMS(options, log: log)
                log.info("display auto: using KMS")
                return d
            } catch {
                log.info("display auto: no usable KMS display (\(error)); rendering headless")
                return try HeadlessDisplay(size: headlessSize)
            }
        }
    }
}
