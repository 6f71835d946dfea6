import GadgetCore

/// The control protocol's state in the kiosk loop: the endpoints requests come from and the
/// clients waiting for a snapshot or a load. Thread: the kiosk loop's.
struct KioskControl {
    /// Every transport the loop takes requests from (socket, MQTT, tests' doubles).
    var endpoints: [any ControlEndpoint] = []
    /// Reused between iterations.
    var inbox: [ControlInbound] = []
    /// Clients waiting for the next presented frame: answered at the first flip of a frame drawn
    /// after `afterFrame` frames.
    var snapshotWaiters: [SnapshotWaiter] = []
    /// Clients waiting for their `load` to end (`LiveBoard.load`'s ticket).
    var loadWaiters: [LoadWaiter] = []

    struct SnapshotWaiter {
        var endpoint: Int
        var client: ControlClientID
        var id: JSONValue?
        var afterFrame: Int
    }

    struct LoadWaiter {
        var endpoint: Int
        var client: ControlClientID
        var id: JSONValue?
        var ticket: Int
    }

    /// The largest snapshot a client may wait for at once, per endpoint and in total: each costs
    /// a PNG encode on the loop thread.
    static let maximumSnapshotWaiters = 8

    /// The largest image file `set image` reads, and board file `load` reads.
    static let maximumImageFileBytes = 64 << 20
    static let maximumBoardFileBytes = 16 << 20
}
