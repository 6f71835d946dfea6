import Testing
import GadgetApp
import GadgetCore
@testable import GadgetBench

/// The board benchmark's finger is a formula: bench/sdl-board.c's circle, then a lift, a flick
/// and the marks of each phase, in that order, whatever the clock says.
struct BoardBenchScriptTests {
    static let path = BoardBenchScript.Path(dragHome: Vector2(250, 250), flickStart: Vector2(1110, 440), flickDirection: Vector2(-1, 0))

    static func script(dragReports: Int) -> BoardBenchScript {
        final class Count: @unchecked Sendable { var n = 0 }
        let count = Count()
        // The drag is done once the script asked `dragReports` times (one ask per drag report).
        return BoardBenchScript(path: path, board: Size2(1280, 720), reportsPerSecond: 100) {
            count.n += 1
            return count.n >= dragReports
        }
    }

    static func position(_ r: TouchReport) -> (x: Int32, y: Int32)? {
        let x = r.events.last { $0.code == EV.absMTPositionX }?.value, y = r.events.last { $0.code == EV.absMTPositionY }?.value
        guard let x, let y else { return nil }
        return (x, y)
    }

    static func lifts(_ r: TouchReport) -> Bool { r.events.contains(InputEvent(time: 0, type: EV.key, code: EV.btnTouch, value: 0)) }

    @Test func theDragFollowsSdlBoardsCircle() {
        let s = Self.script(dragReports: 1)
        let home = s.dragPosition(at: 0), half = s.dragPosition(at: 1), full = s.dragPosition(at: 2)
        #expect(abs(home.x - 250) < 1e-9 && abs(home.y - 250) < 1e-9)
        // Half a turn later: across the circle, whose centre lies down-right of home at 45°.
        let across = 2 * 200 * (0.5).squareRoot()
        #expect(abs(half.x - (250 + across)) < 1e-6 && abs(half.y - (250 + across)) < 1e-6)
        #expect(abs(full.x - 250) < 1e-6 && abs(full.y - 250) < 1e-6)
    }

    @Test func phasesComeInOrderWithTheirMarksAndTheScriptEnds() {
        var s = Self.script(dragReports: 5)
        var reports: [TouchReport] = []
        while let r = s.nextReport() {
            reports.append(r)
            if reports.count > 1000 { break }
        }
        let marks = reports.enumerated().compactMap { i, r in r.mark.map { (i, $0) } }
        #expect(marks.map(\.1) == [BoardBenchPhase.drag.rawValue, BoardBenchPhase.flick.rawValue, BoardBenchPhase.idle.rawValue, BoardBenchPhase.endMark])
        // The drag lands on the gadget's home (4 device units per board pixel).
        #expect(Self.position(reports[0])! == (1000, 1000))
        // The drag: 5 reports (the fifth ask ends it), then the lift, after a rest.
        let lift = reports[5]
        #expect(Self.lifts(lift) && lift.delay == BoardBenchScript.restBeforeLift)
        // The flick lands on its gadget and moves towards the left, then lifts while moving.
        let flick = reports[marks[1].0]
        #expect(Self.position(flick)! == (4440, 1760))
        let flickEnd = reports[marks[2].0 - 1]
        #expect(Self.lifts(flickEnd))
        let lastMove = Self.position(reports[marks[2].0 - 2])!
        #expect(lastMove == (Int32((1110 - 160) * 4), 1760))
        // Idle and end carry no events: nothing is written, only the time noted.
        #expect(reports[marks[2].0].events.isEmpty && reports[marks[3].0].events.isEmpty)
        #expect(reports[marks[3].0].delay == BoardBenchScript.defaultIdleDuration)
        #expect(s.nextReport() == nil && s.liftAll() == nil)
    }

    @Test func liftAllEndsADragUnderWay() {
        var s = Self.script(dragReports: 100)
        _ = s.nextReport(); _ = s.nextReport()
        let lift = s.liftAll()
        #expect(lift.map(Self.lifts) == true)
        #expect(s.nextReport() == nil)
    }

    @Test func theDemoBoardsSunsetIsDraggedAndItsNoteFlickedTowardsTheCentre() throws {
        guard case .success(let loaded) = DemoBoard.load() else { Issue.record("the demo board does not load"); return }
        let path = try #require(BoardBench.path(on: loaded.board))
        #expect(path.dragHome == Vector2(250, 250))
        #expect(path.flickStart == Vector2(1110, 440))
        #expect(path.flickDirection.x < 0 && abs(path.flickDirection.length - 1) < 1e-9)
    }
}
