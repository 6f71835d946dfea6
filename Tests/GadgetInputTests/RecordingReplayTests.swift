import Testing
import Glibc
import GadgetCore
import GadgetInput
import GadgetSystem

/// Every recording in ../shared/touch-recordings replays with the contact counts, durations and
/// lift order its README describes. Numbers in comments are the README's.
@Suite struct RecordingReplayTests {
    static let ms: Microseconds = 1000

    /// Replays file `n` onto a board whose size equals the device's range, so a location is the
    /// raw device coordinate minus the axis minimum (all these devices start at 0).
    func replay(_ n: Int, until: Microseconds? = nil, rotation: DisplayRotation = .none) throws -> (RecordingPlayer.Result, [ContactLife]) {
        let r = try RecordingFixtures.load(n)
        let d = try #require(r.device)
        let x = try #require(d.absInfo[EV.absMTPositionX]), y = try #require(d.absInfo[EV.absMTPositionY])
        var board = Size2(Double(x.maximum - x.minimum), Double(y.maximum - y.minimum))
        if rotation.isQuarterTurn { board = Size2(board.height, board.width) }
        let result = try RecordingPlayer.play(r, board: board, rotation: rotation, until: until)
        let (lives, problems) = Replay.lives(result.frames)
        #expect(problems.isEmpty, "file \(n): \(problems)")
        return (result, lives)
    }

    @Test func fixturesAreTheSharedRecordingsByteForByte() throws {
        for name in RecordingFixtures.files {
            let fixture = try RecordingFile.bytes(RecordingFixtures.directory + "/" + name)
            #expect(!fixture.isEmpty)
            // CI clones the repository with shared/ beside it; where it is not, the fixture alone is used.
            guard let shared = try? RecordingFile.bytes(RecordingFixtures.shared + "/" + name) else { continue }
            #expect(shared == fixture, "\(name) differs from ../shared/touch-recordings")
        }
    }

    @Test func everyRecordingReadsWithTheREADMEsFormatAndFrameCount() throws {
        // (version, SYN_REPORT frames, slots) per file; nil where the README gives none.
        let expected: [(EvemuVersion, Int?, Int)] = [
            (.v1_3, 183, 5), (.v1_3, 98, 5), (.v1_3, 14, 5), (.v1_3, 18, 10), (.v1_2, 0, 2),
            (.v1_0, 2, 2), (.v1_0, 4, 2), (.v1_3, 450, 5), (.v1_1, 3422, 60),
        ]
        for (i, (version, frames, slots)) in expected.enumerated() {
            let r = try RecordingFixtures.load(i + 1)
            #expect(r.version == version, "file \(i + 1)")
            if let frames { #expect(r.frameCount == frames, "file \(i + 1)") }
            #expect(r.device.map(InputDeviceKind.classify) == .multitouch(slots: slots), "file \(i + 1)")
        }
        // Only file 9 ends mid-frame.
        #expect(try (1...9).map { try RecordingFixtures.load($0).droppedTrailingEvents > 0 } == [false, false, false, false, false, false, false, false, true])
        // File 8's name is UTF-8; file 9 has no properties and no resolution (format 1.1).
        #expect(try RecordingFixtures.load(8).device?.name == "Advanced Silicon S.A. CoolTouch® System")
        let d9 = try #require(try RecordingFixtures.load(9).device)
        #expect(d9.properties.isEmpty && d9.absInfo[EV.absMTPositionX] == AbsInfo(minimum: 0, maximum: 32767, fuzz: 15, flat: 0, resolution: nil))
        #expect(d9.id == InputDeviceID(bustype: 3, vendor: 0x596, product: 0x502, version: 0x110))
    }

    @Test func file1OneFingerDragDownThenUp() throws {
        let (result, lives) = try replay(1)
        #expect(lives.count == 1 && result.frames.count == 183)
        let c = lives[0]
        #expect(c.endPhase == .ended && (c.downTime - 1434 * Self.ms).magnitude < Self.ms)  // 1.43 s
        let lowest = c.path.map(\.y).max() ?? 0
        #expect(lowest > c.first.y + 100 && lowest > c.last.y + 100)  // down, then back up
    }

    @Test func file2TwoFingerScrollTowardTheTop() throws {
        let (_, lives) = try replay(2)
        #expect(lives.count == 2)
        for c in lives {
            let d = c.last - c.first
            #expect(d.y < -200 && d.y > -400 && d.x.magnitude < 100)  // ~300 units toward y = 0
            #expect(c.endPhase == .ended)
        }
    }

    @Test func file3TwoFingersLandTogetherAndLiftSlot0ThenSlot1() throws {
        let (result, lives) = try replay(3)
        #expect(lives.count == 2)
        #expect(lives[0].began == 0 && lives[1].began == 0)
        #expect(result.frames[0].touches.map(\.phase) == [.began, .began])
        // Slot 0 lifts at 0.513 s, slot 1 at 0.528 s (times from the first event at 0.000001).
        #expect(lives.map(\.end) == [513_463, 527_809])
        #expect(lives.map(\.endPhase) == [.ended, .ended])
        #expect(lives[0].first.distance(to: Vector2(404, 409)) < 1e-9 && lives[1].first.distance(to: Vector2(933, 414)) < 1e-9)
        // "Stay still": a few units of jitter at most.
        #expect(lives.allSatisfy { c in c.path.allSatisfy { $0.distance(to: c.first) < 8 } })
    }

    @Test func file4NineFastTapsWithoutMotion() throws {
        let (result, lives) = try replay(4)
        #expect(lives.count == 9 && result.frames.count == 18)
        #expect(Replay.maxDown(result.frames) == 1)
        for c in lives {
            #expect(c.moves == 0 && c.endPhase == .ended)
            #expect((82 * Self.ms...111 * Self.ms).contains(c.downTime))  // each 82–110 ms down
        }
        for (a, b) in zip(lives, lives.dropFirst()) {
            #expect((125 * Self.ms...153 * Self.ms).contains(b.began - a.end))  // 125–152 ms apart
        }
        #expect(result.endTime == 1_934_007)  // 1.93 s
    }

    @Test func file5IsADescriptionOnly() throws {
        let r = try RecordingFixtures.load(5)
        #expect(r.events.isEmpty)
        #expect(r.device?.name == "Wacom ISDv4 E6 Finger")
        #expect(r.device?.absInfo[EV.absX]?.fuzz == 4)
        #expect(try RecordingPlayer.play(r, board: Size2(100, 100)).frames.isEmpty)
        // Its events-only companions cannot be replayed without it.
        let bare = try RecordingFile.load(RecordingFixtures.directory + "/" + RecordingFixtures.files[5])
        #expect(throws: ReplayError.noDeviceDescription) { try RecordingPlayer.play(bare, board: Size2(100, 100)) }
    }

    @Test func file6SingleTapAtItsPlace() throws {
        let (_, lives) = try replay(6)
        #expect(lives.count == 1)
        #expect((lives[0].downTime - 24 * Self.ms).magnitude < Self.ms)  // down 24 ms
        #expect(lives[0].first.distance(to: Vector2(1269, 710)) < 0.001)  // at (1269, 710)
    }

    @Test func file7DoubleTap() throws {
        let (_, lives) = try replay(7)
        #expect(lives.count == 2)
        #expect((lives[0].downTime - 32 * Self.ms).magnitude < Self.ms)        // 32 ms down
        #expect((lives[1].began - lives[0].end - 140 * Self.ms).magnitude < Self.ms)  // 140 ms up
        #expect((lives[1].downTime - 60 * Self.ms).magnitude < Self.ms)        // 60 ms down
        #expect((lives[1].first.distance(to: lives[0].first) - 13).magnitude < 1)  // 13 units apart
    }

    @Test func file8HoldFourFingersFiveFingerPinchAndFastSwipe() throws {
        let r = try RecordingFixtures.load(8)
        // Board in millimetres: the device's resolution is 55 and 98 units/mm (595×334 mm).
        let result = try RecordingPlayer.play(r, board: Size2(32767.0 / 55, 32767.0 / 98))
        let (lives, problems) = Replay.lives(result.frames)
        #expect(problems.isEmpty)
        #expect(lives.count == 2 + 4 + 5 + 1)
        #expect(Replay.maxDown(result.frames) == 5)
        // 2-finger stationary hold, 0.36 s.
        #expect(lives[0..<2].allSatisfy { ($0.downTime - 360 * Self.ms).magnitude < 10 * Self.ms && $0.last.distance(to: $0.first) < 1 })
        // 5-finger pinch-in: mean distance to the centroid shrinks to ×0.58.
        let pinch = Array(lives[6..<11])
        let down = result.frames.filter { f in pinch.allSatisfy { p in f.touches.contains { $0.id == p.id && !$0.phase.isTerminal } } }
        func radius(_ f: TouchFrame) -> Double {
            let pts = f.touches.filter { t in pinch.contains { $0.id == t.id } }.map(\.location)
            let c = pts.reduce(Vector2.zero, +) / Double(pts.count)
            return pts.map { $0.distance(to: c) }.reduce(0, +) / Double(pts.count)
        }
        let first = try #require(down.first), last = try #require(down.last)
        #expect((radius(last) / radius(first) - 0.58).magnitude < 0.02)
        // 1-finger fast swipe: ~115 mm in 0.33 s.
        let swipe = lives[11]
        #expect((swipe.downTime - 330 * Self.ms).magnitude < 5 * Self.ms)
        #expect((swipe.last.distance(to: swipe.first) - 115).magnitude < 10)
        #expect(result.endTime == 13_865_195)  // 13.9 s
    }

    @Test func file9SessionEndsWithTwoContactsDownWhichAreCancelled() throws {
        let (result, lives) = try replay(9)
        #expect(result.endTime == 29_094_013)  // 29.1 s
        #expect(result.droppedTrailingEvents == 2)  // last frame truncated
        #expect(Replay.maxDown(result.frames) == 10)
        #expect(result.cancelledAtEnd == 2)
        let cancelled = lives.filter { $0.endPhase == .cancelled }
        #expect(cancelled.count == 2 && cancelled.allSatisfy { $0.end == 29_094_013 })
        #expect(lives.filter { $0.endPhase == .ended }.count == lives.count - 2)
        // Two-finger rotation of +95° (clockwise on screen) while translating: contacts 3 and 4.
        let a = lives[2], b = lives[3]
        #expect(a.began - b.began < 20 * Self.ms)
        let start = (a.first - b.first).angle, end = (a.last - b.last).angle
        #expect((Math.degrees(Math.wrapAngle(end - start)) - 95).magnitude < 3)
    }

    @Test func untilStopsAndCancelsWhatIsStillDown() throws {
        // File 3 cut at 0.52 s: slot 0 has lifted (0.513 s), slot 1 is cancelled at 0.52 s.
        let (result, lives) = try replay(3, until: 520 * Self.ms)
        #expect(result.endTime == 520 * Self.ms)
        #expect(lives.map(\.endPhase) == [.ended, .cancelled])
        #expect(lives.map(\.end) == [513_463, 520_000])
        #expect(result.cancelledAtEnd == 1)
        // An event exactly at T counts; before the first frame nothing happens.
        #expect(try replay(3, until: 513_463).1.map(\.endPhase) == [.ended, .cancelled])
        #expect(try replay(3, until: -1).0.frames.isEmpty)
        // Past the end: as if there were no limit.
        #expect(try replay(3, until: 60_000_000).0 == (try replay(3).0))
    }

    @Test func unreadableOrForeignFilesAreClearErrors() throws {
        #expect(throws: InputError.system(SystemError("open", "/nonexistent.evemu", errno: .noSuchFileOrDirectory))) { try RecordingFile.load("/nonexistent.evemu") }
        // A licence text is not a recording.
        let licence = RecordingFixtures.directory + "/LICENSES/whot-evemu-devices_LICENSE_MIT.txt"
        #expect(throws: InputError.recording(path: licence, EvemuError(line: nil, "not an evemu recording: no N:, I:, P:, B:, A:, L:, S: or E: line"))) {
            try RecordingFile.load(licence)
        }
        // A description file without a header for an events-only file.
        let events = RecordingFixtures.directory + "/" + RecordingFixtures.files[5]
        #expect(throws: InputError.self) { try RecordingFile.load(events, deviceFile: events) }
        #expect(try RecordingFile.load(events, deviceFile: RecordingFixtures.directory + "/" + RecordingFixtures.files[4]).device?.name == "Wacom ISDv4 E6 Finger")
    }

    @Test func replayIsDeterministic() throws {
        let r = try RecordingFixtures.load(9)
        let a = try RecordingPlayer.play(r, board: Size2(1280, 720), touch: TouchSettings(calibration: [1, 0.01, 0, 0, 1, 0]), rotation: .threeQuarters)
        let b = try RecordingPlayer.play(r, board: Size2(1280, 720), touch: TouchSettings(calibration: [1, 0.01, 0, 0, 1, 0]), rotation: .threeQuarters)
        #expect(a == b)
    }

    @Test func rotatedReplayPutsTouchesWhereTheRotatedBoardIsDrawn() throws {
        let (plain, _) = try replay(3)
        let (turned, _) = try replay(3, rotation: .quarter)
        // At 90° the board is 767 wide and 1279 tall: (x, y) on the panel is (y, 1279 − x) on it.
        for (p, t) in zip(plain.frames.flatMap(\.touches), turned.frames.flatMap(\.touches)) {
            #expect(t.id == p.id && t.phase == p.phase)
            #expect(t.location.distance(to: Vector2(p.location.y, 1279 - p.location.x)) < 1e-9)
        }
    }
}
