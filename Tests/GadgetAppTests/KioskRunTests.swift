import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// `run` on the headless display end to end: frames, stats, state and screenshot files.
/// Signal handlers are process-wide (SignalEventsTests owns them meanwhile): these runs go without.
@Suite struct KioskRunTests {
    @Test func headlessFramesWriteStatsStateAndScreenshot() throws {
        let dir = scratchDirectory("run")
        var o = RunOptions()
        o.handleSignals = false
        o.boardPath = fixturesDirectory() + "/golden-board/board.json"
        o.display = .headless
        o.frames = 5
        o.statsPath = dir + "/stats.json"
        o.statePath = dir + "/state.json"
        o.screenshotPath = dir + "/shot.png"
        #expect(Kiosk.run(o) == 0)
        let stats = try JSONParser.parse(try FileIO.read(dir + "/stats.json"))
        #expect(stats["framesPresented"] == .number(5))
        #expect(stats["frameTime"]?["count"] == .number(4))
        let state = try JSONParser.parse(try FileIO.read(dir + "/state.json"))
        #expect(state["type"] == .string("final"))
        guard case .array(let gadgets)? = state["gadgets"] else { Issue.record("no gadgets"); return }
        #expect(gadgets.count == 5)
        #expect(gadgets[0]["id"] == .string("red"))
        #expect(gadgets[0]["center"] == .array([.number(60), .number(50)]))
        let shot = try PNGCodecAccess.decode(try FileIO.read(dir + "/shot.png"))
        #expect(shot.pixel(60, 50) == (255, 0, 0, 255))
    }

    @Test func brokenBoardExitsTwoWithoutCrashing() throws {
        var o = RunOptions()
        o.handleSignals = false
        o.boardPath = "/nonexistent/board.json"
        o.display = .headless
        #expect(Kiosk.run(o) == 2)
    }
}
