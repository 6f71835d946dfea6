import Testing
@testable import GadgetCore

/// Pick up, step, put down or back (EN 5.9): worked poses on an 800×480 board, whose step is
/// 480 / 20 = 24 px.
@Suite struct GadgetPickUpTests {
    static let board = Size2(800, 480)
    static func photo(movable: Bool = true, scalable: Bool = true, rotatable: Bool = true) -> Gadget {
        var g = Gadget(id: "photo", appearance: .color(Color(r: 1, g: 0, b: 0, a: 1)), center: Vector2(400, 240), size: Size2(200, 150))
        g.behavior.movable = movable
        g.behavior.scalable = scalable
        g.behavior.rotatable = rotatable
        g.behavior.minScale = 0.5
        g.behavior.maxScale = 1.2
        return g
    }
    static let home = GadgetPose(center: Vector2(400, 240))

    /// Holds `g` and applies each key to the pose the last one placed; returns the outcomes and the final pose.
    static func run(_ codes: [UInt16], _ g: Gadget = photo()) -> ([GadgetPickUp.Outcome], GadgetPose, GadgetPickUp) {
        var p = GadgetPickUp()
        var pose = home
        var outcomes = [p.pickUp(g, label: "Photo", pose: pose)]
        for c in codes {
            guard let o = p.key(c, keys: .standard, gadget: g, label: "Photo", pose: pose, boardSize: board) else { break }
            if case .place(_, let to) = o { pose = to }
            if case .putBack(_, let to, _) = o { pose = to }
            outcomes.append(o)
        }
        return (outcomes, pose, p)
    }

    @Test func arrowsStepByATwentiethOfTheShorterSide() {
        let (_, pose, p) = Self.run([EvdevKey.right, EvdevKey.right, EvdevKey.up])
        #expect(pose.center == Vector2(448, 216))
        #expect(p.held?.gadget == "photo")
    }

    @Test func enterPutsItDownWhereItIsAndBackPutsItHome() {
        let (down, downPose, afterDown) = Self.run([EvdevKey.left, EvdevKey.enter])
        #expect(down.last == .putDown(gadget: "photo", said: "Put down Photo."))
        #expect(downPose.center == Vector2(376, 240))
        #expect(afterDown.held == nil)
        let (back, backPose, afterBack) = Self.run([EvdevKey.left, EvdevKey.left, EvdevKey.esc])
        #expect(back.last == .putBack(gadget: "photo", home: Self.home, said: "Photo is back where it was."))
        #expect(backPose == Self.home)
        #expect(afterBack.held == nil)
    }

    @Test func sizeStaysWithinTheGadgetsScaleLimits() {
        let (_, up, _) = Self.run([GadgetPickUp.plus, GadgetPickUp.plus, GadgetPickUp.plus])
        #expect(up.scale == 1.2)  // 1.1, 1.21 → clamped to maxScale 1.2
        let (outcomes, _, _) = Self.run([GadgetPickUp.plus, GadgetPickUp.plus, GadgetPickUp.plus, GadgetPickUp.plus])
        #expect(outcomes.last == .say("Photo is as large as it goes."))
        let (_, down, _) = Self.run(Array(repeating: EvdevKey.minus, count: 10))
        #expect(down.scale == 0.5)
    }

    @Test func pageKeysTurnByFifteenDegrees() {
        let (_, pose, _) = Self.run([GadgetPickUp.pageDown, GadgetPickUp.pageDown, GadgetPickUp.pageUp])
        #expect(abs(pose.rotation - Double.pi / 12) < 1e-12)
    }

    @Test func theCentreStaysOnTheBoard() {
        let (outcomes, pose, _) = Self.run(Array(repeating: EvdevKey.up, count: 11))
        #expect(pose.center == Vector2(400, 0))
        #expect(outcomes.last == .say("Photo is at the edge."))
    }

    @Test func whatTheGadgetMayNotDoIsSaidNotDone() {
        let fixed = Self.photo(movable: false, scalable: true, rotatable: false)
        let (outcomes, pose, _) = Self.run([EvdevKey.right, GadgetPickUp.pageDown], fixed)
        #expect(outcomes[1] == .say("Photo cannot be moved, only sized."))
        #expect(outcomes[2] == .say("Photo cannot be turned."))
        #expect(pose == Self.home)
        var p = GadgetPickUp()
        #expect(p.pickUp(Self.photo(movable: false, scalable: false, rotatable: false), label: "Logo", pose: Self.home) == .say("Logo cannot be moved."))
        #expect(p.held == nil)
    }

    @Test func keysOnlyCountWhileHoldingAndOthersAreIgnored() {
        var p = GadgetPickUp()
        #expect(p.key(EvdevKey.right, keys: .standard, gadget: Self.photo(), label: "Photo", pose: Self.home, boardSize: Self.board) == nil)
        let (outcomes, _, held) = Self.run([EvdevKey.tab, EvdevKey.a])
        #expect(outcomes.dropFirst().allSatisfy { $0 == .ignored })
        #expect(held.held != nil)
    }

    @Test func pickingUpSaysHowForWhatItMayDo() {
        var p = GadgetPickUp()
        #expect(p.pickUp(Self.photo(rotatable: false), label: "Photo", pose: Self.home)
                == .pickedUp(gadget: "photo", said: "Picked up Photo. Double tap where it should go, or arrows move it. Plus and minus size it. Enter puts it down, Back puts it back."))
    }

    @Test func aDoubleTapPutsItDownWhereItsFirstTapWasKeptOnTheBoard() {
        var p = GadgetPickUp()
        _ = p.pickUp(Self.photo(), label: "Photo", pose: Self.home)
        #expect(p.putDown(at: Vector2(900, 100), gadget: Self.photo(), label: "Photo", pose: Self.home, boardSize: Self.board)
                == [.place(gadget: "photo", pose: GadgetPose(center: Vector2(800, 100))), .putDown(gadget: "photo", said: "Put down Photo.")])
        #expect(p.held == nil)
        #expect(p.putDown(at: Vector2(1, 1), gadget: Self.photo(), label: "Photo", pose: Self.home, boardSize: Self.board) == nil)
        // One that does not move is put down where it is.
        _ = p.pickUp(Self.photo(movable: false), label: "Photo", pose: Self.home)
        #expect(p.putDown(at: Vector2(10, 10), gadget: Self.photo(movable: false), label: "Photo", pose: Self.home, boardSize: Self.board)
                == [.putDown(gadget: "photo", said: "Put down Photo.")])
    }
}

