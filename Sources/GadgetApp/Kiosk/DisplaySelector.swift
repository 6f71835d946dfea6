import GadgetCore
import GadgetDisplay
import Logging

/// Opens the display `run` asked for: KMS, headless, or (auto) KMS when a usable card exists and
/// headless otherwise, saying which.
enum DisplaySelector {
    static func open(_ options: RunOptions, boardSize: Size2, log: Logger, service: KioskService? = nil) throws -> DisplayBackend {
        let headlessSize = options.headlessSize ?? PixelSize(Int(boardSize.width.rounded()), Int(boardSize.height.rounded()))
        switch options.display {
        case .headless:
            return try HeadlessDisplay(size: headlessSize)
        case .kms:
            return try openKMS(options, log: log, waitForDisplay: true, service: service)
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
