import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The end of a run: the last frame shown, `--stats`, `--state` and `--screenshot` written.
extension KioskLoop {
    /// Writes `--stats`, `--state` and `--screenshot` and logs the frame summary.
    public func finish() throws {
        if options.screenshotPath != nil { presentFinalFrame() }
        log.info("frames: \(pacing.stats.exitLine)")
        if let verifier = drawer.verifier {
            if verifier.mismatchedFrames > 0 { log.error("\(verifier.summary)") } else { log.info("\(verifier.summary)") }
        }
        if let path = options.screenshotPath, !screen.isConnected {
            log.warning("screenshot: not written to \(path): no display is connected")
        } else if let path = options.screenshotPath {
            let image = try display.readPixels()
            try FileIO.replace(path, with: try PNGCodec.encode(image))
            log.info("screenshot: wrote \(path) (\(image.width)x\(image.height))")
        }
        if let path = options.statePath {
            try FileIO.replace(path, with: JSONWriter.write(StateReport.final(time: live.session.time - startTime, states: live.session.reportStates(),
                                                                               page: live.session.currentPage)) + "\n")
        }
        if let path = options.statsPath {
            try FileIO.replace(path, with: JSONWriter.write(statsJSON()) + "\n")
        }
        if let flipLog = features.videoFlipLog {
            try FileIO.replace(flipLog.path, with: flipLog.text)
            if flipLog.dropped > 0 { log.warning("video flip log: \(flipLog.dropped) pictures past its \(flipLog.limit) lines not written") }
        }
    }

    /// On a real display, one more frame of the board as it is now, waited on until it is
    /// scanned out: when the loop stops, what is on screen may be a frame behind the board (a
    /// flip was in flight when the signal came), and the screenshot must show what `--state`
    /// says. A flip that does not come within the bound leaves the screenshot one frame old.
    func presentFinalFrame() {
        guard screen.isConnected, display.eventDescriptor != nil, !power.idle.isBlanked else { return }
        do {
            try awaitFlip()
            try drawFrame(now: MonotonicClock.now())
            try awaitFlip()
        } catch {
            log.warning("screenshot: no final frame (\(error)); it shows the last one presented")
        }
    }

    /// Waits for the flip in flight, if any, and counts it.
    func awaitFlip() throws {
        for flip in try pacing.awaitFlip(display, within: KioskLoop.finalFlipBound) { flipped(flip) }
    }

    /// How long the exit's final frame may take to reach the screen.
    static let finalFlipBound: Microseconds = 5_000_000

    /// `--stats` (KioskStatsReport.swift).
    func statsJSON() -> JSONValue {
        KioskStatsReport(display: display, board: live.name, touches: live.session.touchesBegan, pacing: pacing, drawer: drawer,
                         metrics: service.metrics, video: features.videoStatsJSON,
                         audio: audio.statsJSON).json(now: MonotonicClock.now())
    }
}
