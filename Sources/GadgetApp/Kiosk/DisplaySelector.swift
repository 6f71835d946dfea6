import GadgetCore
import GadgetDisplay

/// Opens the display `run` asked for: KMS, headless, or (auto) KMS when a usable card exists and
/// headless otherwise, saying which.
enum DisplaySelector {
    static func open(_ options: RunOptions, boardSize: Size2, log: Log) throws -> DisplayBackend {
        let headlessSize = options.headlessSize ?? PixelSize(Int(boardSize.width.rounded()), Int(boardSize.height.rounded()))
        switch options.display {
        case .headless:
            return try HeadlessDisplay(size: headlessSize)
        case .kms:
            return try openKMS(options, log: log)
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

    static func openKMS(_ options: RunOptions, log: Log) throws -> DisplayBackend {
        throw DisplayError.unavailable("kms: no KMS backend in this build")
    }
}
