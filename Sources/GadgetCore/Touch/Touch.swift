/// Identifies one contact for its whole life: the device it came from and the number the
/// `TouchAssembler` gave the contact (1, 2, 3… per device, in order of landing; not the kernel's
/// tracking id, which wraps and can repeat). Never reused while the device is present.
public struct TouchID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var device: Int
    public var tracking: Int
    public init(device: Int, tracking: Int) { self.device = device; self.tracking = tracking }
    public static func < (l: TouchID, r: TouchID) -> Bool { (l.device, l.tracking) < (r.device, r.tracking) }
    public var description: String { "\(device):\(tracking)" }
}

/// UIKit's touch phases.
public enum TouchPhase: String, Sendable, Hashable {
    case began, moved, stationary, ended, cancelled
    /// Whether the contact is gone after this phase.
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}

/// One contact in one frame, in board canvas pixels.
public struct Touch: Hashable, Sendable {
    public var id: TouchID
    public var phase: TouchPhase
    public var location: Vector2
    /// Kernel (or recording) time of the frame that carried this state.
    public var time: Microseconds
    public init(id: TouchID, phase: TouchPhase, location: Vector2, time: Microseconds) {
        self.id = id; self.phase = phase; self.location = location; self.time = time
    }
}

/// Everything that changed at one SYN_REPORT of one device: every contact that is down or just
/// went up, each with its phase. Contacts that did not change are `stationary`.
public struct TouchFrame: Hashable, Sendable {
    public var time: Microseconds
    public var touches: [Touch]
    public init(time: Microseconds, touches: [Touch]) { self.time = time; self.touches = touches }
}
