import GadgetCore
import GadgetSystem
import Logging
import SystemPackage

/// A display double for the watchdog: wraps a real display and, once a flip completes while
/// `triggerPath` exists, swallows it and every later one, so the frame presented last never
/// reaches the screen as far as the loop can tell — what a hung GPU or driver looks like. The
/// loop goes on (input, simulation, metrics) but draws no more, and the watchdog must stop
/// pinging. Armed only by the test-only `GADGETBOARD_TEST_HANG_FLIPS_FILE` (the boot test).
public final class FlipSwallowingDisplay: DisplayBackend {
    public let inner: DisplayBackend
    public let triggerPath: String
    private let logger: Logger
    private var hung = false

    /// `logger`: the `kms` subsystem's; both lines are warnings (a test double is armed).
    public init(wrapping inner: DisplayBackend, triggerPath: String, logger: Logger) {
        self.inner = inner
        self.triggerPath = triggerPath
        self.logger = logger
        logger.warning("test trigger armed: flips stop completing while \(triggerPath) exists")
    }

    public var summary: String { inner.summary }
    public var pixelSize: PixelSize { inner.pixelSize }
    public var refreshInterval: Microseconds? { inner.refreshInterval }
    public func beginFrame() throws(DisplayError) { try inner.beginFrame() }
    public func present() throws(DisplayError) { try inner.present() }
    public var bufferAge: Int { inner.bufferAge }
    public func setDamageRegion(_ rects: [PixelRect]?) { inner.setDamageRegion(rects) }
    public func present(damage: [PixelRect]?) throws(DisplayError) { try inner.present(damage: damage) }
    public var isFlipPending: Bool { hung || inner.isFlipPending }
    public var eventDescriptor: FileDescriptor? { inner.eventDescriptor }
    public func readPixels() throws(DisplayError) -> RGBAImage { try inner.readPixels() }
    public func setPowered(_ on: Bool) -> Bool { inner.setPowered(on) }
    public func isConnected() -> Bool { inner.isConnected() }
    public func outputChange() -> OutputChange { inner.outputChange() }

    public func dispatchEvents() throws(DisplayError) -> [FlipEvent] {
        let flips = try inner.dispatchEvents()
        if !hung, !flips.isEmpty, FileIO.exists(triggerPath) {
            hung = true
            logger.warning("test trigger \(triggerPath) exists: swallowing page flips from now on")
        }
        return hung ? [] : flips
    }
}
