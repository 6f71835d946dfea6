import GadgetCore

/// The control protocol's state in the kiosk loop: the endpoints requests come from, the
/// animations `set` started, the clients waiting for a snapshot, and the board file now shown
/// (`load` changes it). Thread: the kiosk loop's.
struct KioskControl {
    /// Every transport the loop takes requests from (socket, MQTT, tests' doubles).
    var endpoints: [any ControlEndpoint] = []
    /// Reused between iterations.
    var inbox: [ControlInbound] = []
    /// At most one per gadget (a new animated `set` finishes the old one first).
    var animations: [ControlAnimation] = []
    /// Clients waiting for the next presented frame: answered at the first flip of a frame drawn
    /// after `afterFrame` frames.
    var snapshotWaiters: [SnapshotWaiter] = []
    /// The directory paths of `set image` and `load` stay inside (the first board's); nil for the
    /// demo board, which has none.
    var root: String?
    /// The board file shown now: reloads read it.
    var boardPath: String?

    struct SnapshotWaiter {
        var endpoint: Int
        var client: ControlClientID
        var id: JSONValue?
        var afterFrame: Int
    }

    /// The largest snapshot a client may wait for at once, per endpoint and in total: each costs
    /// a PNG encode on the loop thread.
    static let maximumSnapshotWaiters = 8

    /// The largest image file `set image` reads, and board file `load` reads.
    static let maximumImageFileBytes = 64 << 20
    static let maximumBoardFileBytes = 16 << 20
}
