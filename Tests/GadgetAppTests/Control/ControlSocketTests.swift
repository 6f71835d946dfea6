import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetDisplay
import GadgetRender
import GadgetSystem

/// The control socket end to end with a headless kiosk in this process: the test is the client
/// and drives the loop itself (take requests, draw a frame), waiting on descriptors, never on time.
@Suite(.serialized) struct ControlSocketTests {
    /// A kiosk on the golden board (copied into a scratch directory) with its control socket.
    final class Harness {
        let dir: String
        let loop: KioskLoop
        var now: Microseconds = 1_000_000
        var socket: String { dir + "/c.sock" }

        init(limits: ControlSocketLimits = ControlSocketLimits(), watch: Bool = false) throws {
            dir = scratchDirectory("control")
            // This file is one folder below the target's Fixtures.
            let here = #filePath
            let fixtures = fixturesDirectory(file: String(here[..<here.lastIndex(of: "/")!])) + "/golden-board"
            for f in ["board.json", "checker.png", "disc.png"] { try FileIO.replace(dir + "/" + f, with: try FileIO.read(fixtures + "/" + f)) }
            var o = RunOptions()
            o.handleSignals = false
            o.display = .headless
            o.boardPath = dir + "/board.json"
            o.controlSocketPath = dir + "/c.sock"
            o.controlSocketLimits = limits
            o.watchBoard = watch
            o.inputPaths = ["/nonexistent"]
            guard case .success(let loaded) = BoardLoader.load(path: dir + "/board.json") else { throw ImageLoadFailure("board") }
            let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
            loop = try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 200)))
            try frame()
        }

        deinit { loop.destroy() }

        /// Waits (10 s hang guard) until a request reached the loop, then executes it.
        func pump() throws {
            var wait = PollSet()
            for e in loop.control.endpoints { wait.add(e.wakeDescriptor) }
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no request reached the loop")
            loop.control.take(now: now)
            // A `load` is answered when its worker is done and the board swapped in.
            try loop.live.awaitLoad(now: now)
        }

        func frame() throws { now += 16_667; loop.live.tick(now: now); try loop.drawFrame(now: now) }

        /// One request and its reply.
        func roundTrip(_ client: ControlClient, _ json: String) throws -> JSONValue? {
            try client.send(json)
            try pump()
            guard let line = try client.readLine(timeoutMilliseconds: 10_000) else { return nil }
            return try JSONParser.parse(line)
        }

        func pixel(_ x: Int, _ y: Int) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) { try loop.display.readPixels().pixel(x, y) }

        var server: ControlSocketServer { loop.control.endpoints[0] as! ControlSocketServer }
    }

    @Test func setChangesTheNextFrame() throws {
        let h = try Harness()
        let c = try ControlClient(path: h.socket)
        #expect(try h.pixel(60, 50) == (255, 0, 0, 255))
        #expect(try h.roundTrip(c, ##"{"cmd":"set","id":1,"gadget":"red","color":"#0000ff"}"##) == .object([("id", .number(1)), ("ok", .bool(true))]))
        try h.frame()
        #expect(try h.pixel(60, 50) == (0, 0, 255, 255))
        // Moved: the old place shows the background, the new one the gadget (damage saw both).
        #expect(try h.roundTrip(c, ##"{"cmd":"set","gadget":"red","center":[160,30]}"##)?["ok"] == .bool(true))
        try h.frame()
        #expect(try h.pixel(60, 50) == (0x20, 0x30, 0x40, 255))
        #expect(try h.pixel(160, 30) == (0, 0, 255, 255))
        #expect(try h.roundTrip(c, ##"{"cmd":"set","gadget":"red","hidden":true}"##)?["ok"] == .bool(true))
        try h.frame()
        #expect(try h.pixel(160, 30) == (0x20, 0x30, 0x40, 255))
        // An image of the board's directory.
        #expect(try h.roundTrip(c, ##"{"cmd":"set","gadget":"red","hidden":false,"image":"checker.png"}"##)?["ok"] == .bool(true))
        try h.frame()
        #expect(try h.pixel(160, 30) != (0, 0, 255, 255))
        let state = try h.roundTrip(c, ##"{"cmd":"state"}"##)
        guard case .array(let gadgets)? = state?["gadgets"] else { Issue.record("no gadgets"); return }
        #expect(gadgets[0]["image"] == .string("checker.png"))
        #expect(gadgets[0]["center"] == .array([.number(160), .number(30)]))
    }

    @Test func animatedSetEndsExactlyAtItsValues() throws {
        let h = try Harness()
        let c = try ControlClient(path: h.socket)
        #expect(try h.roundTrip(c, ##"{"cmd":"set","gadget":"red","center":[160,30],"opacity":0,"duration":0.1}"##)?["ok"] == .bool(true))
        try h.frame()
        let mid = h.loop.session.world.pose(0).center
        #expect(mid.x > 60 && mid.x < 160)
        for _ in 0..<10 { try h.frame() }
        #expect(h.loop.session.world.pose(0).center == Vector2(160, 30))
        #expect(h.loop.session.board.gadgets[0].opacity == 0)
        #expect(h.loop.live.animations.isEmpty)
    }

    @Test func badRequestsGetOneErrorLineAndTheConnectionStaysUsable() throws {
        let h = try Harness()
        let c = try ControlClient(path: h.socket)
        let garbage = try h.roundTrip(c, "\u{1}garbage{{")
        #expect(garbage?["ok"] == .bool(false))
        let bad = try h.roundTrip(c, ##"{"cmd":"set","id":"x","gadget":"red","opacity":7}"##)
        #expect(bad?["id"] == .string("x") && bad?["field"] == .string("opacity"))
        #expect(try h.roundTrip(c, ##"{"cmd":"set","gadget":"nobody","opacity":1}"##)?["field"] == .string("gadget"))
        #expect(try h.roundTrip(c, ##"{"cmd":"page","page":"home"}"##)?["field"] == .string("page"))
        #expect(try h.roundTrip(c, ##"{"cmd":"state","id":2}"##)?["ok"] == .bool(true))
    }

    @Test func pathsStayInsideTheBoardDirectory() throws {
        let h = try Harness()
        let c = try ControlClient(path: h.socket)
        #expect(symlink("/etc/passwd", h.dir + "/passwd.png") == 0)
        #expect(symlink("/etc", h.dir + "/etc") == 0)
        try FileIO.makeDirectory(h.dir + "/img")
        #expect(symlink("../../../../../../etc/passwd", h.dir + "/img/up.png") == 0)
        for path in ["../../etc/shadow", "/etc/shadow", "passwd.png", "etc/passwd", "img/up.png", "img/../../x.png"] {
            let r = try h.roundTrip(c, ##"{"cmd":"set","gadget":"red","image":"\##(path)"}"##)
            #expect(r?["ok"] == .bool(false) && r?["field"] == .string("image"), "\(path)")
            let l = try h.roundTrip(c, ##"{"cmd":"load","path":"\##(path)"}"##)
            #expect(l?["ok"] == .bool(false) && l?["field"] == .string("path"), "\(path)")
        }
        // Nothing changed.
        #expect(h.loop.session.board.gadgets[0].appearance == .color(Color(r: 1, g: 0, b: 0)))
        // A board of the directory loads, all or nothing.
        try FileIO.replace(h.dir + "/other.json", with: ##"{"size":[320,200],"gadgets":[{"id":"only","color":"#00ff00","center":[60,50],"size":[80,60]}]}"##)
        try FileIO.replace(h.dir + "/broken.json", with: ##"{"size":[320,200],"gadgets":[{"id":"x","image":"missing.png","center":[1,1],"size":[2,2]}]}"##)
        #expect(try h.roundTrip(c, ##"{"cmd":"load","path":"broken.json"}"##)?["ok"] == .bool(false))
        #expect(h.loop.live.board.gadgets.count == 5)
        #expect(try h.roundTrip(c, ##"{"cmd":"load","path":"other.json"}"##)?["ok"] == .bool(true))
        try h.frame()
        #expect(try h.pixel(60, 50) == (0, 255, 0, 255))
    }

    @Test func longLinesAndTooManyClients() throws {
        var limits = ControlSocketLimits()
        limits.maximumLineLength = 1024
        limits.maximumClients = 2
        let h = try Harness(limits: limits)
        let c = try ControlClient(path: h.socket)
        // 10 MB without a newline, then its newline and a good request.
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<10 { try c.sendRaw(chunk) }
        try c.sendRaw([UInt8(ascii: "\n")])
        let refused = try c.readLine(timeoutMilliseconds: 10_000).map { try JSONParser.parse($0) }
        #expect(refused?["ok"] == .bool(false))
        #expect(try h.roundTrip(c, ##"{"cmd":"state","id":1}"##)?["id"] == .number(1))
        #expect(h.server.statistics.linesTooLong == 1)
        let second = try ControlClient(path: h.socket)
        #expect(try h.roundTrip(second, ##"{"cmd":"state","id":2}"##)?["id"] == .number(2))
        // The third gets one error line, then end of file.
        let third = try ControlClient(path: h.socket)
        let line = try third.readLine(timeoutMilliseconds: 10_000)
        #expect(line?.contains("too many clients") == true)
        #expect(try third.readLine(timeoutMilliseconds: 10_000) == nil)
        #expect(h.server.statistics.clientsRejected == 1)
    }

    @Test func aClientThatNeverReadsDoesNotStallFrames() throws {
        var limits = ControlSocketLimits()
        limits.outgoingQueueBytes = 4096
        let h = try Harness(limits: limits)
        let slow = try ControlClient(path: h.socket)
        // Far more reply bytes than its socket buffer and queue hold; it never reads.
        let request = Array((##"{"cmd":"state"}"## + "\n").utf8)
        for _ in 0..<2000 { try slow.sendRaw(request) }
        var frames = 0
        while h.server.statistics.messagesDropped == 0 && frames < 10_000 {
            try h.pump()
            try h.frame()
            frames += 1
        }
        #expect(h.server.statistics.messagesDropped > 0)
        // Every iteration presented its frame, and another client is still served.
        #expect(h.loop.pacing.stats.framesPresented == frames + 1)
        // Its request waits behind the slow client's: the loop keeps taking requests until the
        // reply is readable (both waits are on descriptors).
        let other = try ControlClient(path: h.socket)
        try other.send(##"{"cmd":"state","id":9}"##)
        var reply: JSONValue?
        while reply == nil {
            var wait = PollSet()
            let wake = wait.add(h.server.wakeDescriptor)
            let readable = wait.add(other.socket.descriptor)
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "hang guard")
            if wait.isReadable(wake) { h.loop.control.take(now: h.now); try h.frame() }
            if wait.isReadable(readable), let line = try other.readLine(timeoutMilliseconds: 10_000) { reply = try JSONParser.parse(line) }
        }
        #expect(reply?["id"] == .number(9))
        // The metrics heard of the drops when the loop took the next requests.
        #expect(h.loop.service.metrics.controlMessagesDropped > 0)
    }

    @Test func subscribeDeliversATap() throws {
        let h = try Harness()
        let c = try ControlClient(path: h.socket)
        #expect(try h.roundTrip(c, ##"{"cmd":"subscribe"}"##)?["ok"] == .bool(true))
        // A tap on "red" (a replayed touch: down and up at one place, 50 ms apart).
        let id = TouchID(device: 0, tracking: 1)
        let t = h.now + 1000
        h.loop.input.deliver(TouchFrame(time: t, touches: [Touch(id: id, phase: .began, location: Vector2(60, 50), time: t)]))
        h.loop.input.deliver(TouchFrame(time: t + 50_000, touches: [Touch(id: id, phase: .ended, location: Vector2(60, 50), time: t + 50_000)]))
        h.loop.live.advance(to: t + 1_000_000)
        var tap: JSONValue?
        while let line = try c.readLine(timeoutMilliseconds: 10_000) {
            let e = try JSONParser.parse(line)
            if e["gesture"] == .string("tap") && e["state"] == .string("ended") || e["gesture"] == .string("tap") && e["state"] == .string("recognized") { tap = e; break }
        }
        #expect(tap?["gadget"] == .string("red"))
        #expect(tap?["type"] == .string("gesture"))
    }

    @Test func aSubscriberThatHangsUpFreesItsPlace() throws {
        let h = try Harness()
        var c: ControlClient? = try ControlClient(path: h.socket)
        #expect(try h.roundTrip(c!, ##"{"cmd":"subscribe"}"##)?["ok"] == .bool(true))
        #expect(h.server.clientCount == 1)
        c = nil  // closed both ways
        // Waits for the socket thread to see the hang-up (1 ms steps pace the look, 10 s guard).
        var waited = 0
        while h.server.clientCount > 0 && waited < 10_000 { usleep(1000); waited += 1 }
        #expect(h.server.clientCount == 0)
    }

    @Test func snapshotIsThePNGOfTheNextFrame() throws {
        let h = try Harness()
        let c = try ControlClient(path: h.socket)
        try c.send(##"{"cmd":"set","gadget":"red","color":"#00ff00"}"##)
        try c.send(##"{"cmd":"snapshot","id":"s"}"##)
        while h.loop.control.snapshotWaiters.isEmpty { try h.pump() }
        try h.frame()
        var reply: JSONValue?
        while let line = try c.readLine(timeoutMilliseconds: 10_000) {
            let v = try JSONParser.parse(line)
            if v["id"] == .string("s") { reply = v; break }
        }
        guard case .string(let b64)? = reply?["png"], let png = Base64.decode(b64) else { Issue.record("no png"); return }
        let image = try PNGCodecAccess.decode(png)
        #expect(image.width == 320 && image.height == 200)
        #expect(image.pixel(60, 50) == (0, 255, 0, 255))
    }

    @Test func aSavedBoardReloadsAndABrokenOneKeepsTheRunningOne() throws {
        let h = try Harness(watch: true)
        guard let watcher = h.loop.live.features.lazy.compactMap({ $0 as? BoardSaveWatch }).first else { Issue.record("no watcher"); return }
        func settle() throws {
            var wait = PollSet()
            wait.add(watcher.descriptor)
            #expect(try wait.wait(timeoutMilliseconds: 10_000), "no inotify event")
            watcher.update(now: h.now, board: h.loop.live)
            h.now += 10_000_000  // past the debounce, on the loop's injected clock
            watcher.update(now: h.now, board: h.loop.live)
            // The load runs on a worker; the old board stays until it is ready.
            try h.loop.live.awaitLoad(now: h.now)
            try h.frame()
        }
        let board = try FileIO.read(h.dir + "/board.json")
        let green = String(decoding: board, as: UTF8.self).replacingFirst("#ff0000", with: "#00ff00")
        try FileIO.replace(h.dir + "/board.json", with: green)
        try settle()
        #expect(try h.pixel(60, 50) == (0, 255, 0, 255))
        try FileIO.replace(h.dir + "/board.json", with: "{ broken")
        try settle()
        #expect(try h.pixel(60, 50) == (0, 255, 0, 255))
        #expect(h.loop.service.metrics.reloadsFailed == 1)
        // A file the board does not use does not reload it.
        try FileIO.replace(h.dir + "/notes.txt", with: "x")
        var wait = PollSet()
        wait.add(watcher.descriptor)
        _ = try wait.wait(timeoutMilliseconds: 10_000)
        #expect(!watcher.take(now: h.now))
    }
}

extension String {
    func replacingFirst(_ a: String, with b: String) -> String {
        // No Foundation: split once on the first occurrence.
        let parts = self.split(separator: a, maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? String(parts[0]) + b + String(parts[1]) : self
    }
}
