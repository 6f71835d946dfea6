import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// Speech mode by touch alone (EN 5.5.2, 5.2, 5.9), replayed on the EDT panel (0…1279 × 0…767 on
/// an 800 × 480 board) with three buttons in a row: a swipe right or left moves to the next or
/// previous button from the one said and says it, a double tap then activates it; three fingers
/// held 1.5 s anywhere turn speech mode on, and again off.
@Suite struct SwipeAndToggleReplayTests {
    static let vm: String = {
        let fixtures = fixturesDirectory()
        return fixtures.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/") + "/vm"
    }()

    static let board = ##"{"size":[800,480],"gadgets":["## +
        ##"{"id":"a","center":[150,240],"size":[160,100],"text":{"string":"Alpha"},"action":{"emit":"a"}},"## +
        ##"{"id":"b","center":[400,240],"size":[160,100],"text":{"string":"Bravo"},"action":{"emit":"b"}},"## +
        ##"{"id":"c","center":[650,240],"size":[160,100],"text":{"string":"Charlie"},"action":{"emit":"c"}}]}"##

    /// Evemu lines of a multitouch recording, board px in, device units out.
    struct Recorder {
        var lines = ["# EVEMU 1.3"]
        mutating func e(_ t: Double, _ type: Int, _ code: Int, _ value: Int) {
            let us = Int((t * 1_000_000).rounded())
            func pad(_ s: String, _ n: Int) -> String { String(repeating: "0", count: max(0, n - s.count)) + s }
            lines.append("E: \(us / 1_000_000).\(pad(String(us % 1_000_000), 6)) \(pad(String(type, radix: 16), 4)) \(pad(String(code, radix: 16), 4)) \(value)")
        }
        static func dx(_ x: Double) -> Int { Int((x * 1279 / 800).rounded()) }
        static func dy(_ y: Double) -> Int { Int((y * 767 / 480).rounded()) }
        mutating func down(_ t: Double, _ fingers: [(slot: Int, id: Int, x: Double, y: Double)]) {
            for f in fingers {
                e(t, 3, 0x2f, f.slot); e(t, 3, 0x39, f.id); e(t, 3, 0x35, Self.dx(f.x)); e(t, 3, 0x36, Self.dy(f.y))
            }
            e(t, 1, 0x14a, 1); e(t, 0, 0, 0)
        }
        mutating func move(_ t: Double, slot: Int, _ x: Double, _ y: Double) {
            e(t, 3, 0x2f, slot); e(t, 3, 0x35, Self.dx(x)); e(t, 3, 0x36, Self.dy(y)); e(t, 0, 0, 0)
        }
        mutating func up(_ t: Double, slots: [Int]) {
            for s in slots { e(t, 3, 0x2f, s); e(t, 3, 0x39, -1) }
            e(t, 1, 0x14a, 0); e(t, 0, 0, 0)
        }
        mutating func tap(_ t: Double, _ x: Double, _ y: Double, id: Int) {
            down(t, [(0, id, x, y)]); up(t + 0.05, slots: [0])
        }
        mutating func swipe(_ t: Double, from x: Double, by dx: Double, id: Int) {
            down(t, [(0, id, x, 420)])
            for k in 1...4 { move(t + 0.04 * Double(k), slot: 0, x + dx * Double(k) / 4, 420) }
            up(t + 0.2, slots: [0])
        }
        mutating func threeFingers(_ t: Double, holdFor seconds: Double, id: Int) {
            down(t, [(0, id, 100, 420), (1, id + 1, 400, 420), (2, id + 2, 700, 420)])
            up(t + seconds, slots: [0, 1, 2])
        }
    }

    enum Failure: Error { case board }

    static func replay(_ r: Recorder, speech: Bool) throws -> ReplayRun {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let device = try EvemuReader.read(try FileIO.read(Self.vm + "/touch/edt-ep0430m09.desc")).device
        let rec = try EvemuReader.read(Array((r.lines.joined(separator: "\n") + "\n").utf8)).with(device: try #require(device))
        let playback = try RecordingPlayer.play(rec, board: board.size, touch: board.touch, rotation: .none)
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = speech
        return ReplayRun(board: board, playback: playback, options: o)
    }

    @Test func swipesMoveToTheNextAndPreviousAndADoubleTapActivates() throws {
        var r = Recorder()
        r.tap(0, 150, 240, id: 1)          // says Alpha
        r.swipe(1, from: 300, by: 200, id: 2)     // right: Bravo
        r.swipe(2, from: 300, by: 200, id: 3)     // right: Charlie
        r.swipe(3, from: 500, by: -200, id: 4)    // left: Bravo
        r.tap(4, 400, 420, id: 5)                  // a double tap on nothing: activates Bravo
        r.tap(4.2, 400, 420, id: 6)
        let run = try Self.replay(r, speech: true)
        let said = run.lines.filter { $0.contains(#""event":"spoken""#) }.map { line -> String in
            guard let r = line.firstRange(of: #""text":""#) else { return "" }
            return String(line[r.upperBound...].prefix { $0 != "\"" })
        }
        #expect(said == ["Alpha, button", "Bravo, button", "Charlie, button", "Bravo, button"])
        #expect(run.actions.compactMap(\.name) == ["b"], "the double tap activates the swiped-to button, and no swipe presses one")
        #expect(try Self.replay(r, speech: true).lines == run.lines)
    }

    @Test func threeFingersHeldTurnSpeechOnThenOff() throws {
        var r = Recorder()
        r.threeFingers(0, holdFor: 2, id: 1)   // on at 1.5 s
        r.tap(3, 150, 240, id: 4)                      // explores Alpha, does not press it
        r.threeFingers(5, holdFor: 2, id: 5)           // off at 6.5 s
        r.tap(8, 650, 240, id: 8)                      // presses Charlie
        let run = try Self.replay(r, speech: false)
        let modes = run.lines.filter { $0.contains(#""event":"mode""#) }
        #expect(modes == [#"{"type":"accessibility","event":"mode","t":1.5,"speech":true}"#,
                          #"{"type":"accessibility","event":"mode","t":6.5,"speech":false}"#])
        #expect(run.actions.compactMap(\.name) == ["c"])
        #expect(run.lines.contains { $0.contains(#""event":"spoken""#) && $0.contains(#""gadget":"a""#) })
    }

    @Test func threeFingersThatMoveOrLiftEarlyDoNothing() throws {
        var r = Recorder()
        r.threeFingers(0, holdFor: 1, id: 1)
        r.down(3, [(0, 4, 100, 420), (1, 5, 400, 420), (2, 6, 700, 420)])
        r.move(3.5, slot: 1, 480, 420)
        r.up(5, slots: [0, 1, 2])
        let run = try Self.replay(r, speech: false)
        #expect(!run.lines.contains { $0.contains(#""event":"mode""#) })
    }
}
