import Testing
import Glibc
import Logging
import Synchronization
import GadgetCore
import GadgetSystem
@testable import GadgetInput

/// Log lines captured from the input thread, as a terminal shows them (`input: using …`).
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ l: String) { lines.withLock { $0.append(l) } }
    /// What was written, newline included.
    var written: [String] { lines.withLock { $0 } }
    /// The messages, without the `input: ` prefix and the newline.
    var all: [String] { written.map { String($0.dropFirst("input: ".count).dropLast()) } }
    func contains(_ p: (String) -> Bool) -> Bool { all.contains(where: p) }

    var logger: Logger {
        GadgetLogging.logger("input", sink: LogSink(threshold: .info, isJournal: false) { line in self.append(line) })
    }
}

/// The input thread end to end with file descriptors the test controls: FIFOs in a temporary
/// directory stand in for /dev/input/event*, written with raw `struct input_event` records.
/// (The live libevdev path runs against the real kernel in the KMS issue's VM.)
@Suite(.serialized) struct InputThreadTests {
    static let touchscreen = InputDeviceDescription(
        nameBytes: Array("fake touchscreen".utf8), properties: [EV.propDirect],
        codes: [EV.key: [EV.btnTouch], EV.abs: [EV.absX, EV.absY, EV.absMTSlot, EV.absMTPositionX, EV.absMTPositionY, EV.absMTTrackingID]],
        absInfo: [EV.absX: AbsInfo(minimum: 0, maximum: 1279), EV.absY: AbsInfo(minimum: 0, maximum: 767), EV.absMTSlot: AbsInfo(minimum: 0, maximum: 4),
                  EV.absMTPositionX: AbsInfo(minimum: 0, maximum: 1279), EV.absMTPositionY: AbsInfo(minimum: 0, maximum: 767),
                  EV.absMTTrackingID: AbsInfo(minimum: 0, maximum: 65535)])
    static let mouse = InputDeviceDescription(nameBytes: Array("fake mouse".utf8), codes: [EV.key: [EV.btnLeft], EV.rel: [EV.relX, EV.relY]])

    /// A temporary directory, removed (with its FIFOs) at the end.
    final class TempDir {
        let path: String
        init() {
            var template = Array("/tmp/gadget-input-XXXXXX".utf8CString)
            path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        }
        func fifo(_ name: String) -> String {
            let p = path + "/" + name
            #expect(mkfifo(p, 0o600) == 0)
            return p
        }
        deinit {
            if let names = try? InputDiscovery.eventNodes(in: path) { for n in names { unlink(n) } }
            unlink(path + "/mouse0")
            rmdir(path)
        }
    }

    /// The writing end of a FIFO, opened once the input thread has opened the reading end.
    final class Writer {
        let fd: Int32
        init?(_ path: String) {
            // A FIFO refuses a non-blocking writer (ENXIO) until its reader is open: retry until
            // the input thread has opened it. The bound only stops a broken build from hanging
            // the suite (a minute without the open); it decides nothing on a slow machine.
            var fd: Int32 = -1
            for _ in 0..<60_000 {
                fd = open(path, O_WRONLY | O_NONBLOCK)
                if fd >= 0 { break }
                usleep(1000)
            }
            guard fd >= 0 else { return nil }
            self.fd = fd
        }
        func send(_ t: Microseconds, _ evs: [Ev]) {
            var bytes: [UInt8] = []
            for e in evs { bytes += RawEventSource.record(e.event(at: t)) }
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            #expect(n == bytes.count)
        }
        func close() { _ = Glibc.close(fd) }
    }

    /// Drains the queue, woken by it, until `done` says so. False only if the input thread sends
    /// nothing at all for a minute: a hang guard for a broken build, not a speed requirement.
    static func collect(_ q: TouchQueue, into got: inout [InputMessage], until done: ([InputMessage]) -> Bool) -> Bool {
        var batch: [InputMessage] = []
        while true {
            q.drain(into: &batch)
            got += batch
            if done(got) { return true }
            if !readable(q.wakeDescriptor, timeoutMs: 60_000) { return false }
        }
    }

    static func touches(_ got: [InputMessage]) -> [String] {
        got.flatMap { m -> [String] in
            guard case .frame(let f) = m else { return [] }
            return f.touches.map { "\($0.id.tracking)\($0.phase)@\(Int($0.location.x.rounded())),\(Int($0.location.y.rounded()))" }
        }
    }

    func thread(_ config: InputConfiguration, device: InputDeviceDescription = touchscreen, logs: LogLines? = nil) throws -> InputThread {
        let q = try TouchQueue()
        return try InputThread(configuration: config, queue: q,
                               opener: { (path, _) throws(InputError) in try RawEventSource.open(path, device: device) },
                               logger: logs?.logger ?? LogLines().logger)
    }

    @Test func explicitDeviceFramesInBoardPixelsAndUnplugCancels() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        // Board 1279×767 over a 0…1279 × 0…767 panel: board pixels equal device units.
        let t = try thread(InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(1279, 767))))
        try t.start()
        defer { t.stop() }
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceAdded = $0 { true } else { false } } })
        guard case .deviceAdded(let info) = got.first else { Issue.record("no device"); return }
        #expect(info.path == path && info.kind == .multitouch(slots: 5) && info.name == "fake touchscreen")
        let w = try #require(Writer(path))
        w.send(1_000, [.id(7), .x(100), .y(200), .slot(1), .id(8), .x(300), .y(400), .syn])
        w.send(2_000, [.x(310), .syn])
        w.send(3_000, [.slot(0), .id(-1), .syn])
        #expect(Self.collect(t.queue, into: &got) { Self.touches($0).count >= 6 })
        #expect(Self.touches(got) == ["1began@100,200", "2began@300,400", "1stationary@100,200", "2moved@310,400", "1ended@100,200", "2stationary@310,400"])
        // Unplugged mid-gesture (the writer goes away): the finger still down is cancelled.
        w.close()
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceRemoved = $0 { true } else { false } } })
        #expect(Self.touches(got).last == "2cancelled@310,400")
        guard case .deviceRemoved(let gone, let reason) = got.last else { Issue.record("no removal"); return }
        #expect(gone == info && reason == "unplugged")
        #expect(t.devicesNow.isEmpty)
        // The frame times are the kernel's (here: what was written), not a clock's.
        let times = got.compactMap { if case .frame(let f) = $0 { f.time } else { nil } }
        #expect(times == [1_000, 2_000, 3_000, 3_000])
    }

    @Test func hotplugOpensNewNodesAndDropsRemovedOnes() throws {
        let dir = TempDir()
        let logs = LogLines()
        let t = try thread(InputConfiguration(directory: dir.path, mapping: InputMapping(board: Size2(1279, 767))), logs: logs)
        try t.start()
        defer { t.stop() }
        // Whether the node below appears before the thread's first scan or after its inotify
        // watch is up, it is opened exactly once: no wait needed.
        #expect(t.devicesNow.isEmpty)
        // Not an event node: ignored.
        _ = dir.fifo("mouse0")
        let path = dir.fifo("event3")
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceAdded = $0 { true } else { false } } })
        #expect(t.devicesNow.map { $0.path } == [path])
        let w = try #require(Writer(path))
        w.send(5, [.id(1), .x(10), .y(20), .syn])
        #expect(Self.collect(t.queue, into: &got) { Self.touches($0).count == 1 })
        // The node is deleted while the finger is down (udev removing an unplugged device).
        unlink(path)
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceRemoved = $0 { true } else { false } } })
        #expect(Self.touches(got) == ["1began@10,20", "1cancelled@10,20"])
        if case .deviceRemoved(_, let reason) = got.last { #expect(reason == "device node removed") } else { Issue.record("no removal") }
        w.close()
        #expect(logs.contains { $0.hasPrefix("using \(path) 'fake touchscreen'") })
        #expect(logs.written.allSatisfy { $0.hasPrefix("input: ") && $0.hasSuffix("\n") })
    }

    @Test func synDroppedWithoutAStateReadBackCancelsInsteadOfGuessing() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        let t = try thread(InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(1279, 767))))
        try t.start()
        defer { t.stop() }
        let w = try #require(Writer(path))
        w.send(1, [.id(1), .x(10), .y(20), .syn])
        w.send(2, [.x(11), .dropped, .x(500), .syn])
        w.send(3, [.id(2), .x(30), .y(40), .syn])
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { Self.touches($0).count >= 3 })
        #expect(Self.touches(got) == ["1began@10,20", "1cancelled@10,20", "2began@30,40"])
        w.close()
    }

    @Test func stoppingCancelsWhatIsDownAndReportsEveryDeviceRemoved() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        let t = try thread(InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(1279, 767))))
        try t.start()
        let w = try #require(Writer(path))
        w.send(1, [.id(1), .x(10), .y(20), .syn])
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { Self.touches($0).count == 1 })
        t.stop()
        t.stop()  // idempotent
        t.queue.drain(into: &got)
        #expect(Self.touches(got) == ["1cancelled@10,20"])
        if case .deviceRemoved(_, let reason) = got.last { #expect(reason == "input stopped") } else { Issue.record("no removal") }
        w.close()
    }

    static let keyboard = InputDeviceDescription(
        nameBytes: Array("fake keyboard".utf8), codes: [EV.key: Set((1...58).map { UInt16($0) })])

    /// A USB keyboard plugged in while the kiosk runs: found by the watch, its keys (down, the
    /// kernel's repeat, up) come through in order at their kernel times, never as contacts.
    @Test func aKeyboardIsHotpluggedAndItsKeysComeThrough() throws {
        let dir = TempDir()
        let t = try thread(InputConfiguration(directory: dir.path, mapping: InputMapping(board: Size2(1279, 767))), device: Self.keyboard)
        try t.start()
        defer { t.stop() }
        let path = dir.fifo("event5")
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceAdded = $0 { true } else { false } } })
        guard case .deviceAdded(let info) = got.first else { Issue.record("no device"); return }
        #expect(info.kind == .keyboard && info.path == path)
        let w = try #require(Writer(path))
        w.send(10, [.key(EvdevKey.leftShift, 1), .syn])
        w.send(20, [.key(EvdevKey.g, 1), .syn])
        w.send(30, [.key(EvdevKey.g, 2), .syn])
        w.send(40, [.key(EvdevKey.g, 0), .key(EvdevKey.leftShift, 0), .syn])
        func keys(_ got: [InputMessage]) -> [KeyStroke] { got.compactMap { if case .key(_, let k) = $0 { k } else { nil } } }
        #expect(Self.collect(t.queue, into: &got) { keys($0).count >= 5 })
        #expect(keys(got) == [KeyStroke(code: EvdevKey.leftShift, action: .down, time: 10), KeyStroke(code: EvdevKey.g, action: .down, time: 20),
                              KeyStroke(code: EvdevKey.g, action: .repeat, time: 30), KeyStroke(code: EvdevKey.g, action: .up, time: 40),
                              KeyStroke(code: EvdevKey.leftShift, action: .up, time: 40)])
        #expect(!got.contains { if case .frame = $0 { true } else { false } })
        w.close()
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceRemoved = $0 { true } else { false } } })
    }

    /// A keyboard whose buffer overflowed while Shift was held (SYN_DROPPED; its release lost in
    /// the gap): read from a descriptor that cannot give the device's state back, Shift is
    /// released at the drop, so the next letter is not capital (libevdev's resync would say the
    /// same from the kernel's key state).
    @Test func aDropWhileAKeyIsHeldLeavesNothingStuck() throws {
        let dir = TempDir()
        let t = try thread(InputConfiguration(directory: dir.path, mapping: InputMapping(board: Size2(1279, 767))), device: Self.keyboard)
        try t.start()
        defer { t.stop() }
        _ = dir.fifo("event6")
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceAdded = $0 { true } else { false } } })
        guard case .deviceAdded(let info) = got.first else { Issue.record("no device"); return }
        let w = try #require(Writer(info.path))
        w.send(10, [.key(EvdevKey.leftShift, 1), .syn])
        w.send(20, [.dropped])
        w.send(30, [.key(EvdevKey.g, 1), .syn])
        w.send(50, [.key(EvdevKey.a, 1), .syn])
        w.send(60, [.key(EvdevKey.a, 0), .syn])
        func keys(_ got: [InputMessage]) -> [KeyStroke] { got.compactMap { if case .key(_, let k) = $0 { k } else { nil } } }
        #expect(Self.collect(t.queue, into: &got) { keys($0).count >= 4 })
        #expect(keys(got) == [KeyStroke(code: EvdevKey.leftShift, action: .down, time: 10), KeyStroke(code: EvdevKey.leftShift, action: .up, time: 20),
                              KeyStroke(code: EvdevKey.a, action: .down, time: 50), KeyStroke(code: EvdevKey.a, action: .up, time: 60)])
        w.close()
        #expect(Self.collect(t.queue, into: &got) { $0.contains { if case .deviceRemoved = $0 { true } else { false } } })
    }

    static let accelerometer = InputDeviceDescription(
        nameBytes: Array("fake accelerometer".utf8), properties: [EV.propAccelerometer], codes: [EV.abs: [EV.absX, EV.absY, EV.absZ]],
        absInfo: [EV.absX: AbsInfo(minimum: -512, maximum: 511), EV.absY: AbsInfo(minimum: -512, maximum: 511), EV.absZ: AbsInfo(minimum: -512, maximum: 511)])

    /// A synthetic accelerometer stream: announced with its axes, never a contact; with gravity
    /// mapped, the input thread turns its reports into gravity's direction and hands over the
    /// vector when it turns (the board's gravity pointed up; the panel reads upright: down).
    @Test func accelerometerReportsItsAxesNotContacts() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        let mapping = InputMapping(board: Size2(800, 600), gravity: GravityMapping(initial: Vector2(0, -1000)))
        let t = try thread(InputConfiguration(paths: [path], mapping: mapping), device: Self.accelerometer)
        try t.start()
        defer { t.stop() }
        let w = try #require(Writer(path))
        w.send(10, [.absX(0), .absY(256), .absZ(0), .syn])
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { m in m.contains { if case .gravity = $0 { true } else { false } } })
        let turned = got.compactMap { m -> (Int, Vector2, Microseconds)? in if case .gravity(let d, let g, let time) = m { (d, g, time) } else { nil } }
        #expect(turned.count == 1)
        if case let (device, g, time)? = turned.first {
            #expect(device == 1 && time == 10)
            // Mid-range is not quite zero on a −512…511 axis: a hair off straight down.
            #expect(abs(g.length - 1000) < 1e-9 && abs(g.x) < 5 && g.y > 999)
        }
        #expect(Self.touches(got).isEmpty)
        if case .deviceAdded(let info) = got.first {
            #expect(info.kind == .accelerometer)
            #expect(info.axes.map(\.maximum) == [511, 511, 511])
        } else { Issue.record("no device") }
        w.close()
    }

    /// The assemblers' counters reach the handle, summed, and a removed device's stay counted.
    @Test func assemblerStatisticsOutliveTheirDevices() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        let t = try thread(InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(1279, 767))))
        try t.start()
        let w = try #require(Writer(path))
        w.send(1, [.id(1), .x(10), .y(20), .syn])
        w.send(2, [.x(5000), .syn])  // beyond the axis: clamped
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { Self.touches($0).count == 2 })
        t.stop()
        let stats = t.assemblerStatistics
        #expect(stats.frames >= 2 && stats.clampedValues == 1 && stats.cancelledContacts == 1)
        #expect(t.devicesNow.isEmpty)
        w.close()
    }

    /// `start` after `stop` does nothing: a stopped input thread stays stopped.
    @Test func aStoppedThreadStaysStopped() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        let t = try thread(InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(100, 100))))
        try t.start()
        t.stop()
        try t.start()
        t.stop()
        var got: [InputMessage] = []
        t.queue.drain(into: &got)
        #expect(got.filter { if case .deviceAdded = $0 { true } else { false } }.count == 1)
    }

    @Test func mouseSendsCursorPositionsAndItsButtonIsAContact() throws {
        let dir = TempDir()
        let path = dir.fifo("event0")
        let t = try thread(InputConfiguration(paths: [path], mapping: InputMapping(board: Size2(800, 600), rotation: .quarter)), device: Self.mouse)
        try t.start()
        defer { t.stop() }
        let w = try #require(Writer(path))
        w.send(1, [.relX(10), .relY(-20), .syn])
        w.send(2, [.left(true), .syn])
        var got: [InputMessage] = []
        #expect(Self.collect(t.queue, into: &got) { Self.touches($0).count == 1 })
        // The cursor starts mid-board and moves in board orientation (rotation does not apply).
        #expect(got.contains { if case .cursor(1, let p) = $0 { p.distance(to: Vector2(410, 280)) < 1e-9 } else { false } })
        #expect(Self.touches(got) == ["1began@410,280"])
        if case .deviceAdded(let info) = got.first { #expect(info.kind.showsCursor) } else { Issue.record("no device") }
        w.close()
    }

    @Test func unusableDevicesAreLoggedNotFatal() throws {
        let dir = TempDir()
        // A regular file named like an event node: libevdev refuses it.
        let bogus = dir.path + "/event9"
        let fd = open(bogus, O_CREAT | O_WRONLY, 0o600)
        close(fd)
        let logs = LogLines()
        let q = try TouchQueue()
        let t = try InputThread(configuration: InputConfiguration(directory: dir.path, mapping: InputMapping(board: Size2(100, 100))), queue: q,
                                logger: logs.logger)
        try t.start()
        // The thread scans before it first looks at the stop request, so stopping at once still
        // leaves the scan's log lines: no wait needed.
        t.stop()
        #expect(t.devicesNow.isEmpty)
        #expect(logs.contains { $0.hasPrefix("cannot use \(bogus): libevdev_new_from_fd(\(bogus)) failed") }, "\(logs.all)")
        // A missing directory: logged, the thread still runs and stops.
        let logs2 = LogLines()
        let t2 = try InputThread(configuration: InputConfiguration(directory: dir.path + "/missing", mapping: InputMapping(board: Size2(100, 100))), queue: q,
                                 logger: logs2.logger)
        try t2.start()
        t2.stop()
        // One line, not a second one from the failed watch of the same directory.
        #expect(logs2.all == ["no input devices: \(dir.path)/missing does not exist"], "\(logs2.all)")
    }

    @Test func evdevDeviceErrorsNameTheCall() {
        #expect(throws: InputError.system(SystemError("open", "/nonexistent/event0", errno: .noSuchFileOrDirectory))) { try EvdevDevice(path: "/nonexistent/event0") }
        // /dev/null opens but is not evdev: libevdev's EVIOCGBIT fails.
        #expect(throws: InputError.system(SystemError("libevdev_new_from_fd", "/dev/null", code: ENOTTY))) { try EvdevDevice(path: "/dev/null") }
        #expect(InputError.system(SystemError("open", "/dev/input/event3", errno: .permissionDenied)).description == "open(/dev/input/event3) failed: Permission denied (EACCES)")
    }

    @Test func discoveryListsEventNodesInNumericOrder() throws {
        let dir = TempDir()
        for n in ["event10", "event2", "mouse0", "event1"] { _ = dir.fifo(n) }
        #expect(try InputDiscovery.eventNodes(in: dir.path) == ["event1", "event2", "event10"].map { dir.path + "/" + $0 })
        #expect(!InputDiscovery.isEventNode("/dev/input/by-id/usb-x-event-mouse") && InputDiscovery.isEventNode("/dev/input/event0"))
        #expect(throws: InputError.self) { try InputDiscovery.eventNodes(in: dir.path + "/none") }
    }
}
