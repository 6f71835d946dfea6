import GadgetCore
import GadgetSystem
import SystemPackage

/// The double's whole state and loop (main.swift starts it).
struct DoubleHelper {
    struct Slot { var memory: SharedMemoryFile; var width: Int; var height: Int; var busy: UInt64? }

    let socket: SeqpacketSocket
    let logFile: OwnedFileDescriptor?
    var slots: [Slot?] = [nil, nil]
    var page = DoublePage(url: "")
    var url = ""
    var width = 0, height = 0
    var sequence: UInt64 = 0
    var framesSent = 0
    var wantFrame = false
    var nextFrameAt: Int64 = 0
    /// A frame is wanted but both slots are on screen: drawn at the next frameDone.
    var owed = false
    /// The kiosk said `sharedMemoryOnly`: a `dmabuf` page's frames come as shared memory from now on.
    var sharedMemoryOnly = false
    var slotsSentAsDMABuf: Set<Int> = []

    init(fd: Int32, logPath: String?) {
        socket = SeqpacketSocket(adopting: OwnedFileDescriptor(owning: fd))
        do { try socket.file.setNonBlocking(true) } catch { ProcessExit.now(2) }
        logFile = logPath.flatMap { try? OwnedFileDescriptor.open($0, .writeOnly, options: [.append, .create], permissions: FilePermissions(rawValue: 0o644)) }
    }

    func log(_ bytes: [UInt8]) {
        guard let logFile else { return }
        var line = bytes
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { try? logFile.writeAll($0) }
    }

    func send(_ report: WebHelperReport, fds: [Int32] = []) {
        do { try socket.send(WebHelperCodec.encode(report), descriptors: fds) } catch { ProcessExit.now(0) }  // the kiosk went
    }

    mutating func drawFrame() {
        guard width > 0, height > 0 else { wantFrame = false; return }
        guard let i = slots.indices.first(where: { slots[$0]?.busy == nil }) else { wantFrame = false; owed = true; return }
        let stride = width * 4
        var fresh = false
        if slots[i] == nil || slots[i]!.width != width || slots[i]!.height != height {
            do {
                let m = try SharedMemoryFile.create(name: "gb-web-double-slot\(i)", count: stride * height)
                slots[i] = Slot(memory: m, width: width, height: height, busy: nil)
                fresh = true
            } catch {
                send(.fatal(reason: "memfd: \(error)"))
                ProcessExit.now(1)
            }
        }
        owed = false
        sequence += 1
        let memory = slots[i]!.memory
        page.draw(into: UnsafeMutableRawBufferPointer(start: memory.base, count: memory.count), width: width, height: height,
                  stride: stride, frame: sequence)
        slots[i]!.busy = sequence
        if page.dmabuf && !sharedMemoryOnly {
            // A dma-buf frame's planes come with every frame (the kiosk closes them after use).
            slotsSentAsDMABuf.insert(i)
            let layout = WebDMABufLayout(fourcc: DMABufFrame.fourcc("XR24"), modifier: DMABufFrame.linearModifier,
                                         planes: [.init(offset: 0, stride: stride)])
            send(.frame(WebFrame(sequence: sequence, slot: i, width: width, height: height, stride: stride, dmabuf: layout)),
                 fds: [memory.file.raw])
        } else {
            // A slot first sent as a "dma-buf" was closed by the kiosk: its fd goes again.
            send(.frame(WebFrame(sequence: sequence, slot: i, width: width, height: height, stride: stride)),
                 fds: fresh || slotsSentAsDMABuf.contains(i) ? [memory.file.raw] : [])
            slotsSentAsDMABuf.remove(i)
        }
        framesSent += 1
        wantFrame = page.kind == .animate
        nextFrameAt = MonotonicClock.now() + Int64(1_000_000 / page.fps)
        // SIGKILL, not SIGSEGV: the Swift runtime's backtracer would spend seconds on a SIGSEGV first.
        if let n = page.crashAfter, framesSent >= n { ProcessExit.killed() }
    }

    mutating func load(_ newURL: String) {
        url = newURL
        page = DoublePage(url: newURL)
        send(.loadStarted(url: newURL))
        if let why = page.fail { send(.loadFailed(url: newURL, reason: why)); return }
        send(.loaded(url: newURL))
        if let why = page.fatal { send(.fatal(reason: why)); ProcessExit.now(1) }
        wantFrame = true
        nextFrameAt = 0
    }

    mutating func run() -> Never {
        while true {
            var poll = PollSet()
            let slot = poll.add(socket.file.descriptor)
            _ = try? poll.wait(until: wantFrame ? nextFrameAt : nil)
            if wantFrame, MonotonicClock.now() >= nextFrameAt { drawFrame() }
            guard poll.isReadable(slot) || poll.isHungUp(slot) else { continue }
            while true {
                let m: SeqpacketSocket.Message
                do {
                    guard let received = try socket.receive(capacity: WebHelperCodec.maximumMessageBytes) else { ProcessExit.now(0) }
                    m = received
                } catch where error.errno == .resourceTemporarilyUnavailable { break } catch { ProcessExit.now(0) }
                log(m.bytes)
                guard let request = try? WebHelperCodec.decodeRequest(m.bytes) else { continue }
                handle(request)
            }
        }
    }

    mutating func handle(_ request: WebHelperRequest) {
        switch request {
        case .open(let spec, let w, let h):
            width = w; height = h
            page = DoublePage(url: spec.url)
            if page.hang { ProcessExit.hang() }
            send(.ready(pid: ProcessIdentity.id, engine: "headless double, shm"))
            load(spec.url)
        case .resize(let w, let h): width = w; height = h; wantFrame = true
        case .reload, .clearSession: load(url)
        case .navigate(let u): load(u)
        case .frameDone(let s):
            for i in slots.indices where slots[i]?.busy == s { slots[i]!.busy = nil }
            if page.kind == .animate || owed { wantFrame = true }
        case .touch(let t):
            // A text field across the top tenth of the page: a tap there is editable focus, as on a real page.
            if t.phase == .up { send(.editableFocus(t.y < Double(height) / 10)) }
        case .key, .settings: break
        case .sharedMemoryOnly:
            // The refused frame was never shown: the picture again, in shared memory.
            if page.dmabuf && !sharedMemoryOnly { wantFrame = true; nextFrameAt = 0 }
            sharedMemoryOnly = true
        case .quit: ProcessExit.now(0)
        }
    }
}
