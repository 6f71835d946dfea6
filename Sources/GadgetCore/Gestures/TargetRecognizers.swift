/// Where touches go: a gadget (index into `Board.gadgets`) or the background.
public enum GestureTarget: Hashable, Sendable, Comparable {
    case gadget(GadgetIndex)
    case background

    /// Gadgets in board order, then the background (a fixed order keeps event output deterministic).
    public static func < (a: GestureTarget, b: GestureTarget) -> Bool {
        switch (a, b) {
        case (.gadget(let x), .gadget(let y)): return x < y
        case (.gadget, .background): return true
        default: return false
        }
    }
}

/// The recognizers one target runs and how they relate; the recognizers of the gestures a gadget
/// does not report are not created (so a gadget without `longPress` gets no 0.5 s tap cut-off),
/// except the double tap when it resets the gadget.
public struct TargetRecognizers: Sendable {
    public var arena = GestureArena()
    public private(set) var tap: RecognizerID?
    public private(set) var doubleTap: RecognizerID?
    public private(set) var longPress: RecognizerID?
    public private(set) var swipe: RecognizerID?
    public private(set) var pan: RecognizerID
    public private(set) var pinch: RecognizerID
    public private(set) var rotation: RecognizerID

    /// - Parameter behavior: the gadget's behaviour, or nil for the background (every gesture).
    ///
    /// Options for a gadget's recognizers: the gadget's own handling is the manipulation, so only
    /// the taps cancel its touches (a double tap releases the gadget before resetting it), and no
    /// recognizer delays touches: a delayed began would add latency to every drag, a delayed ended
    /// would hold every release for the 0.35 s double-tap window.
    public init(behavior: GadgetBehavior?, thresholds t: GestureThresholds) {
        let gestures = behavior?.gestures ?? .all
        let wantsDoubleTap = gestures.contains(.doubleTap) || (behavior?.doubleTapReset ?? false)
        let taps = RecognizerOptions(cancelsTouchesInView: true, delaysTouchesBegan: false, delaysTouchesEnded: false)
        let observers = RecognizerOptions(cancelsTouchesInView: false, delaysTouchesBegan: false, delaysTouchesEnded: false)

        if gestures.contains(.tap) { tap = arena.add(TapGestureRecognizer(taps: 1, thresholds: t, options: taps)) }
        if wantsDoubleTap { doubleTap = arena.add(TapGestureRecognizer(taps: 2, thresholds: t, options: taps)) }
        if gestures.contains(.longPress) { longPress = arena.add(LongPressGestureRecognizer(thresholds: t, options: observers)) }
        if gestures.contains(.swipe) { swipe = arena.add(SwipeGestureRecognizer(direction: .all, thresholds: t, options: observers)) }
        pan = arena.add(PanGestureRecognizer(thresholds: t, options: observers))
        pinch = arena.add(PinchGestureRecognizer(thresholds: t, options: observers))
        rotation = arena.add(RotationGestureRecognizer(thresholds: t, options: observers))

        // T10, T11: a single tap waits for the double tap to fail; without one it fires on lift (T12).
        if let tap, let doubleTap { arena.require(tap, toFail: doubleTap) }
        // Pan, pinch and rotation observe the manipulation and never exclude anything.
        for id in [pan, pinch, rotation] { arena.allowSimultaneousWithAll(id) }
    }

    /// Whether an event of this kind is reported for a gadget with these gestures.
    public static func reports(_ kind: GestureEvent.Kind, gestures: GestureSet) -> Bool {
        switch kind {
        case .tap: return gestures.contains(.tap)
        case .doubleTap: return gestures.contains(.doubleTap)
        case .longPress: return gestures.contains(.longPress)
        case .swipe: return gestures.contains(.swipe)
        case .pan, .pinch, .rotation: return true
        }
    }
}
