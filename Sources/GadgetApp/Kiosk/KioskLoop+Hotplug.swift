import GadgetCore
import GadgetDisplay
import GadgetRender

/// What the loop needs for display hotplug: the kernel's uevents, and how to open the display
/// again exactly as at start-up (same card and connector options, the mode picked afresh).
public struct DisplayHotplug {
    public let monitor: DisplayChangeSource
    public let reopen: () throws -> DisplayBackend

    public init(monitor: DisplayChangeSource, reopen: @escaping () throws -> DisplayBackend) {
        self.monitor = monitor
        self.reopen = reopen
    }
}

/// Display hotplug while running. A panel or TV unplugged, switched off or put in standby
/// does not stop the kiosk: touch, gestures, the simulation, metrics and the watchdog go on,
/// nothing is drawn and no flip is awaited. When a connector is connected again (the same or
/// another one) the display is opened as at start-up — the mode may differ: a TV can come back
/// at 1024×768 — and everything that depends on it is rebuilt: the GL objects (new context),
/// the board's fit (scene and viewport), the touch mapping and the gesture thresholds' scale.
/// A connector that stays connected while its preferred mode changes (a TV switched to another
/// input and back) is followed the same way (`OutputChange.modeChanged`), unless `--mode` chose.
extension KioskLoop {
    func handleHotplug(now: Microseconds) {
        hotplugPending = false
        guard let hotplug else { return }
        let cards = hotplug.monitor.take()
        guard !cards.isEmpty else { return }
        if displayConnected {
            switch display.outputChange() {
            case .unchanged: break
            case .disconnected: disconnect(now: now)
            case .modeChanged(let from, let to):
                // Followed as an unplug and a return: opening again picks the new mode.
                log.info("display: preferred mode now \(to) (was \(from)); opening it again in that mode")
                disconnect(now: now)
                reconnect(now: now, hotplug: hotplug)
            }
        } else {
            reconnect(now: now, hotplug: hotplug)
        }
    }

    /// The connector went away: give the display back (CRTC and console restored, master
    /// dropped, its buffers and GL context freed) and run on without one.
    func disconnect(now: Microseconds) {
        let gone = display.summary
        if (try? display.beginFrame()) != nil {
            live.detachDisplay()
            batcher.destroy()
        }
        display = DisconnectedDisplay(after: gone, size: display.pixelSize)
        displayConnected = false
        service.displayDisconnected(now: now)
        log.warning("display disconnected (\(gone)); the kiosk keeps running (touch, gestures, simulation, metrics, watchdog) and shows the board again when a display is connected")
    }

    /// A hotplug uevent while disconnected: open the display as at start-up; if nothing is
    /// connected yet, keep waiting for the next uevent.
    func reconnect(now: Microseconds, hotplug: DisplayHotplug) {
        let fresh: DisplayBackend
        do {
            fresh = try hotplug.reopen()
        } catch DisplayError.noConnectedDisplay {
            return
        } catch {
            log.error("display: a display changed but cannot be opened: \(error); still waiting")
            return
        }
        do {
            try fresh.beginFrame()
            let newBatcher = try SpriteBatcher()
            try live.attachDisplay(size: fresh.pixelSize)
            display = fresh
            batcher = newBatcher
        } catch {
            log.error("display: \(fresh.summary) connected but the board cannot be drawn on it: \(error); still waiting")
            return
        }
        displayConnected = true
        boardRefitted()
        service.displayConnected(now: now, summary: display.summary)
        log.info("display connected again: \(display.summary); board fitted to \(display.pixelSize.width)x\(display.pixelSize.height)")
    }

    /// The display's size changed under the same context (a desktop window resized): the board
    /// is fitted to it again as on reconnecting, keeping the GL objects that do not depend on it.
    func displayResized(to size: PixelSize) {
        guard displayConnected else { return }
        do {
            try display.beginFrame()
            try live.attachDisplay(size: display.pixelSize)
        } catch {
            log.error("display: the board cannot be drawn at \(size): \(error)")
            return
        }
        boardRefitted()
        log.info("display resized: board fitted to \(size.width)x\(size.height)")
    }

    /// Everything that depends on the board's fit, after `scene` was made for a new display or
    /// size: the gesture thresholds' scale, the touch mapping (evdev's and the window's), and a
    /// whole redraw.
    func boardRefitted() {
        input?.updateMapping(KioskLoop.inputMapping(live.board, live.viewport))
        damage.invalidate()
        live.needsDraw = true
    }
}
