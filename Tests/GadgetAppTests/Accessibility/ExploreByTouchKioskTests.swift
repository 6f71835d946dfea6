import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetSystem

/// A kiosk in speech mode (`run --speech on`): a touch on a button says it and does not press it;
/// a double tap anywhere presses the last one said, through the board's own gestures (its action
/// event counts); out of speech mode the same tap presses it at once. No audio engine: what is
/// said is judged by the speech owner's record, not by sound.
@Suite(.serialized) struct ExploreByTouchKioskTests {
    static let board = ##"{"size":[320,240],"gadgets":["## +
        ##"{"id":"order","center":[80,120],"size":[100,100],"color":"#34c759","movable":false,"scalable":false,"rotatable":false,"## +
        ##""doubleTapReset":false,"gestures":["tap"],"action":{"emit":"order"},"label":"Order"},"## +
        ##"{"id":"photo","center":[240,120],"size":[60,60],"color":"#ff8800","label":"The station"}]}"##

    static func kiosk(speech: SpeechChoice) throws -> (KioskLoop, String) {
        let dir = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-explore")
        try FileIO.replace(dir + "/board.json", with: Array(board.utf8))
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.boardPath = dir + "/board.json"
        o.speech = speech
        let loaded = try BoardLoader.load(path: dir + "/board.json").get()
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        return (try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240), buffers: 2)), dir)
    }

    static func touch(_ loop: KioskLoop, _ phase: TouchPhase, _ p: Vector2, id: Int, at t: Microseconds) {
        loop.input.deliver(TouchFrame(time: t, touches: [Touch(id: TouchID(device: 0, tracking: id), phase: phase, location: p, time: t)]))
    }

    static func orders(_ loop: KioskLoop) -> UInt64 { loop.service.metrics.actions["emit"] ?? 0 }

    @Test func aTouchSaysTheButtonAndADoubleTapAnywherePressesIt() throws {
        let (loop, dir) = try Self.kiosk(speech: .on)
        defer { loop.destroy(); FileIO.remove(dir + "/board.json"); FileIO.removeDirectory(dir) }
        let t0 = MonotonicClock.now()
        Self.touch(loop, .began, Vector2(80, 120), id: 1, at: t0)
        Self.touch(loop, .ended, Vector2(80, 120), id: 1, at: t0 + 60_000)
        loop.live.tick(now: t0 + 100_000)
        #expect(loop.speech.lastSpokenGadget == "order")
        #expect(Self.orders(loop) == 0, "a touch in speech mode must not press the button")
        // The second tap lands on the picture: it says nothing and presses "order".
        Self.touch(loop, .began, Vector2(240, 120), id: 2, at: t0 + 200_000)
        Self.touch(loop, .ended, Vector2(240, 120), id: 2, at: t0 + 250_000)
        loop.live.tick(now: t0 + 400_000)
        #expect(loop.speech.lastSpokenGadget == "order")
        #expect(Self.orders(loop) == 1)
        // Exploring the picture says it; nothing is pressed.
        Self.touch(loop, .began, Vector2(240, 120), id: 3, at: t0 + 1_000_000)
        Self.touch(loop, .ended, Vector2(240, 120), id: 3, at: t0 + 1_060_000)
        loop.live.tick(now: t0 + 1_100_000)
        #expect(loop.speech.lastSpokenGadget == "photo")
        #expect(Self.orders(loop) == 1)
    }

    @Test func outOfSpeechModeATapPressesAtOnce() throws {
        let (loop, dir) = try Self.kiosk(speech: .auto)
        defer { loop.destroy(); FileIO.remove(dir + "/board.json"); FileIO.removeDirectory(dir) }
        let t0 = MonotonicClock.now()
        Self.touch(loop, .began, Vector2(80, 120), id: 1, at: t0)
        Self.touch(loop, .ended, Vector2(80, 120), id: 1, at: t0 + 60_000)
        loop.live.tick(now: t0 + 100_000)
        #expect(Self.orders(loop) == 1)
        #expect(loop.speech.lastSpokenGadget == nil)
    }

    /// EN 5.9 by touch alone: a double tap on the picture (no action of its own) picks it up;
    /// a double tap elsewhere puts it down where its first tap was (`GadgetPickUp`).
    @Test func aDoubleTapPicksThePictureUpAndADoubleTapElsewherePutsItDownThere() throws {
        let (loop, dir) = try Self.kiosk(speech: .on)
        defer { loop.destroy(); FileIO.remove(dir + "/board.json"); FileIO.removeDirectory(dir) }
        let t0 = MonotonicClock.now()
        // Tap, tap on the picture: said, then picked up.
        Self.touch(loop, .began, Vector2(240, 120), id: 1, at: t0)
        Self.touch(loop, .ended, Vector2(240, 120), id: 1, at: t0 + 60_000)
        Self.touch(loop, .began, Vector2(240, 120), id: 2, at: t0 + 200_000)
        Self.touch(loop, .ended, Vector2(240, 120), id: 2, at: t0 + 250_000)
        loop.live.tick(now: t0 + 300_000)
        #expect(loop.keypad.pickUp.held?.gadget == "photo")
        // Later, a double tap at (160, 40), above the button: the picture goes there.
        Self.touch(loop, .began, Vector2(160, 40), id: 3, at: t0 + 1_000_000)
        Self.touch(loop, .ended, Vector2(160, 40), id: 3, at: t0 + 1_060_000)
        Self.touch(loop, .began, Vector2(300, 200), id: 4, at: t0 + 1_200_000)
        Self.touch(loop, .ended, Vector2(300, 200), id: 4, at: t0 + 1_250_000)
        loop.live.tick(now: t0 + 1_300_000)
        #expect(loop.keypad.pickUp.held == nil)
        #expect(loop.live.session.world.pose(GadgetIndex(1)).center == Vector2(160, 40))
        #expect(Self.orders(loop) == 0)
    }
}
