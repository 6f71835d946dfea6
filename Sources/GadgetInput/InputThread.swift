import Glibc
import Synchronization
import GadgetCore

/// What the input thread reads and how touches reach the board.
public struct InputConfiguration: Sendable {
    /// `--input PATH`…: exactly these devices (reopened if they come back after unplugging).
    /// Empty: every evdev node in `directory` that is a touch screen, mouse or pointer.
    public var paths: [String]
    public var directory: String
    /// Exclusive access (EVIOCGRAB): the console and other readers see nothing.
    public var grab: Bool
    public var mapping: InputMapping

    public init(paths: [String] = [], directory: String = "/dev/input", grab: Bool = false, mapping: InputMapping) {
        self.paths = paths; self.directory = directory; self.grab = grab; self.mapping = mapping
    }
}

/// How the input thread maps device coordinates to the board (see `TouchMapping`). Mapping
/// happens on the input side, so the main loop receives board pixels and never needs a device's
/// axis ranges.
public struct InputMapping: Sendable, Equatable {
    public var board: Size2
    /// LIBINPUT_CALIBRATION_MATRIX's six values (board file `touch.calibration`).
    public var calibration: [Double]
    /// Used when `viewport` is nil (the board stretched over the panel).
    public var rotation: DisplayRotation
    /// The renderer's fit of the board on the display; set it for a real display so the touch
    /// is the exact inverse of the picture (letterboxing included).
    public var viewport: BoardViewport?

    public init(board: Size2, calibration: [Double] = [1, 0, 0, 0, 1, 0], rotation: DisplayRotation = .none, viewport: BoardViewport? = nil) {
        self.board = board; self.calibration = calibration; self.rotation = rotation; self.viewport = viewport
    }
}

/// The input thread: polls every device, the device directory (inotify) and a wake pipe; turns
/// events into contact frames (`TouchAssembler`), maps them to board pixels and pushes them into
/// a `TouchQueue` for the main loop. Devices come and go while it runs; one that disappears
/// mid-gesture has its contacts cancelled. Log lines carry the `input:` prefix.
///
/// Thread: `start`, `stop`, `updateMapping` and `devices` from any thread; everything else
/// happens on the input thread.
public final class InputThread: @unchecked Sendable {
    /// Opens a path as an event source (tests inject fakes; the default is libevdev).
    public typealias Opener = @Sendable (_ path: String, _ grab: Bool) throws(InputError) -> InputEventSource

    public let queue: TouchQueue
    private let configuration: InputConfiguration
    private let opener: Opener
    private let log: @Sendable (String) -> Void
    private let wake: WakePipe
    private let stopRequested = Atomic<Bool>(false)
    private let pendingMapping = Mutex<InputMapping?>(nil)
    private let openDevices = Mutex<[InputDeviceInfo]>([])
    private let counters = Mutex<[Int: TouchAssemblerStats]>([:])
    /// The running thread; guarded because `start` and `stop` may be called from any thread.
    private let thread = Mutex<pthread_t?>(nil)

    // Input-thread state.
    private var mapping: InputMapping
    private var devices: [Device] = []
    private var nextNumber = 1
    private var watch: InotifyWatch?
    /// Paths already reported as unusable, so a device is not logged again on every udev touch.
    private var reported: Set<String> = []

    private struct Device {
        var info: InputDeviceInfo
        var source: InputEventSource
        var assembler: TouchAssembler
        var mapping: TouchMapping
        var lastTime: Microseconds = 0
        /// Latest raw ABS_X/Y/Z of an accelerometer.
        var acceleration: (Int32, Int32, Int32) = (0, 0, 0)
    }

    public init(configuration: InputConfiguration, queue: TouchQueue,
                opener: @escaping Opener = { (path, grab) throws(InputError) in try EvdevDevice.open(path, grab: grab) },
                log: @escaping @Sendable (String) -> Void = { print("input: \($0)") }) throws(InputError) {
        self.configuration = configuration
        self.queue = queue
        self.opener = opener
        self.log = log
        self.mapping = configuration.mapping
        wake = try WakePipe()
    }

    deinit { stop() }

    /// The devices being read now.
    public var devicesNow: [InputDeviceInfo] { openDevices.withLock { $0 } }

    /// Each open device's assembler counters (unknown slots, clamped values, resyncs…).
    public var assemblerStatistics: [Int: TouchAssemblerStats] { counters.withLock { $0 } }

    /// Starts the thread. Devices found now are opened on it; a missing device directory is
    /// logged, not fatal (a kiosk may start before its touch screen is connected).
    public func start() throws(InputError) {
        try thread.withLock { (running: inout pthread_t?) throws(InputError) in
            guard running == nil else { return }
            running = try spawn()
        }
    }

    private func spawn() throws(InputError) -> pthread_t {
        var t = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&t, nil, { arg in
            guard let arg else { return nil }
            Unmanaged<InputThread>.fromOpaque(arg).takeRetainedValue().run()
            return nil
        }, me)
        guard rc == 0 else {
            Unmanaged<InputThread>.fromOpaque(me).release()
            throw .call("pthread_create", rc)
        }
        return t
    }

    /// Stops and joins the thread; every contact still down is cancelled and every device is
    /// reported removed first. Idempotent.
    public func stop() {
        guard let t = thread.withLock({ running -> pthread_t? in defer { running = nil }; return running }) else { return }
        stopRequested.store(true, ordering: .releasing)
        wake.signal()
        pthread_join(t, nil)
    }

    /// Changes the mapping (board reloaded, rotation changed); applied to every device at once.
    public func updateMapping(_ m: InputMapping) {
        pendingMapping.withLock { $0 = m }
        wake.signal()
    }

    // MARK: - The thread

    private func run() {
        setUpWatch()
        scan()
        var fds: [pollfd] = []
        while !stopRequested.load(ordering: .acquiring) {
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wake.descriptor, events: Int16(POLLIN), revents: 0))
            if let w = watch { fds.append(pollfd(fd: w.fd.raw, events: Int16(POLLIN), revents: 0)) }
            let first = fds.count
            for d in devices { fds.append(pollfd(fd: d.source.descriptor, events: Int16(POLLIN), revents: 0)) }
            let r = poll(&fds, nfds_t(fds.count), -1)
            if r < 0 {
                if errno == EINTR { continue }
                log("poll failed: \(InputError.message(errno)); input stops")
                break
            }
            if fds[0].revents != 0 {
                wake.clear()
                if let m = pendingMapping.withLock({ m -> InputMapping? in defer { m = nil }; return m }) { remap(m) }
            }
            if let w = watch, fds[1].revents != 0 { handleWatch(w) }
            // Devices may be removed while serving: go by descriptor, not index.
            let ready = fds[first...].filter { $0.revents != 0 }.map { ($0.fd, $0.revents) }
            for (fd, revents) in ready {
                guard let i = devices.firstIndex(where: { $0.source.descriptor == fd }) else { continue }
                if revents & Int16(POLLNVAL) != 0 { remove(at: i, reason: "descriptor became invalid"); continue }
                serve(at: i)
            }
        }
        while !devices.isEmpty { remove(at: devices.count - 1, reason: "input stopped") }
    }

    private func setUpWatch() {
        do {
            let w = try InotifyWatch()
            let dirs = configuration.paths.isEmpty ? [configuration.directory] : Array(Set(configuration.paths.map(Self.parent))).sorted()
            for dir in dirs {
                do { try w.watch(dir) } catch { log("cannot watch \(dir) for devices coming and going: \(error)") }
            }
            watch = w
        } catch {
            log("no hotplug: \(error)")
        }
    }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Opens every wanted device that is not open yet.
    private func scan() {
        let candidates: [String]
        if configuration.paths.isEmpty {
            do { candidates = try InputDiscovery.eventNodes(in: configuration.directory) } catch {
                if !reported.contains(configuration.directory) { log("no input devices: \(error)") }
                reported.insert(configuration.directory)
                return
            }
        } else {
            candidates = configuration.paths
        }
        for path in candidates where !devices.contains(where: { $0.info.path == path }) { open(path, quietIfMissing: false) }
    }

    private func wanted(_ path: String) -> Bool {
        configuration.paths.isEmpty ? Self.parent(path) == configuration.directory && InputDiscovery.isEventNode(path) : configuration.paths.contains(path)
    }

    private func handleWatch(_ w: InotifyWatch) {
        let changes: [InotifyWatch.Change]
        do { changes = try w.read() } catch { log("hotplug watch failed: \(error)"); watch = nil; return }
        for change in changes {
            switch change {
            case .overflowed:
                scan()
            case .appeared(let path):
                // A fresh node is often still root-only until udev fixes its permissions.
                if wanted(path) && !devices.contains(where: { $0.info.path == path }) { reported.remove(path); open(path, quietIfMissing: true) }
            case .attributesChanged(let path):
                if wanted(path) && !devices.contains(where: { $0.info.path == path }) { open(path, quietIfMissing: false) }
            case .disappeared(let path):
                if let i = devices.firstIndex(where: { $0.info.path == path }) { remove(at: i, reason: "device node removed") }
                reported.remove(path)
            }
        }
    }

    private func open(_ path: String, quietIfMissing: Bool) {
        let source: InputEventSource
        do { source = try opener(path, configuration.grab) } catch {
            let quiet = quietIfMissing && (error.errno == EACCES || error.errno == ENOENT)
            if !quiet && !reported.contains(path) { log("cannot use \(path): \(error)") }
            if !quiet { reported.insert(path) }
            return
        }
        let number = nextNumber
        let assembler: TouchAssembler
        do {
            assembler = try TouchAssembler(device: number, description: source.device, pointerRange: Self.pointerRange(mapping.board))
        } catch {
            if !reported.contains(path) { log("ignoring \(path): \(error)") }
            reported.insert(path)
            return
        }
        let m: TouchMapping
        do { m = try Self.touchMapping(assembler, mapping) } catch {
            log("ignoring \(path) '\(source.device.name)': \(error)")
            reported.insert(path)
            return
        }
        nextNumber += 1
        var axes: [AbsInfo] = []
        if assembler.kind == .accelerometer {
            axes = [EV.absX, EV.absY, EV.absZ].map { source.device.absInfo[$0] ?? AbsInfo(minimum: -1, maximum: 1) }
        }
        let info = InputDeviceInfo(number: number, path: path, name: source.device.name, kind: assembler.kind, axes: axes)
        devices.append(Device(info: info, source: source, assembler: assembler, mapping: m))
        openDevices.withLock { $0.append(info) }
        log("using \(info)\(configuration.grab ? ", grabbed" : "")")
        queue.push(.deviceAdded(info))
        // Anything already waiting is read at the next poll.
    }

    static func pointerRange(_ board: Size2) -> DevicePoint {
        DevicePoint(x: Int32(clamping: Int(max(1, board.width).rounded())), y: Int32(clamping: Int(max(1, board.height).rounded())))
    }

    static func touchMapping(_ a: TouchAssembler, _ m: InputMapping) throws(TouchMappingError) -> TouchMapping {
        try TouchMapping(assembler: a, calibration: m.calibration, rotation: m.rotation, board: m.board, viewport: m.viewport)
    }

    private func remap(_ m: InputMapping) {
        mapping = m
        for i in devices.indices {
            do { devices[i].mapping = try Self.touchMapping(devices[i].assembler, m) } catch { log("keeping the old mapping for \(devices[i].info.path): \(error)") }
        }
    }

    private func serve(at i: Int) {
        var items: [InputSourceItem] = []
        let alive: Bool
        do { alive = try devices[i].source.readAvailable(into: &items, limit: 512) } catch {
            process(items, at: i)
            remove(at: i, reason: "\(error)")
            return
        }
        process(items, at: i)
        if !alive { remove(at: i, reason: "unplugged") }
    }

    private func process(_ items: [InputSourceItem], at i: Int) {
        for item in items {
            switch item {
            case .event(let e):
                devices[i].lastTime = e.time
                if devices[i].info.kind == .accelerometer { forwardAcceleration(e, at: i); continue }
                switch devices[i].assembler.handle(e) {
                case .none: break
                case .frame(let f): deliver(f, from: i)
                case .resyncNeeded:
                    // A source that cannot read the device's state back: cancel rather than
                    // guess, so nothing stays stuck.
                    log("\(devices[i].info.path): events dropped and the state cannot be read back; cancelling its touches")
                    if let f = devices[i].assembler.cancelAll(time: e.time) { deliver(f, from: i) }
                }
            case .resync(let state, let time):
                devices[i].lastTime = time
                if let f = devices[i].assembler.resync(to: state, time: time) { deliver(f, from: i) }
            }
        }
        let number = devices[i].info.number, stats = devices[i].assembler.stats
        counters.withLock { $0[number] = stats }
    }

    /// Accelerometer axes are not contacts: keep the latest raw values and send one report per
    /// SYN_REPORT; the main loop turns them into gravity if the board asks for it.
    private func forwardAcceleration(_ e: InputEvent, at i: Int) {
        switch (e.type, e.code) {
        case (EV.abs, EV.absX): devices[i].acceleration.0 = e.value
        case (EV.abs, EV.absY): devices[i].acceleration.1 = e.value
        case (EV.abs, EV.absZ): devices[i].acceleration.2 = e.value
        case (EV.syn, EV.synReport):
            let a = devices[i].acceleration
            queue.push(.acceleration(device: devices[i].info.number, x: a.0, y: a.1, z: a.2, time: e.time))
        default: break
        }
    }

    private func deliver(_ f: DeviceFrame, from i: Int) {
        let m = devices[i].mapping
        if !f.contacts.isEmpty { queue.push(.frame(m.map(f))) }
        if let c = f.cursor { queue.push(.cursor(device: f.device, at: m.map(c))) }
    }

    /// Cancels the device's contacts (at its last event time: the clock its frames use), reports
    /// it removed and closes it.
    private func remove(at i: Int, reason: String) {
        let d = devices.remove(at: i)
        var assembler = d.assembler
        if let f = assembler.cancelAll(time: d.lastTime) {
            if !f.contacts.isEmpty { queue.push(.frame(d.mapping.map(f))) }
        }
        // Bookkeeping first, so whoever reads the removal message sees the device gone.
        openDevices.withLock { $0.removeAll { $0.number == d.info.number } }
        counters.withLock { $0[d.info.number] = nil }
        queue.push(.deviceRemoved(d.info, reason: reason))
        log("\(d.info.path) gone: \(reason)")
    }
}
