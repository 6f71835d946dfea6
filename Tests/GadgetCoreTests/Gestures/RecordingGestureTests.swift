import Glibc
import Testing
@testable import GadgetCore

/// The real recordings of ../shared/touch-recordings (copied with their licences and sources
/// into Tests/GadgetInputTests/Fixtures/recordings) through the whole pure pipeline — evemu
/// reader, assembler, mapping, `BoardSession` (gesture engine and world) — as `replay` runs them.
enum GestureRecordings {
    static let directories: [String] = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // …/Tests
        let tests = parts.joined(separator: "/")
        parts.removeLast()   // the repository
        return [tests + "/GadgetInputTests/Fixtures/recordings", parts.joined(separator: "/") + "/../shared/touch-recordings"]
    }()

    static func bytes(_ name: String) -> [UInt8]? {
        for dir in directories { if let b = file(dir + "/" + name) { return b } }
        return nil
    }

    /// The whole file at `path`, or nil if it cannot be opened.
    static func file(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }

    static func recording(_ name: String, device: String? = nil) throws -> EvemuRecording {
        let data = try #require(bytes(name), "\(name) not found")
        let r = try EvemuReader.read(data)
        guard let device else { return r }
        let deviceData = try #require(bytes(device), "\(device) not found")
        let description = try #require(try EvemuReader.read(deviceData).device)
        return r.with(device: description)
    }

    /// Touch frames of a recording mapped onto `board`.
    static func frames(_ name: String, device: String? = nil, board: Board) throws -> [TouchFrame] {
        try RecordingPlayer.play(recording(name, device: device), board: board.size, touch: board.touch, rotation: board.rotation).frames
    }

    /// Plays frames through a board session and settles; returns the events and the session.
    static func run(_ frames: [TouchFrame], board: Board, settle: Microseconds = 2_000_000) -> ([GestureEvent], BoardSession) {
        var session = BoardSession(board: board, startTime: frames.first?.time ?? 0)
        var events: [GestureEvent] = []
        for f in frames { events += session.apply(f) }
        events += session.advance(to: (frames.last?.time ?? 0) + settle)
        return (events, session)
    }
}

@Suite struct RecordingGestureTests {
    static let taps = "atmel-maxtouch-800x480_1finger-9-fast-taps.evemu"
    static let wacomDevice = "wacom-isdv4-e6-finger_device.evemu"
    static let wacomDouble = "wacom-isdv4-e6-finger_double-tap.events.evemu"
    static let wacomSingle = "wacom-isdv4-e6-finger_single-tap.events.evemu"
    static let rotation3M = "3m-microtouch-22in_session-with-rotation.evemu"
    static let scrollEDT = "edt-ep0430m09_2finger-scroll-down.evemu"

    @Test func nineFastTapsOnTheBackgroundAreFourDoubleTapsAndATap() throws {
        let board = Board(size: Size2(800, 480))
        let (events, _) = GestureRecordings.run(try GestureRecordings.frames(Self.taps, board: board), board: board)
        let discrete = events.filter { $0.state == .recognized }
        #expect(discrete.map(\.kind) == [.doubleTap, .doubleTap, .doubleTap, .doubleTap, .tap])
        #expect(discrete.allSatisfy { $0.gadget == nil })
        // The ninth tap fires when its double-tap window closes: 350 ms after its lift at 1.934 s.
        let last = try #require(discrete.last)
        #expect(last.time > 2_284_000 && last.time < 2_285_000, "\(last.time)")
    }

    @Test func nineFastTapsOnAGadgetLeaveItAtHomeAndReportEveryGesture() throws {
        var g = Gadget(id: "button", appearance: .color(.white), center: Vector2(360, 250), size: Size2(200, 120))
        g.behavior.springHome = true
        let board = Board(size: Size2(800, 480), gadgets: [g])
        let (events, session) = GestureRecordings.run(try GestureRecordings.frames(Self.taps, board: board), board: board)
        #expect(events.filter { $0.state == .recognized }.map(\.kind) == [.doubleTap, .doubleTap, .doubleTap, .doubleTap, .tap])
        #expect(events.allSatisfy { $0.gadget == "button" })
        #expect(events.filter { $0.kind == .pan }.isEmpty, "taps do not move")
        #expect(session.gestures.handOvers[0]?.velocity == .zero)
        #expect(!session.world.held[0])
    }

    @Test func wacomDoubleTapResetsAGadget() throws {
        // Device range 0…2776 × 0…1569 onto a board of that size; the taps land at (1332, 755).
        var g = Gadget(id: "photo", appearance: .color(.white), center: Vector2(1300, 760), size: Size2(400, 300), rotationDegrees: 10)
        g.behavior.gestures = .all
        let board = Board(size: Size2(2776, 1569), gadgets: [g])
        let frames = try GestureRecordings.frames(Self.wacomDouble, device: Self.wacomDevice, board: board)
        var session = BoardSession(board: board, startTime: 0)
        var events: [GestureEvent] = []
        for f in frames { events += session.apply(f) }
        events += session.advance(to: 2_000_000)
        #expect(events.filter { $0.state == .recognized }.map(\.kind) == [.doubleTap], "and no single tap")
        #expect(events.first { $0.kind == .doubleTap }?.time == frames.last?.time, "on the second lift")
        #expect(events.first { $0.kind == .doubleTap }?.gadget == "photo")
        #expect(session.world.poses[0].scale == 1 && session.world.poses[0].rotation == Math.radians(10))

        let single = try GestureRecordings.frames(Self.wacomSingle, device: Self.wacomDevice, board: board)
        let (events2, _) = GestureRecordings.run(single, board: board)
        let tap = try #require(events2.first { $0.kind == .tap })
        #expect(tap.state == .recognized && tap.gadget == "photo")
        let lift = try #require(single.last { $0.touches.contains { $0.phase == .ended } }).time
        #expect(lift > 20_000 && lift < 30_000, "a 24 ms tap")
        #expect(tap.time == lift + 350_001, "350 ms after its lift, when the double-tap window closes")
    }

    /// The pair of contacts in every frame where exactly two are down: first and last pair, and
    /// the angle turned (unwrapped) — what the raw data says the fingers did.
    struct RawPair {
        var first: TouchPair
        var last: TouchPair
        var turn: Double
        var spanRatio: Double { last.span / first.span }
        init(_ frames: [TouchFrame]) throws {
            var first: TouchPair?, last: TouchPair?, turned = UnwrappedAngle(0)
            for f in frames {
                let down = f.touches.filter { !$0.phase.isTerminal }
                guard down.count == 2 else { continue }
                let p = TouchPair(down[0].location, down[1].location)
                if first == nil { first = p; turned = UnwrappedAngle(p.angle) } else { turned.update(p.angle) }
                last = p
            }
            self.first = try #require(first)
            self.last = try #require(last)
            turn = turned.total
        }
    }

    /// A gadget under the pair's first position, turned like the pair, and the replay of `frames` on it.
    func manipulate(_ frames: [TouchFrame], raw: RawPair, size: Size2, lock: GadgetBehavior.Lock, axisLock: Double = 10)
        -> (pose: GadgetPose, lock: GadgetManipulator.Lock?, decidedAt: Microseconds?, handOver: HandOver?) {
        var g = Gadget(id: "g", appearance: .color(.white), center: raw.first.midpoint, size: Size2(raw.first.span + 100, 200),
                       rotationDegrees: Math.degrees(raw.first.angle))
        g.behavior.lock = lock
        let board = Board(size: size, gadgets: [g], thresholdOverrides: [ThresholdOverride(name: "axisLockThreshold", value: axisLock, jsonPath: "")])
        var session = BoardSession(board: board, startTime: frames[0].time)
        var decided: GadgetManipulator.Lock?, at: Microseconds?
        for f in frames {
            _ = session.apply(f)
            if decided == nil, let l = session.gestures.manipulator(of: 0)?.lock { decided = l; at = f.time }
        }
        // The pose the manipulation handed to the world (it may fly on after that).
        var pose = session.gestures.handOvers[0]?.pose ?? session.world.poses[0]
        pose.rotation -= raw.first.angle  // turned since the start
        return (pose, decided, at, session.gestures.handOvers[0])
    }

    @Test func threeMRotationWhileTranslating() throws {
        // File 9, 3.93–6.43 s: two fingers turn +95° (clockwise) and spread ×1.23 while travelling
        // down the panel. A board of the device's (square) aspect keeps angles as in the raw data.
        let size = Size2(1000, 1000)
        let frames = try RecordingPlayer.play(GestureRecordings.recording(Self.rotation3M), board: size, until: 6_500_000).frames
            .filter { $0.time >= 3_900_000 }
        let raw = try RawPair(frames)
        #expect(abs(Math.degrees(raw.turn) - 95) < 1, "README: about +95°; measured \(Math.degrees(raw.turn))°")
        #expect(abs(raw.spanRatio - 1.234) < 0.001)

        // The midpoint runs 11 px along X (with 7.8 along Y) before the pair has turned 0.1 rad:
        // the two-finger drag locks to X at 4.219 s. A free-form gadget still turns and grows
        // exactly as the fingers did; only its translation is held to X.
        let free = manipulate(frames, raw: raw, size: size, lock: .free)
        #expect(free.lock == .axisX && free.decidedAt == 4_218_738)
        #expect(abs(free.pose.rotation - raw.turn) < 1e-12, "applied \(Math.degrees(free.pose.rotation))° vs raw \(Math.degrees(raw.turn))°")
        #expect(abs(free.pose.scale - raw.spanRatio) < 1e-12)
        #expect(GT.near(free.pose.center, raw.first.midpoint + Vector2(raw.last.midpoint.x - raw.first.midpoint.x, 0), 1e-9))

        // A modal gadget locked to X is a pure drag: no turn, no growth.
        let modal = manipulate(frames, raw: raw, size: size, lock: .modal)
        #expect(modal.lock == .axisX && modal.pose.scale == 1 && abs(modal.pose.rotation) < 1e-12)

        // With a 100 px axis-lock threshold the turn crosses 0.1 rad first (at 4.341 s): the free
        // gadget follows the midpoint on both axes, the modal one locks to rotation, eased in, exact.
        let free100 = manipulate(frames, raw: raw, size: size, lock: .free, axisLock: 100)
        #expect(free100.lock == .transform(scale: true, rotate: true) && free100.decidedAt == 4_340_736)
        #expect(abs(free100.pose.rotation - raw.turn) < 1e-12 && abs(free100.pose.scale - raw.spanRatio) < 1e-12)
        #expect(GT.near(free100.pose.center, raw.last.midpoint, 1e-9))
        let modal100 = manipulate(frames, raw: raw, size: size, lock: .modal, axisLock: 100)
        #expect(modal100.lock == .transform(scale: false, rotate: true))
        #expect(abs(modal100.pose.rotation - raw.turn) < 1e-12 && modal100.pose.scale == 1)
    }

    @Test func edtTwoFingerScrollLocksToY() throws {
        // File 2: both fingers travel 300 units toward y = 0 (the pair turns −5.5°, spreads ×1.036).
        let size = Size2(1279, 767)
        let frames = try RecordingPlayer.play(GestureRecordings.recording(Self.scrollEDT), board: size).frames
        let raw = try RawPair(frames)
        let free = manipulate(frames, raw: raw, size: size, lock: .free)
        #expect(free.lock == .axisY)
        #expect(GT.near(free.pose.center, raw.first.midpoint + Vector2(0, -300), 1e-9), "the midpoint's −45.5 px along X not followed")
        #expect(abs(free.pose.rotation - raw.turn) < 1e-12 && abs(free.pose.scale - raw.spanRatio) < 1e-12)
        // The second finger lifts 22 ms after the first, within the pause: the scroll's speed is
        // handed over, along Y only.
        let v = free.handOver?.velocity ?? .zero
        #expect(abs(v.x) < 1e-6 && v.y < -250 && v.y > -270, "\(v)")
        let modal = manipulate(frames, raw: raw, size: size, lock: .modal)
        #expect(modal.lock == .axisY && modal.pose.scale == 1 && abs(modal.pose.rotation) < 1e-12)
    }

    @Test func dellFastSwipeThatBrakesBeforeLiftingIsPlacedNotFlung() throws {
        // File 8's last stroke (13.53–13.87 s) on a 1920 × 1080 board (595 × 334 mm: 82 ppi): the
        // finger runs up and right, then brakes to almost nothing before it lifts.
        let board0 = Board(size: Size2(1920, 1080), touch: TouchSettings(ppi: 82))
        let frames = try GestureRecordings.frames("dell-canvas-cooltouch_multifinger-and-fast-swipe.evemu", board: board0)
            .filter { $0.time > 13_500_000 }
        let g = Gadget(id: "card", appearance: .color(.white), center: Vector2(687, 697), size: Size2(100, 100))
        let board = Board(size: board0.size, gadgets: [g], touch: board0.touch)
        let (events, session) = GestureRecordings.run(frames, board: board)
        #expect(events.filter { $0.state == .recognized }.map(\.kind) == [.swipe])
        #expect(events.first { $0.kind == .swipe }?.direction == "up", "its first 50 ms go more up than right")
        let lift = try #require(frames.last { $0.touches.contains { $0.phase == .ended } }?.touches.first)
        // The quadratic fit at the lift points backwards (down and left); the pan reports it as
        // the recognizer's estimate, the gadget is not thrown back with it.
        let panEnd = try #require(events.last { $0.kind == .pan })
        #expect(panEnd.state == .ended)
        #expect((panEnd.velocity ?? .zero).dot(Vector2(1, -1)) < 0)
        #expect(session.gestures.handOvers[0]?.velocity == .zero)
        let down = try #require(frames.first { $0.touches.contains { $0.phase == .began } }?.touches.first)
        #expect(GT.near(session.world.poses[0].center, g.center + (lift.location - down.location), 1e-9), "placed where the finger lifted")
    }
}
