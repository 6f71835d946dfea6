import GadgetCore
import SystemPackage

/// Something that changes the board while it runs: control animations (`ControlAnimations`),
/// and what later issues add (video players, the schedule, live-data sources). A feature never
/// touches the loop: the loop polls every feature the `LiveBoard` holds the same way, and the
/// feature changes the board only through the board's one way in (`LiveBoard.apply` with a
/// `GadgetChange`, `LiveBoard.showPage`), so the scene and the damage follow by themselves.
///
/// Adding one: make a class conforming to this protocol, keep its decisions pure (GadgetCore,
/// time passed in), do slow work (decoding, network) on its own thread and hand results over as
/// values, signalled through `wakeDescriptor`; then `liveBoard.add(feature)`.
/// Thread: every member is called on the loop thread.
public protocol LiveFeature: AnyObject {
    /// Polled with the loop's other sources; readable when the feature has news (a decoded frame,
    /// a reply). nil: none. The feature clears it in `update`.
    var wakeDescriptor: FileDescriptor? { get }
    /// The next time `update` must run although nothing woke the loop (a schedule's next entry);
    /// nil: none.
    var nextDeadline: Microseconds? { get }
    /// True while the feature changes the board every frame: the loop then draws at the display's
    /// rate until it is false again.
    var isAnimating: Bool { get }
    /// True while the feature changes the board at a rate of its own (a playing video): the loop
    /// draws only for the flips it asks for (`nextFlipWanted`, or a board marked for drawing in
    /// `update`), and its run of drawing goes on between them: the vblanks between were not due,
    /// so they are not missed ones, and the wait is not idle time.
    var isPaced: Bool { get }
    /// While paced: the first flip at which the feature will have something new to show (its
    /// `update` then changes the board for that flip); nil: not known yet (its wake descriptor
    /// will say).
    var nextFlipWanted: Microseconds? { get }
    /// Once per loop iteration, before a frame is drawn, with the loop's time: apply what is due.
    func update(now: Microseconds, board: LiveBoard)
    /// In a frame that will be drawn (the GL context is current), before its damage is planned:
    /// for what must happen at most once per drawn frame (a video picks one picture per frame).
    func willDrawFrame(now: Microseconds, board: LiveBoard)
    /// Another board replaced the shown one (a load): gadget ids and pages may be gone.
    func boardReplaced(_ board: LiveBoard)
    /// The display goes away (a panel unplugged): its GL context goes with it (current, or, when
    /// the gone display refuses to make it current, not: GL deletes are then no-ops, and the
    /// objects went with the context anyway).
    /// A feature that owns GL objects frees them now and keeps what it needs to make them again.
    func displayDetached(_ board: LiveBoard)
    /// A display draws the board (again): after a hotplug its GL context is a new one, so GL
    /// objects freed in `displayDetached` are made anew here; the same display at another size
    /// (a resized window) keeps its context and calls this without a detach.
    func displayAttached(_ board: LiveBoard)
}

extension LiveFeature {
    public var wakeDescriptor: FileDescriptor? { nil }
    public var nextDeadline: Microseconds? { nil }
    public var isPaced: Bool { false }
    public var nextFlipWanted: Microseconds? { nil }
    public func willDrawFrame(now: Microseconds, board: LiveBoard) {}
    public func boardReplaced(_ board: LiveBoard) {}
    public func displayDetached(_ board: LiveBoard) {}
    public func displayAttached(_ board: LiveBoard) {}
}
