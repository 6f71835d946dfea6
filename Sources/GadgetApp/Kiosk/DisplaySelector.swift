import GadgetCore
import GadgetDisplay
import GadgetSystem
import Logging

/// Opens the display `run` asked for: KMS, headless, a desktop window, or (auto) KMS when a
/// usable card exists, else a window when a desktop session is present ($WAYLAND_DISPLAY or
/// $DISPLAY), else headless, saying which. `gadgetboard bench` opens its display here too.
public enum DisplaySelector {
    /// - waitForDisplay: with `--display kms`, wait for a panel to be connected (a kiosk may start
    ///   before its panel); false fails at once (a benchmark with nothing to measure).
    /// - environment: read for the test-only `GADGETBOARD_HEADLESS_BUFFERS` (`headlessBuffers`).
    /// - boardRotation: the board file's rotation (`--rotation` overrides it): a window's and a
    ///   headless framebuffer's default size is the panel's, the board's size turned by it, so a
    ///   rotated board fills it rather than being drawn small and sideways in the board's shape.
    public static func open(_ options: RunOptions, boardSize: Size2, boardRotation: DisplayRotation = .none,
                            log: Logger, service: KioskService? = nil,
                            waitForDisplay: Bool = true,
                            environment: [String: String] = ProcessEnvironment.current()) throws -> DisplayBackend {
        let headlessSize = options.headlessSize ?? BoardViewport.panelSize(boardSize: boardSize, rotation: options.rotation ?? boardRotation)
        switch options.display {
        case .headless:
            return try HeadlessDisplay(size: headlessSize, buffers: headlessBuffers(environment))
        case .kms:
            return try openKMS(options, log: log, waitForDisplay: waitForDisplay, service: service)
        case .window:
            return try openWindow(options, boardSize: boardSize, rotation: options.rotation ?? boardRotation)
        case .auto:
            let kmsError: Error
            do {
                let d = try openKMS(options, log: log)
                log.info("display auto: using KMS")
                return d
            } catch {
                kmsError = error
            }
            if let session = desktopSession(environment) {
                do {
                    let w = try openWindow(options, boardSize: boardSize, rotation: options.rotation ?? boardRotation)
                    log.info("display auto: no usable KMS display (\(kmsError)); a desktop session is present (\(session)): using a window")
                    return w
                } catch {
                    log.info("display auto: no usable KMS display (\(kmsError)) and no window (\(error)); rendering headless")
                    return try HeadlessDisplay(size: headlessSize, buffers: headlessBuffers(environment))
                }
            }
            log.info("display auto: no usable KMS display (\(kmsError)); rendering headless")
            return try HeadlessDisplay(size: headlessSize, buffers: headlessBuffers(environment))
        }
    }

    /// `WAYLAND_DISPLAY=…` or `DISPLAY=…` when a desktop session is there to open a window on.
    public static func desktopSession(_ environment: [String: String]) -> String? {
        for name in ["WAYLAND_DISPLAY", "DISPLAY"] {
            if let v = environment[name], !v.isEmpty { return "\(name)=\(v)" }
        }
        return nil
    }

    /// The desktop preview window, titled after the board: `--window-size`, or the panel the board
    /// is made for (its size, turned by a quarter-turn `rotation`: a portrait board for a
    /// landscape panel opens a landscape window).
    static func openWindow(_ options: RunOptions, boardSize: Size2, rotation: DisplayRotation) throws -> DisplayBackend {
        let size = options.windowSize ?? BoardViewport.panelSize(boardSize: boardSize, rotation: rotation)
        let name = options.boardPath.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? DemoBoard.name
        return try WindowDisplay(title: "Gadgetboard — \(name)", size: size, retainFrames: options.screenshotPath != nil,
                                 logger: Loggers.window)
    }

    /// The headless swap chain's depth: 1 (one buffer, drawn over in place), or 2 or 3 from the
    /// test-only `GADGETBOARD_HEADLESS_BUFFERS`, so whole-kiosk runs meet the buffer ages 2 and 3
    /// a KMS swap chain has (damage-tracked redraw repairs a buffer from its age).
    public static func headlessBuffers(_ environment: [String: String]) throws(DisplayError) -> Int {
        guard let text = environment["GADGETBOARD_HEADLESS_BUFFERS"], !text.isEmpty else { return 1 }
        guard let n = Int(text), HeadlessDisplay.bufferCounts.contains(n) else {
            throw .unavailable("GADGETBOARD_HEADLESS_BUFFERS=\(text): a headless swap chain has 1, 2 or 3 buffers")
        }
        return n
    }
}
