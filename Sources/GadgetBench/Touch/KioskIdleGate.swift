import Synchronization
import GadgetApp
import GadgetCore
import GadgetSystem

/// Lets a `TouchWriter` wait for the kiosk to have taken in its touches and come to rest, so a
/// script's next gesture starts from the same state on a starved machine as on an idle one: a
/// fixed real-time pause cannot promise that (the loop may not even have read the last lift when
/// it ends, and the page may still be sliding), and a gesture landing on a moving page ends
/// elsewhere. The loop publishes from its `iterationObserver` (`observe`); the writer polls.
///
/// Thread: `observe` on the kiosk loop's; `isIdle(after:)` on any (the writer's).
final class KioskIdleGate: Sendable {
    /// The loop's count of touches begun when it last saw itself at rest (-1: not yet).
    private let idleAfterTouches = Atomic<Int>(-1)

    init() {}

    /// Called every loop iteration: at rest means no finger down (no gesture session, timers
    /// included), the pages settled (not dragged, no spring or slide) and the simulation asleep.
    func observe(_ loop: KioskLoop) {
        let s = loop.session
        guard s.gestures.isIdle, s.pager?.isSettled ?? true, s.isIdle else { return }
        idleAfterTouches.store(s.touchesBegan, ordering: .releasing)
    }

    /// True once the loop has been at rest after taking in at least `touches` touches.
    func isIdle(after touches: Int) -> Bool { idleAfterTouches.load(ordering: .acquiring) >= touches }
}
