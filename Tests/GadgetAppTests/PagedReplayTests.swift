import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// `replay` on a paged board: the VM test's recordings (Tests/vm/touch) on its paged board
/// (Tests/vm/board/paged.json). The tap lands on the home page's button at board (206.4, 360)
/// (device (330, 576) × 800/1279) and lifts at 0.08 s.
@Suite struct PagedReplayTests {
    static let vm: String = {
        let fixtures = fixturesDirectory()  // …/Tests/GadgetAppTests/Fixtures
        return fixtures.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/") + "/vm"
    }()

    func replay(_ recording: String) throws -> ReplayRun {
        guard case .success(let loaded) = BoardSource.load(Self.vm + "/board/paged.json") else { throw Failure.board }
        let device = try EvemuReader.read(try FileIO.read(Self.vm + "/touch/edt-ep0430m09.desc")).device
        let rec = try EvemuReader.read(try FileIO.read(Self.vm + "/touch/\(recording)")).with(device: try #require(device))
        let playback = try RecordingPlayer.play(rec, board: loaded.board.size, touch: loaded.board.touch, rotation: .none)
        var o = ReplayRun.Options()
        o.settle = 2_000_000
        return ReplayRun(board: loaded.board, playback: playback, options: o)
    }

    enum Failure: Error { case board }

    @Test func aTapOnTheButtonShowsTheMenu() throws {
        let run = try replay("tap-button.evemu")
        let tap = try #require(run.gestures.first)
        // 330 of 0…1279 across 800 px: 206.4.
        #expect(tap.kind == .tap && tap.gadget == "toMenu" && abs(tap.location.x - 206.4) < 0.1)
        #expect(Array(run.lines.dropFirst().prefix(2)) == [
            #"{"type":"action","t":0.08,"action":"page","gadget":"toMenu","gesture":"tap","page":"home"}"#,
            #"{"type":"page","t":0.08,"page":"menu","from":"home","cause":"tap","gadget":"toMenu"}"#,
        ])
        #expect(run.lines.last?.hasPrefix(#"{"type":"final","t":2.08,"page":"menu","gadgets":"#) == true)
        #expect(run.summary(recordingName: "tap").contains("  0.08 s  page home → menu (tap)"))
    }

    @Test func aDragOfLessThanHalfAPageThatStopsStaysHome() throws {
        // drag-back: 300 board px to the left over 0.6 s, held still 0.3 s before lifting.
        let run = try replay("drag-back.evemu")
        #expect(run.gestures.contains { $0.kind == .pan && $0.state == .ended && $0.gadget == nil })
        #expect(run.actions.isEmpty && run.session.currentPage == "home")
    }

    @Test func replayIsByteForByteRepeatable() throws {
        #expect(try replay("tap-button.evemu").lines == replay("tap-button.evemu").lines)
    }
}
