import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// More time (EN 11.2.2.1) in a recorded session: the VM's paged board with a 60 s idle return,
/// two taps (at 0 s on "toMenu", at 50 s on "order", both at board (200, 360)), then nothing. The
/// idle return warns 20 s before it fires; the tap at 50 s extends it (a new warning 20 s before
/// the new deadline); speech mode doubles the limit; the board's `timeoutScale` sets it.
@Suite struct MoreTimeReplayTests {
    static let vm: String = {
        let fixtures = fixturesDirectory()  // …/Tests/GadgetAppTests/Accessibility/Fixtures
        return fixtures.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/") + "/vm"
    }()

    /// Two 80 ms taps at device (320, 576) = board (200, 360): at 0 s and at 50 s.
    static let recording = """
    # EVEMU 1.3
    E: 0.000001 0003 0039 0005
    E: 0.000001 0003 0035 0320
    E: 0.000001 0003 0036 0576
    E: 0.000001 0001 014a 0001
    E: 0.000001 0003 0000 0320
    E: 0.000001 0003 0001 0576
    E: 0.000001 0000 0000 0000
    E: 0.080001 0003 0039 -001
    E: 0.080001 0001 014a 0000
    E: 0.080001 0000 0000 0000
    E: 50.000001 0003 0039 0006
    E: 50.000001 0001 014a 0001
    E: 50.000001 0000 0000 0000
    E: 50.080001 0003 0039 -001
    E: 50.080001 0001 014a 0000
    E: 50.080001 0000 0000 0000

    """

    enum Failure: Error { case board }

    func replay(speech: Bool, scale: Double? = nil) throws -> ReplayRun {
        guard case .success(let loaded) = BoardSource.load(Self.vm + "/board/paged.json") else { throw Failure.board }
        var board = loaded.board
        board.idle.returnAfterSeconds = 60
        board.accessibility.timeoutScale = scale
        let device = try EvemuReader.read(try FileIO.read(Self.vm + "/touch/edt-ep0430m09.desc")).device
        let rec = try EvemuReader.read(Array(Self.recording.utf8)).with(device: try #require(device))
        let playback = try RecordingPlayer.play(rec, board: board.size, touch: board.touch, rotation: .none)
        var o = ReplayRun.Options()
        o.settle = 200_000_000
        o.speech = speech
        return ReplayRun(board: board, playback: playback, options: o)
    }

    /// The warnings, what was said and the pages.
    static func story(_ run: ReplayRun) -> [String] {
        run.lines.filter { $0.contains(#""event":"timeoutWarning""#) || $0.contains(#""event":"spoken""#)
            || $0.hasPrefix(#"{"type":"page""#) || $0.hasPrefix(#"{"type":"idleReturn""#) }
    }

    @Test func theIdleReturnWarnsTwentySecondsBeforeAndATouchExtendsIt() throws {
        let run = try replay(speech: false)
        let text = TimeLimitWarning.text
        #expect(Self.story(run) == [
            #"{"type":"page","t":0.08,"page":"menu","from":"home","cause":"tap","gadget":"toMenu"}"#,
            #"{"type":"accessibility","event":"timeoutWarning","t":40.08,"limit":"idleReturn","inSeconds":20,"text":"\#(text)"}"#,
            #"{"type":"accessibility","event":"spoken","t":40.08,"utterance":1,"gadget":null,"text":"\#(text)","lang":"en"}"#,
            // The tap at 50 s is the visitor's answer: the return waits 60 s from it.
            #"{"type":"accessibility","event":"timeoutWarning","t":90.08,"limit":"idleReturn","inSeconds":20,"text":"\#(text)"}"#,
            #"{"type":"accessibility","event":"spoken","t":90.08,"utterance":2,"gadget":null,"text":"\#(text)","lang":"en"}"#,
            #"{"type":"page","t":110.08,"page":"home","from":"menu","cause":"idle","gadget":null}"#,
            #"{"type":"idleReturn","t":110.08,"page":"home"}"#,
        ])
        let pages = run.actions.filter { $0.kind != .action }.map { "\(JSONWriter.rounded($0.time.seconds, places: 2)) \($0.kind) \($0.page ?? "")" }
        #expect(pages == ["0.08 page menu", "110.08 page home", "110.08 idleReturn home"])
        #expect(try replay(speech: false).lines == run.lines)
    }

    @Test func speechModeDoublesTheLimit() throws {
        let run = try replay(speech: true)
        let warnings = run.lines.filter { $0.contains(#""event":"timeoutWarning""#) }
        // In speech mode touches explore (no page change) and still count as use: the return waits
        // 120 s from the last touch (50.08 s), warned at 150.08 s.
        #expect(warnings.count == 1 && warnings[0].contains(#""t":150.08,"#))
        #expect(run.actions.filter { $0.kind == .idleReturn }.map { JSONWriter.rounded($0.time.seconds, places: 2) } == [170.08])
    }

    @Test func theBoardsTimeoutScaleLengthensIt() throws {
        let run = try replay(speech: true, scale: 1.5)
        let warnings = run.lines.filter { $0.contains(#""event":"timeoutWarning""#) }
        // 90 s from the last touch (50.08 s), warned at 120.08 s.
        #expect(warnings.count == 1 && warnings[0].contains(#""t":120.08,"#))
        #expect(run.actions.filter { $0.kind == .idleReturn }.map { JSONWriter.rounded($0.time.seconds, places: 2) } == [140.08])
    }
}
