import Synchronization

/// The headless double: records every switch and can be told to fail, for the outputs' tests
/// and a kiosk run without any display power hardware. Thread: any.
public final class RecordingPowerSwitch: DisplayPowerSwitch, Sendable {
    public let name: String
    private let calls = Mutex<[Bool]>([])
    private let failure = Mutex<DisplayPowerError?>(nil)

    public init(name: String = "recording") { self.name = name }

    /// Every `setPowered` argument so far, in order (failed ones too).
    public var switches: [Bool] { calls.withLock { $0 } }

    /// Makes later calls throw `error` (nil: succeed again).
    public func fail(with error: DisplayPowerError?) { failure.withLock { $0 = error } }

    public func setPowered(_ on: Bool) throws(DisplayPowerError) {
        calls.withLock { $0.append(on) }
        if let error = failure.withLock({ $0 }) { throw error }
    }
}
