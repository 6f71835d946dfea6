import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The display the kiosk draws on, the GL objects made for its context (the sprite batcher), and
/// display hotplug while running. A panel or TV unplugged, switched off or put in standby does
/// not stop the kiosk: touch, gestures, the simulation, metrics and the watchdog go on, nothing
/// is drawn and no flip is awaited. When a connector is connected again (the same or another
/// one) the display is opened as at start-up — the mode may differ: a TV can come back at
/// 1024×768 — and everything that depends on it is rebuilt: the GL objects (new context), the
/// board's fit (scene and viewport), and, through `boardRefitted`, the touch mapping and a whole
/// redraw. A connector that stays connected while its preferred mode changes (a TV switched to
/// another input and back) is followed the same way (`OutputChange.modeChanged`), unless `--mode`
/// chose. A desktop window's resize re-fits the board the same way. Thread: the loop's.
final class KioskScreen {
    /// The display drawn on; a `DisconnectedDisplay` while no panel is connected.
    private(set) var display: DisplayBackend
    /// Made for the display's GL context: a reconnected display brings a new one.
    private(set) var batcher: SpriteBatcher
    /// The uevent monitor and how to open the display again (KMS only).
    let hotplug: DisplayHotplug?
    /// False while no connector is connected: nothing is drawn and no flip is awaited.
    private(set) var isConnected = true
    /// Set by `noteWake` when the hotplug monitor's descriptor was readable.
    private var hotplugPending = false
    private var hotplugSlot: PollSet.Slot?
    private let live: LiveBoard
    private let service: KioskService
    private let log = Loggers.app
    /// Everything else that depends on the board's fit (the touch mapping, damage), after the
    /// board was fitted to a new display or size.
    var boardRefitted: () -> Void = {}

    /// `batcher` was made with `display`'s context current; `live` draws on it.
    init(display: DisplayBackend, batcher: SpriteBatcher, hotplug: DisplayHotplug?, live: LiveBoard, service: KioskService) {
        self.display = display
        self.batcher = batcher
        self.hotplug = hotplug
        self.live = live
        self.service = service
    }

    /// Adds the display's flip events and the hotplug monitor to the loop's poll.
    func watch(in wait: inout PollSet) {
        if let d = display.eventDescriptor { wait.add(d) }
        hotplugSlot = hotplug.map { wait.add($0.monitor.descriptor) }
    }

    /// After the poll: whether the hotplug monitor woke it (flips are read whether or not poll
    /// saw them; only the monitor needs to know).
    func noteWake(_ wait: PollSet) {
        if let hotplugSlot, wait.isReadable(hotplugSlot) { hotplugPending = true }
    }

    /// Once per iteration: a hotplug uevent the poll saw is handled.
    func takeHotplug(now: Microseconds) {
        if hotplugPending { handleHotplug(now: now) }
    }

    func handleHotplug(now: Microseconds) {
        hotplugPending = false
        guard let hotplug else { return }
        let cards = hotplug.monitor.take()
        guard !cards.isEmpty else { return }
        if isConnected {
            switch display.outputChange() {
            case .unchanged: break
            case .disconnected: disconnect(now: now)
            case .modeChanged(let from, let to):
                // Followed as an unplug and a return: opening again picks the new mode.
                log.info("display: preferred mode now \(to) (was \(from)); opening it again in that mode")
                disconnect(now: now, reopening: true)
                reconnect(now: now, hotplug: hotplug)
            }
        } else {
            reconnect(now: now, hotplug: hotplug)
        }
    }

    /// The connector went away: give the display back (CRTC and console restored, master
    /// dropped, its buffers and GL context freed) and run on without one. `reopening`: closed
    /// only to open it again at once in a new mode (no unplug to warn of).
    private func disconnect(now: Microseconds, reopening: Bool = false) {
        let gone = display.summary
        // The board and its features forget their GL objects whether or not the context could
        // be made current (a display gone may refuse): a video player must not keep a surface
        // from the dead context to draw after the next attach. Without a current context the
        // deletes do nothing (Mesa's no-op dispatch), and the objects went with the context.
        let current = (try? display.beginFrame()) != nil
        live.detachDisplay()
        if current { batcher.destroy() }
        display = DisconnectedDisplay(after: gone, size: display.pixelSize)
        isConnected = false
        service.displayDisconnected(now: now)
        if reopening { log.info("display: closed (\(gone)) to open it again in the new mode"); return }
        log.warning("display disconnected (\(gone)); the kiosk keeps running (touch, gestures, simulation, metrics, watchdog) and shows the board again when a display is connected")
    }

    /// A hotplug uevent while disconnected: open the display as at start-up; if nothing is
    /// connected yet, keep waiting for the next uevent.
    private func reconnect(now: Microseconds, hotplug: DisplayHotplug) {
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
        isConnected = true
        boardRefitted()
        service.displayConnected(now: now, summary: display.summary)
        log.info("display connected again: \(display.summary); board fitted to \(display.pixelSize.width)x\(display.pixelSize.height)")
    }

    /// The display's size changed under the same context (a desktop window resized): the board
    /// is fitted to it again as on reconnecting, keeping the GL objects that do not depend on it.
    func resized(to size: PixelSize) {
        guard isConnected else { return }
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

    /// The GL objects made here (the board's went with `LiveBoard.destroy`). While disconnected
    /// they went with the display that had them.
    func destroy() {
        guard isConnected else { return }
        batcher.destroy()
    }
}
