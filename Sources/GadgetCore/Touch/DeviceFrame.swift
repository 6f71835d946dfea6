/// A position in device units: the device's axis range (clamped to it), or for a mouse the
/// cursor's range. `TouchMapping` turns it into board pixels.
public struct DevicePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int32
    public var y: Int32
    public init(x: Int32, y: Int32) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}

/// One contact in one device frame, still in device units.
public struct DeviceContact: Hashable, Sendable {
    public var id: TouchID
    public var phase: TouchPhase
    public var position: DevicePoint
    /// The multitouch slot; 0 for single-contact devices.
    public var slot: Int
    public init(id: TouchID, phase: TouchPhase, position: DevicePoint, slot: Int) {
        self.id = id; self.phase = phase; self.position = position; self.slot = slot
    }
}

/// What one SYN_REPORT of one device changed: every contact that is down or just went up, in
/// slot order (a contact that ended comes before one that began in the same slot). Contacts that
/// did not move are `stationary`.
public struct DeviceFrame: Hashable, Sendable {
    public var device: Int
    /// The SYN_REPORT's time (CLOCK_MONOTONIC live, recording time in replay), microseconds.
    public var time: Microseconds
    public var contacts: [DeviceContact]
    /// Pointer devices (mouse, absolute pointer): where the cursor is. nil for touch screens.
    public var cursor: DevicePoint?
    public init(device: Int, time: Microseconds, contacts: [DeviceContact], cursor: DevicePoint? = nil) {
        self.device = device; self.time = time; self.contacts = contacts; self.cursor = cursor
    }
}
