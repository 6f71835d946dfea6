import Logging
import Synchronization
import GadgetCore
import GadgetSystem
import SystemPackage

/// The input thread's loop (see `InputThread`, its handle): the devices, their assemblers and
/// mappings, the hotplug watch and the poll set. Created on the input thread and used only there.
final class InputLoop {
    /// What the handle and the loop share: set up once, then each member synchronised on its own.
    final class Shared: Sendable {
        let configuration: InputConfiguration
        let opener: InputThread.Opener
        let logger: Logger
        let queue: TouchQueue
        let wake: WakePipe
        let stopRequested = Atomic<Bool>(false)
        let pendingMapping = Mutex<InputMapping?>(nil)
        let openDevices = Mutex<[InputDeviceInfo]>([])
        let statistics = Mutex<AssemblerStatistics>(AssemblerStatistics())

        init(configuration: InputConfiguration, queue: TouchQueue, opener: @escaping InputThread.Opener, logger: Logger) throws(SystemError) {
            self.configuration = configuration
            self.queue = queue
            self.opener = opener
            self.logger = logger
            wake = try WakePipe()
        }
    }

    /// The assemblers' counters: each open device's latest, plus the sum of removed ones'.
    struct AssemblerStatistics {
        var open: [Int: TouchAssemblerStats] = [:]
        var removed = TouchAssemblerStats()

        var total: TouchAssemblerStats {
            var sum = removed
            for stats in open.values { sum.add(stats) }
            return sum
        }
    }

    private struct Device {
        var info: InputDeviceInfo
        var source: InputEventSource
        var assembler: TouchAssembler
        var mapping: TouchMapping
        var lastTime: Microseconds = 0
        /// An accelerometer's reading turned into board gravity (nil: gravity is not steered).
        var gravity: AccelerometerGravity?
        /// A keyboard's keys held, and libevdev's rule for SYN_DROPPED.
        var keys = KeyStrokeReader()
        /// A headphone jack's switch.
        var headset = HeadsetSwitch()
    }

    /// What is polled: the wake pipe, the hotplug watch and each device, rebuilt when one of
    /// them comes or goes (not per wake-up: the loop allocates nothing while devices stay).
    private struct Polled {
        var set = PollSet()
        var wake: PollSet.Slot
        var watch: PollSet.Slot?
        var devices: [(slot: PollSet.Slot, descriptor: FileDescriptor)] = []
    }

    private let shared: Shared
    private var configuration: InputConfiguration { shared.configuration }
    private var logger: Logger { shared.logger }
    private var queue: TouchQueue { shared.queue }
    private var mapping: InputMapping
    private var devices: [Device] = []
    private var nextNumber = 1
    private var watch: InotifyWatch?
    /// nil when devices or the watch changed since it was built.
    private var polled: Polled?
    /// Paths already reported as unusable, so a device is not logged again on every udev touch.
    private var reported: Set<String> = []

    init(_ shared: Shared) {
        self.shared = shared
        mapping = shared.configuration.mapping
    }

    func run() {
        setUpWatch()
        scan()
        while !shared.stopRequested.load(ordering: .acquiring) {
            // Taken out while waiting, so the wait's writes do not copy the set.
            var p = polled.take() ?? pollSet()
            let woke: Bool
            do { woke = try p.set.wait(timeoutMilliseconds: -1) } catch {
                logger.info("poll failed: \(error.errno.description); input stops")
                break
            }
            polled = p
            // Not woken: a signal interrupted the sleep; look at the stop request again.
            guard woke else { continue }
            if p.set.isReadable(p.wake) {
                shared.wake.clear()
                if let m = shared.pendingMapping.withLock({ m -> InputMapping? in defer { m = nil }; return m }) { remap(m) }
            }
            if let w = watch, let slot = p.watch, p.set.isReadable(slot) { handleWatch(w) }
            // Devices may be removed while serving: go by descriptor, not index. A hang-up or an
            // invalid descriptor is served too: the read says what happened.
            for (slot, descriptor) in p.devices where p.set.isReadable(slot) {
                guard let i = devices.firstIndex(where: { $0.source.descriptor == descriptor }) else { continue }
                serve(at: i)
            }
        }
        while !devices.isEmpty { remove(at: devices.count - 1, reason: "input stopped") }
    }

    private func pollSet() -> Polled {
        var set = PollSet()
        let wake = set.add(shared.wake.descriptor)
        var p = Polled(set: set, wake: wake, watch: nil)
        if let w = watch { p.watch = p.set.add(w.descriptor) }
        for d in devices { p.devices.append((p.set.add(d.source.descriptor), d.source.descriptor)) }
        return p
    }

    private func setUpWatch() {
        do {
            let w = try InotifyWatch()
            let dirs = configuration.paths.isEmpty ? [configuration.directory] : Array(Set(configuration.paths.map(FileIO.directory))).sorted()
            for dir in dirs {
                do { try w.watch(dir) } catch {
                    // A machine without /dev/input (a container, a headless CI run) gets one line,
                    // from the scan, not two saying the same thing.
                    if configuration.paths.isEmpty, error.errno == .noSuchFileOrDirectory { continue }
                    logger.info("cannot watch \(dir) for devices coming and going: \(error)")
                }
            }
            watch = w
        } catch {
            logger.info("no hotplug: \(error)")
        }
        polled = nil
    }

    /// Opens every wanted device that is not open yet.
    private func scan() {
        let candidates: [String]
        if configuration.paths.isEmpty {
            do { candidates = try InputDiscovery.eventNodes(in: configuration.directory) } catch {
                if !reported.contains(configuration.directory) {
                    if error.errno == .noSuchFileOrDirectory {
                        logger.info("no input devices: \(configuration.directory) does not exist")
                    } else {
                        logger.info("no input devices: \(error)")
                    }
                }
                reported.insert(configuration.directory)
                return
            }
        } else {
            candidates = configuration.paths
        }
        for path in candidates where !devices.contains(where: { $0.info.path == path }) { open(path, quietIfMissing: false) }
    }

    private func wanted(_ path: String) -> Bool {
        configuration.paths.isEmpty
            ? FileIO.directory(of: path) == configuration.directory && InputDiscovery.isEventNode(path)
            : configuration.paths.contains(path)
    }

    private func handleWatch(_ w: InotifyWatch) {
        let changes: [InotifyWatch.Change]
        do { changes = try w.read() } catch {
            logger.info("hotplug watch failed: \(error)")
            watch = nil
            polled = nil
            return
        }
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
        do { source = try shared.opener(path, configuration.grab) } catch {
            let quiet = quietIfMissing && (error.errno == .permissionDenied || error.errno == .noSuchFileOrDirectory)
            if !quiet && !reported.contains(path) { logger.info("cannot use \(path): \(error)") }
            if !quiet { reported.insert(path) }
            return
        }
        let number = nextNumber
        var assembler: TouchAssembler
        do {
            assembler = try TouchAssembler(device: number, description: source.device, pointerRange: Self.pointerRange(mapping.board))
            if let opened = source.openedState { assembler.seed(with: opened) }
        } catch {
            if !reported.contains(path) { logger.info("ignoring \(path): \(error)") }
            reported.insert(path)
            return
        }
        let m: TouchMapping
        do { m = try Self.touchMapping(assembler, mapping) } catch {
            logger.info("ignoring \(path) '\(source.device.name)': \(error)")
            reported.insert(path)
            return
        }
        nextNumber += 1
        var axes: [AbsInfo] = []
        if assembler.kind == .accelerometer {
            axes = [EV.absX, EV.absY, EV.absZ].map { source.device.absInfo[$0] ?? AbsInfo(minimum: -1, maximum: 1) }
        }
        let info = InputDeviceInfo(number: number, path: path, name: source.device.name, kind: assembler.kind, axes: axes)
        devices.append(Device(info: info, source: source, assembler: assembler, mapping: m, gravity: Self.gravity(info, mapping)))
        polled = nil
        shared.openDevices.withLock { $0.append(info) }
        logger.info("using \(info)\(configuration.grab ? ", grabbed" : "")")
        queue.push(.deviceAdded(info))
        // A headset already in the jack: the switch's state at open is the event not sent.
        if info.kind == .headphoneJack, let opened = source.openedState,
           let i = devices.indices.last, let c = devices[i].headset.opened(opened, time: MonotonicClock.now()) {
            queue.push(.headset(device: number, c))
        }
        // Anything already waiting is read at the next poll.
    }

    static func pointerRange(_ board: Size2) -> DevicePoint {
        DevicePoint(x: Int32(clamping: Int(max(1, board.width).rounded())), y: Int32(clamping: Int(max(1, board.height).rounded())))
    }

    static func touchMapping(_ a: TouchAssembler, _ m: InputMapping) throws(TouchMappingError) -> TouchMapping {
        try TouchMapping(assembler: a, calibration: m.calibration, rotation: m.rotation, board: m.board, viewport: m.viewport)
    }

    /// An accelerometer's gravity under `m`; nil for other devices and while gravity is not
    /// steered.
    static func gravity(_ info: InputDeviceInfo, _ m: InputMapping) -> AccelerometerGravity? {
        guard info.kind == .accelerometer, info.axes.count == 3, let g = m.gravity else { return nil }
        return AccelerometerGravity(x: .init(info.axes[0]), y: .init(info.axes[1]), z: .init(info.axes[2]),
                                    rotation: m.displayRotation, initial: g.initial, pointsToPixels: g.pointsToPixels)
    }

    private func remap(_ m: InputMapping) {
        mapping = m
        for i in devices.indices {
            do { devices[i].mapping = try Self.touchMapping(devices[i].assembler, m) } catch {
                logger.info("keeping the old mapping for \(devices[i].info.path): \(error)")
            }
            devices[i].gravity = Self.gravity(devices[i].info, m)
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
                if devices[i].info.kind == .accelerometer { turnGravity(e, at: i); continue }
                if devices[i].info.kind == .headphoneJack {
                    if let c = devices[i].headset.handle(e) { queue.push(.headset(device: devices[i].info.number, c)) }
                    continue
                }
                if devices[i].info.kind == .keyboard {
                    // A SYN_DROPPED seen as an event comes from a source that cannot read the
                    // state back: held keys are released there (KeyStrokeReader).
                    for k in devices[i].keys.handle(e) { queue.push(.key(device: devices[i].info.number, k)) }
                    continue
                }
                switch devices[i].assembler.handle(e) {
                case .none: break
                case .frame(let f): deliver(f, from: i)
                case .resyncNeeded:
                    // A source that cannot read the device's state back: cancel rather than
                    // guess, so nothing stays stuck.
                    logger.info("\(devices[i].info.path): events dropped and the state cannot be read back; cancelling its touches")
                    if let f = devices[i].assembler.cancelAll(time: e.time) { deliver(f, from: i) }
                }
            case .resync(let state, let time):
                devices[i].lastTime = time
                if devices[i].info.kind == .headphoneJack {
                    if let c = devices[i].headset.resync(state, time: time) { queue.push(.headset(device: devices[i].info.number, c)) }
                    continue
                }
                if devices[i].info.kind == .keyboard {
                    // libevdev read the keys back: ups for those released in the gap.
                    for k in devices[i].keys.resync(to: state.keysDown, time: time) { queue.push(.key(device: devices[i].info.number, k)) }
                    continue
                }
                if let f = devices[i].assembler.resync(to: state, time: time) { deliver(f, from: i) }
            }
        }
        let number = devices[i].info.number, stats = devices[i].assembler.stats
        shared.statistics.withLock { $0.open[number] = stats }
    }

    /// Accelerometer axes are not contacts: they turn gravity's direction here, as touches are
    /// mapped here, and the main loop receives the new gravity only when it turned.
    private func turnGravity(_ e: InputEvent, at i: Int) {
        guard var gravity = devices[i].gravity else { return }
        if let g = gravity.handle(e) { queue.push(.gravity(device: devices[i].info.number, g, time: e.time)) }
        devices[i].gravity = gravity
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
        polled = nil
        var assembler = d.assembler
        if let f = assembler.cancelAll(time: d.lastTime) {
            if !f.contacts.isEmpty { queue.push(.frame(d.mapping.map(f))) }
        }
        // Bookkeeping first, so whoever reads the removal message sees the device gone.
        shared.openDevices.withLock { $0.removeAll { $0.number == d.info.number } }
        shared.statistics.withLock { s in
            s.open[d.info.number] = nil
            s.removed.add(assembler.stats)
        }
        queue.push(.deviceRemoved(d.info, reason: reason))
        logger.info("\(d.info.path) gone: \(reason)")
    }
}
