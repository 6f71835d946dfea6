import CDRM
import CGBM
import GadgetCore
import GadgetGL
import GadgetSystem
import Logging
import SystemPackage

/// The kiosk display: GLES2 through EGL on a GBM surface, scanned out by KMS with vsynced page
/// flips (atomic, or legacy when atomic is missing or `forceLegacy`), the console in graphics
/// mode while it runs, and the CRTC and console restored on exit.
///
/// Frame cycle (see `DisplayBackend`): `beginFrame` → draw → `present` swaps, locks the new
/// buffer and queues its flip → the loop polls `eventDescriptor` → `dispatchEvents` returns the
/// flip (kernel timestamp and vblank sequence) and gives the previously shown buffer back to
/// GBM. The first `present` does the modeset itself (blocking, no flip event).
///
/// Thread: every call on the render thread, including `restore()` (call it from the loop when it
/// sees SIGINT/SIGTERM, e.g. through a signalfd; it is not async-signal-safe).
public final class KMSDisplay: DisplayBackend {
    public let cardPath: String
    public let driverName: String
    public let connectorName: String
    public let mode: DisplayMode
    /// "atomic" or "legacy".
    public var commitPath: String { committer.name }
    /// The CRTC already had this mode and no modeset was needed.
    public let reusedMode: Bool
    /// "Mesa/X.org llvmpipe (…)" or the GPU's name.
    public let renderer: String

    public var summary: String { "kms " + output }
    /// e.g. `/dev/dri/card1 (vc4) HDMI-A-1 1920x1080@60 atomic`.
    public var output: String {
        "\(cardPath) (\(driverName)) \(connectorName) \(mode) \(commitPath)" + (reusedMode ? " (mode reused)" : "")
    }
    public var pixelSize: PixelSize { PixelSize(mode.width, mode.height) }
    public var refreshInterval: Microseconds? { mode.frameInterval }
    public var isFlipPending: Bool { pending != nil }
    public var eventDescriptor: FileDescriptor? { drm.descriptor }

    private let drm: DRMDevice
    private let plan: OutputPlan
    /// `--mode`, if given: it wins over a changed preferred mode (`outputChange`).
    private let modeRequest: ModeRequest?
    private let window: GBMWindow
    private var surface: GBMSurface { window.gbmSurface }
    private var committer: any ScanoutCommitter
    private var console: ConsoleMode?
    private let saved: SavedCRTC
    private let logger: Logger
    /// The buffer on screen (kept locked until the next flip completes).
    private var displayed: ScanoutBuffer?
    /// The buffer whose flip is queued.
    private var pending: ScanoutBuffer?
    private var modesetDone = false
    private var presents: UInt64 = 0
    /// The back buffer's age, asked once per frame by the first `beginFrame` after a present
    /// (EGL_KHR_partial_update allows one query per frame before the damage region is set).
    private var frameAge: Int?
    /// eglSetDamageRegionKHR may be called once per frame.
    private var damageRegionSet = false
    private var powered = true
    private var restored = false

    /// Opens the display.
    /// - Parameters:
    ///   - card: a /dev/dri/cardN path; nil probes every card for a connected connector.
    ///   - connector: a connector name (`HDMI-A-1`, `DSI-1`, `Virtual-1`, case-insensitive); nil
    ///     takes the first connected one, preferring the one already lit.
    ///   - mode: nil uses the preferred mode; the CRTC's current mode is reused when it fits.
    ///   - forceLegacy: skip atomic modesetting even when the driver has it.
    ///   - manageConsole: switch the VT to graphics mode while running (off for tests on a
    ///     machine whose console must stay usable).
    ///   - logger: the `kms` subsystem's logger: one notice per event worth knowing (the modeset
    ///     path, the first frame, a fallback, a failed restore). Default: stderr, as the kiosk logs.
    /// - Throws: `.noConnectedDisplay` when nothing is plugged in (wait and retry), else
    ///   `.unavailable` with a sentence or `.system` naming the failed call.
    public static func open(card: String? = nil, connector: String? = nil, mode: ModeRequest? = nil,
                            forceLegacy: Bool = false, manageConsole: Bool = true,
                            logger: Logger = GadgetLogging.logger("kms")) throws(DisplayError) -> KMSDisplay {
        let found = try CardProbe.find(card: card, connector: connector)
        return try KMSDisplay(found: found, mode: mode, forceLegacy: forceLegacy, manageConsole: manageConsole, logger: logger)
    }

    private init(found: CardProbe.Found, mode request: ModeRequest?, forceLegacy: Bool, manageConsole: Bool,
                 logger: Logger) throws(DisplayError) {
        let drm = found.device
        self.drm = drm
        self.logger = logger
        cardPath = drm.path
        driverName = drm.driverName
        connectorName = found.connector.name

        try drm.becomeMaster()
        // Universal planes (primary plane ids) first: atomic implies it, legacy needs it only to
        // find the plane, so failure is not fatal there.
        let universal = (try? drm.setClientCapability(UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1, name: "UNIVERSAL_PLANES")) != nil
        var atomicReason = forceLegacy ? "forced by --legacy" : ""
        if !forceLegacy {
            do { try drm.setClientCapability(UInt64(DRM_CLIENT_CAP_ATOMIC), 1, name: "ATOMIC") } catch { atomicReason = error.description }
        }
        if !universal, atomicReason.isEmpty { atomicReason = "no universal planes" }

        let plan = try OutputPlan.make(device: drm, resources: found.resources, connector: found.connector, request: request)
        self.plan = plan
        self.modeRequest = request
        self.mode = plan.mode
        reusedMode = plan.reusesCurrentMode
        saved = SavedCRTC(state: plan.previous, connector: plan.previous.mode == nil ? nil : plan.connector.id)

        var committer: any ScanoutCommitter = LegacyCommitter(drm: drm, plan: plan)
        if atomicReason.isEmpty {
            do { committer = try AtomicCommitter(drm: drm, plan: plan) } catch { atomicReason = error.description }
        }
        if !atomicReason.isEmpty { logger.notice("using legacy modesetting (\(atomicReason))") }
        self.committer = committer

        let gbm = try GBMDevice(drm: drm)
        let surface = try GBMSurface(device: gbm, width: plan.mode.width, height: plan.mode.height)
        window = try GBMWindow(gbmSurface: surface)
        try window.makeCurrent()
        renderer = window.rendererName
        logger.info("\(window.damage.description)")
        if manageConsole { console = ConsoleMode.enterGraphics(logger: logger) }
    }

    deinit {
        restore()
        if let pending { surface.release(pending) }
        if let displayed { surface.release(displayed) }
        // The EGL window, then the GBM surface (its buffers' framebuffers are removed as GBM destroys them),
        // the GBM device and the card are released in that order by their ownership chain.
    }

    // MARK: - DisplayBackend

    public func beginFrame() throws(DisplayError) {
        try window.makeCurrent()
        Viewport.coverSurface(pixelSize)
        if frameAge == nil { frameAge = window.bufferAge() }
    }

    /// EGL_EXT_buffer_age of the back buffer, as asked when the frame began (0 without the
    /// extension, on a failed query, or before `beginFrame`).
    public var bufferAge: Int { frameAge ?? 0 }

    /// EGL_KHR_partial_update where the driver has it, once per frame (later calls are ignored:
    /// EGL refuses them); nil tells it the whole surface.
    public func setDamageRegion(_ rects: [PixelRect]?) {
        guard window.damage.partialUpdate, frameAge != nil, !damageRegionSet else { return }
        damageRegionSet = true
        _ = window.setDamageRegion(EGLDamageRectangles.flatten(rects, surface: pixelSize))
    }

    public func present() throws(DisplayError) { try present(damage: nil) }

    /// Swaps with the frame's damage where the driver takes it (EGL_KHR/EXT_swap_buffers_with_damage),
    /// then locks the new buffer and queues its flip; KMS itself always scans out whole buffers.
    public func present(damage: [PixelRect]?) throws(DisplayError) {
        if restored { throw .unavailable("present after restore()") }
        // One flip in flight at a time: the loop normally waits for it; if not, block here
        // (poll, no busy wait) rather than queue a second flip the kernel would refuse (EBUSY).
        if pending != nil { try waitForFlip(timeoutMilliseconds: 1000) }
        // The next frame asks its buffer's age afresh, even if this swap fails.
        frameAge = nil
        damageRegionSet = false
        try window.swapBuffers(damage: damage.map { EGLDamageRectangles.flatten($0, surface: pixelSize) })
        let buffer = try surface.lockFront()
        if !powered {
            // Blanked: nothing scans out. Keep the frame for readPixels and recycle the old one.
            if let displayed { surface.release(displayed) }
            displayed = buffer
            return
        }
        presents += 1
        if !modesetDone {
            let how: String
            do {
                how = try committer.modeset(buffer.framebuffer)
            } catch {
                // Only a failed call is worth a legacy retry; `.unavailable` (another master)
                // would fail the same way.
                guard committer is AtomicCommitter, case .system = error else {
                    surface.release(buffer); throw error
                }
                // Some drivers advertise atomic but reject our request: legacy still works.
                logger.notice("atomic modeset failed (\(error)); falling back to legacy modesetting")
                committer = LegacyCommitter(drm: drm, plan: plan)
                do { how = try committer.modeset(buffer.framebuffer) } catch { surface.release(buffer); throw error }
            }
            modesetDone = true
            if let displayed { surface.release(displayed) }
            displayed = buffer
            // CLOCK_MONOTONIC counts from boot: this is the kiosk's boot-to-first-frame time.
            let ms = Int(MonotonicClock.now() / 1000)
            logger.notice("first frame on \(connectorName) at \(ms / 1000).\(String(ms % 1000 + 1000).dropFirst()) s after boot (\(how))")
            return
        }
        do {
            try committer.flip(buffer.framebuffer, userData: presents)
        } catch {
            surface.release(buffer)
            throw error
        }
        pending = buffer
    }

    public func dispatchEvents() throws(DisplayError) -> [FlipEvent] {
        var events: [FlipEvent] = []
        for flip in try DisplayError.wrapping({ () throws(SystemError) in try FlipEventReader.read(drm.file) }) where flip.crtc == 0 || flip.crtc == plan.crtc.rawValue {
            guard let shown = pending else { continue }
            // The flip put `shown` on screen: the buffer it replaced can be rendered into again.
            if let displayed { surface.release(displayed) }
            displayed = shown
            pending = nil
            events.append(flip.event)
        }
        return events
    }

    /// Whether the connector still has something plugged in and switched on, as the kernel says
    /// now (read after a hotplug uevent, never per frame).
    public func isConnected() -> Bool {
        guard let info = try? drm.connector(plan.connector.id) else { return false }
        return info.status != .disconnected
    }

    /// The connector as the kernel says now: gone, or still there with a preferred mode other
    /// than the one shown (`OutputPlan.refit`; never when `--mode` chose it).
    public func outputChange() -> OutputChange {
        guard let info = try? drm.connector(plan.connector.id), info.status != .disconnected else { return .disconnected }
        guard let next = OutputPlan.refit(request: modeRequest, shown: mode, modes: info.modes) else { return .unchanged }
        return .modeChanged(from: mode.description, to: next.description)
    }

    /// The display's own GBM device (the master's fd): where the VM's zero-copy test makes the
    /// dma-buf it imports (DMABufHardwareTests), as a decoder's buffers would be on the same card.
    var gbmDeviceHandle: OpaquePointer { surface.device.handle }

    /// Reads the buffer that is on screen (the last presented frame, as scanned out) by mapping
    /// it through GBM: what the panel shows, not a copy taken before the swap.
    public func readPixels() throws(DisplayError) -> RGBAImage {
        guard let buffer = displayed else { throw .unavailable("no frame has been presented yet") }
        return try ScanoutReadback.read(buffer.bo, width: mode.width, height: mode.height, format: surface.format)
    }

    /// DPMS through the connector's property. While off, `present` only recycles buffers.
    public func setPowered(_ on: Bool) -> Bool {
        if on == powered { return true }
        if pending != nil { _ = try? waitForFlip(timeoutMilliseconds: 1000) }
        guard let dpms = try? drm.properties(of: plan.connector.id).id("DPMS") else { return false }
        let value = UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF)
        do throws(SystemError) {
            try SystemCall.negativeErrno("drmModeConnectorSetProperty", "DPMS",
                                         drmModeConnectorSetProperty(drm.fd, plan.connector.id.rawValue, dpms.rawValue, value))
        } catch {
            logger.notice("DPMS \(on ? "on" : "off"): \(error)")
            return false
        }
        powered = on
        return true
    }

    // MARK: - Exit

    /// Puts the CRTC back as it was (the console's framebuffer and mode) and the VT in text
    /// mode. Idempotent; deinit calls it; call it from the signal path before exiting.
    public func restore() {
        if restored { return }
        restored = true
        if pending != nil { _ = try? waitForFlip(timeoutMilliseconds: 200) }
        if modesetDone || !powered {
            do { try saved.restore(on: drm) } catch { logger.notice("could not restore \(plan.crtc): \(error)") }
        }
        console?.restore()
    }

    /// Blocks (in poll) until the pending flip completes, dispatching it.
    private func waitForFlip(timeoutMilliseconds: Int32) throws(DisplayError) {
        while pending != nil {
            guard try DisplayError.wrapping({ () throws(SystemError) in try FlipEventReader.wait(drm.descriptor, timeoutMilliseconds: timeoutMilliseconds) }) else {
                throw .unavailable("page flip did not complete within \(timeoutMilliseconds) ms")
            }
            _ = try dispatchEvents()
        }
    }
}
