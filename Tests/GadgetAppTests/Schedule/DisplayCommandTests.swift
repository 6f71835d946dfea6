import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The control protocol's `display` command and `state`'s `display` in a headless kiosk of this
/// process, through the socket: off stops drawing (the panel off), auto hands the display back
/// to the schedule, and a closed schedule (clock trusted) keeps the display off.
@Suite(.serialized) struct DisplayCommandTests {
    final class Kiosk {
        let dir: String
        let loop: KioskLoop
        var now: Microseconds = 1_000_000
        let client: ControlClient

        init(board json: String, trustClock: Bool = false) throws {
            dir = scratchDirectory("display-command")
            try FileIO.replace(dir + "/board.json", with: Array(json.utf8))
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.controlSocketPath = dir + "/c.sock"
            o.watchBoard = false
            o.inputPaths = ["/nonexistent"]
            o.trustClock = trustClock
            o.backlightRoot = dir + "/no-backlight"
            guard case .success(let loaded) = BoardLoader.load(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(160, 100)))
            client = try ControlClient(path: dir + "/c.sock")
        }

        deinit { loop.destroy() }

        func request(_ json: String) throws -> JSONValue? {
            try client.send(json)
            var wait = PollSet()
            for e in loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no request reached the loop")
            loop.control.take(now: now)
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else { return nil }
            return try JSONParser.parse(line)
        }
    }

    static let board = ##"{ "size": [160, 100], "gadgets": [ { "id": "a", "color": "#ff0000", "center": [80, 50], "size": [40, 40] } ] }"##

    static func display(_ reply: JSONValue?) -> (on: Bool?, cause: String?) {
        guard case .object(let d)? = reply?["display"] else { return (nil, nil) }
        var on: Bool?, cause: String?
        for (k, v) in d {
            if k == "on", case .bool(let b) = v { on = b }
            if k == "cause", case .string(let s) = v { cause = s }
        }
        return (on, cause)
    }

    @Test func offStopsDrawingAndAutoGivesTheDisplayBack() throws {
        let k = try Kiosk(board: Self.board)
        #expect(Self.display(try k.request(#"{"cmd":"state"}"#)) == (true, "start"))
        #expect(k.loop.canDraw)

        let off = try k.request(#"{"cmd":"display","state":"off","id":1}"#)
        #expect(off?["ok"] == .bool(true))
        #expect(Self.display(off) == (false, "control"))
        #expect(!k.loop.canDraw, "a frame may still be drawn with the display off")
        #expect(k.loop.noFrameReason?.contains("off") == true)
        #expect(Self.display(try k.request(#"{"cmd":"state"}"#)) == (false, "control"))

        // A touch while off by control is swallowed: it must not move the board.
        let touch = TouchFrame(time: k.now, touches: [Touch(id: TouchID(device: 0, tracking: 1), phase: .began, location: Vector2(80, 50), time: k.now)])
        k.loop.input.deliver(touch)
        #expect(k.loop.live.session.touchesBegan == 0)

        let auto = try k.request(#"{"cmd":"display","state":"auto"}"#)
        #expect(Self.display(auto) == (true, "start"))
        #expect(k.loop.canDraw)
        #expect(k.loop.live.needsDraw, "the board is drawn again when the display comes back")
    }

    /// `gadgetboard_display_on` (docs/control.md's metrics): the display's state and its cause
    /// as the metrics export them, following `display` and the schedule.
    static func displayMetric(_ k: Kiosk) -> [String] {
        k.loop.service.metrics.exposition(now: k.now).split(separator: "\n").map(String.init).filter { $0.hasPrefix("gadgetboard_display_on") }
    }

    @Test func theDisplayOnMetricFollowsControlAndSchedule() throws {
        let k = try Kiosk(board: Self.board)
        #expect(Self.displayMetric(k) == [#"gadgetboard_display_on{cause="start"} 1"#])
        _ = try k.request(#"{"cmd":"display","state":"off"}"#)
        #expect(Self.displayMetric(k) == [#"gadgetboard_display_on{cause="control"} 0"#])
        _ = try k.request(#"{"cmd":"display","state":"on"}"#)
        #expect(Self.displayMetric(k) == [#"gadgetboard_display_on{cause="control"} 1"#])
        _ = try k.request(#"{"cmd":"display","state":"auto"}"#)
        #expect(Self.displayMetric(k) == [#"gadgetboard_display_on{cause="start"} 1"#])
        let closed = try Kiosk(board: Self.closedBoard, trustClock: true)
        _ = try closed.request(#"{"cmd":"state"}"#)
        #expect(Self.displayMetric(closed) == [#"gadgetboard_display_on{cause="schedule"} 0"#])
    }

    @Test func badStatesAreOneLineErrors() throws {
        let k = try Kiosk(board: Self.board)
        let bad = try k.request(#"{"cmd":"display","state":"dim"}"#)
        #expect(bad?["ok"] == .bool(false))
        guard case .string(let message)? = bad?["error"] else { Issue.record("no error"); return }
        #expect(message.hasPrefix("state: "))
    }

    /// Opening hours closed on every day from 2020 to 2040 (exceptions: closed), so never open
    /// now: with a trusted clock the display is off ("schedule") and nothing is drawn; a control
    /// override wins until `auto`. (Whether this machine's clock is synchronised is not known
    /// here, so the untrusted case is the pure policy's test: DisplayPowerPolicyTests.)
    @Test func aClosedScheduleTurnsTheDisplayOffAndControlOverridesIt() throws {
        let trusted = try Kiosk(board: Self.closedBoard, trustClock: true)
        #expect(Self.display(try trusted.request(#"{"cmd":"state"}"#)) == (false, "schedule"))
        #expect(!trusted.loop.canDraw)
        // A control override wins over the schedule until auto.
        #expect(Self.display(try trusted.request(#"{"cmd":"display","state":"on"}"#)) == (true, "control"))
        #expect(Self.display(try trusted.request(#"{"cmd":"display","state":"auto"}"#)) == (false, "schedule"))
    }

    static let closedBoard = ##"""
        { "size": [160, 100], "schedule": { "displayOn": [ { "days": "mon-sun", "from": "07:30", "to": "22:00" } ],
                                              "exceptions": [ { "dates": ["2020-01-01..2020-12-31", "2021-01-01..2021-12-31", "2022-01-01..2022-12-31", "2023-01-01..2023-12-31", "2024-01-01..2024-12-31", "2025-01-01..2025-12-31", "2026-01-01..2026-12-31", "2027-01-01..2027-12-31", "2028-01-01..2028-12-31", "2029-01-01..2029-12-31", "2030-01-01..2030-12-31", "2031-01-01..2031-12-31", "2032-01-01..2032-12-31", "2033-01-01..2033-12-31", "2034-01-01..2034-12-31", "2035-01-01..2035-12-31", "2036-01-01..2036-12-31", "2037-01-01..2037-12-31", "2038-01-01..2038-12-31", "2039-01-01..2039-12-31", "2040-01-01..2040-12-31"] } ] },
          "gadgets": [ { "id": "a", "color": "#ff0000", "center": [80, 50], "size": [40, 40] } ] }
        """##
}
