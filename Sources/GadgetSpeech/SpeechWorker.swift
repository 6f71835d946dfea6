import GadgetCore
import GadgetSystem
import GadgetVideo
import Logging
import Synchronization
import SystemPackage

/// The speech thread ("gb-speech"): owns the speech program's process, sends it what to say,
/// reads its 16-bit PCM, resamples it to the mix format (`PCMResampler`, FFmpeg's
/// libswresample) and writes it into the `SpeechVoice`. Restarts the program with back-off when
/// it dies; a missing program is one line and silence. The loop never waits for it: requests go
/// in through a locked inbox and a wake pipe. Thread: `send`/`stop` from the loop.
final class SpeechWorker: Sendable {
    /// `prepare`: start the program and load the language's voice now, so the first thing said
    /// does not wait for them (speech mode turned on, before the visitor's first key).
    enum Request: Sendable { case speak(Utterance, rate: Int), stop, prepare(language: String?) }

    struct Inbox: ~Copyable {
        var requests: [Request] = []
        var quitting = false
        var status = SpeechStatus()
    }

    /// Back-off before starting a program that died again: 0.5 s doubling to 30 s.
    static let backoff = ReconnectBackoff(initial: 500_000, maximum: 30_000_000, jitterPercent: 10)

    /// Shared with the thread: a class, as a Mutex cannot be copied into its closure.
    final class Shared: Sendable {
        let inbox = Mutex(Inbox())
        func withLock<R>(_ body: (inout Inbox) -> R) -> R { inbox.withLock { body(&$0) } }
    }

    private let inbox = Shared()
    private let wake: WakePipe
    private let thread: Mutex<JoinableThread?> = Mutex(nil)

    init(voice: SpeechVoice, program: String?, logger: Logger) throws(SystemError) {
        wake = try WakePipe()
        let wake = self.wake, inbox = self.inbox
        let t = try JoinableThread(name: "gb-speech") {
            var run = SpeechWorkerRun(voice: voice, program: program, logger: logger, wake: wake, inbox: inbox)
            run.loop()
        }
        thread.withLock { $0 = t }
    }

    func send(_ request: Request) {
        inbox.withLock { $0.requests.append(request) }
        wake.signal()
    }

    var status: SpeechStatus { inbox.withLock { $0.status } }

    /// Ends the thread and the program (joins).
    func stop() {
        inbox.withLock { $0.quitting = true }
        wake.signal()
        let t = thread.withLock { t -> JoinableThread? in let x = t; t = nil; return x }
        t?.join()
    }
}

/// What `state` and `--stats` say about speech.
public struct SpeechStatus: Sendable, Equatable {
    /// The program's path, nil when none was found.
    public var program: String?
    public var running = false
    /// Times the program was started (1 on a healthy run).
    public var starts = 0
    /// espeak-ng's sample rate, once it said it.
    public var sampleRate: Int?
    public init() {}
}

/// The speech thread's own state (never shared).
private struct SpeechWorkerRun {
    let voice: SpeechVoice
    let program: String?
    let logger: Logger
    let wake: WakePipe
    let inbox: SpeechWorker.Shared
    var child: PipedChild?
    var parser = SpeechFrameParser()
    var resampler: PCMResampler?
    var sampleRate = 22_050
    /// The utterance whose audio is being received, and its frames not yet taken by a full ring.
    var receiving: Int?
    var backlog: [Float] = []
    var backlogFrom = 0
    var backoff = SpeechWorker.backoff
    var random = SplitMix64(seed: 39)
    var restartAt: Int64?
    /// The last speak not yet sent (the program was starting or restarting).
    var pending: (Utterance, Int)?
    var saidMissing = false
    var saidResampler = false

    init(voice: SpeechVoice, program: String?, logger: Logger, wake: WakePipe, inbox: SpeechWorker.Shared) {
        self.voice = voice; self.program = program; self.logger = logger; self.wake = wake; self.inbox = inbox
        inbox.withLock { $0.status.program = program }
    }

    mutating func loop() {
        var readBuffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            var poll = PollSet()
            _ = poll.add(wake.descriptor)
            let childSlot = child.map { poll.add($0.output.descriptor) }
            // A full ring: try again in 10 ms; a restart waits for its time.
            var deadline = restartAt
            if !backlog.isEmpty { let soon = MonotonicClock.now() + 10_000; deadline = min(deadline ?? soon, soon) }
            _ = try? poll.wait(until: deadline)
            wake.clear()
            let (requests, quitting) = inbox.withLock { s -> ([SpeechWorker.Request], Bool) in
                let r = s.requests
                s.requests.removeAll()
                return (r, s.quitting)
            }
            if quitting { child?.terminate(); child = nil; setRunning(false); return }
            for r in requests { handle(r) }
            if let slot = childSlot, poll.isReadable(slot) || poll.isHungUp(slot), let c = child {
                let n: Int
                do { n = try readBuffer.withUnsafeMutableBytes { try c.output.read(into: $0) } }
                catch { n = (error as? SystemError)?.errno == .resourceTemporarilyUnavailable ? -1 : 0 }
                if n > 0 {
                    readBuffer.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                    while let frame = parser.next() { receive(frame) }
                    if parser.corrupt { logger.error("\(c.pid): not the speech program's output; ended"); ended() }
                } else if n == 0 {
                    ended()
                }
            }
            drainBacklog()
            if child == nil, pending != nil, let at = restartAt, MonotonicClock.now() >= at { restartAt = nil; startChild() }
        }
    }

    mutating func handle(_ request: SpeechWorker.Request) {
        switch request {
        case .speak(let u, let rate):
            receiving = nil
            backlog.removeAll()
            resampler?.reset()
            pending = (u, rate)
            if child == nil, restartAt == nil { startChild() }
            sendPending()
        case .stop:
            pending = nil
            receiving = nil
            backlog.removeAll()
            if let c = child { write(c, "C\n") }
        case .prepare(let language):
            if child == nil, restartAt == nil { startChild() }
            if let c = child { write(c, "V \(SpeechWorkerRun.voiceName(language))\n") }
        }
    }

    mutating func startChild() {
        guard let program else {
            if !saidMissing {
                logger.warning("\(SpeechProgram.name) not found (looked in \(SpeechProgram.candidates.joined(separator: ", "))); install the gadgetboard-speech package for speech: the kiosk runs silent")
                saidMissing = true
            }
            // Nothing will come: the voice ends the utterance at once instead of waiting for it.
            if let (u, _) = pending { voice.finishWriting(u.id) }
            pending = nil
            return
        }
        ChildProcess.ignoreBrokenPipes()
        do {
            child = try PipedChild(path: program)
            parser = SpeechFrameParser()
            inbox.withLock { $0.status.starts += 1; $0.status.running = true }
        } catch {
            logger.error("\(program): \(error)")
            scheduleRestart()
        }
    }

    mutating func sendPending() {
        guard let c = child, let (u, rate) = pending else { return }
        pending = nil
        write(c, "S \(u.id) \(rate) \(SpeechWorkerRun.voiceName(u.language))\t\(u.text)\n")
    }

    static func voiceName(_ language: String?) -> String { SpeechSynthesis.voiceName(language) }

    mutating func write(_ c: PipedChild, _ line: String) {
        var bytes = Array(line.utf8)
        do { try bytes.withUnsafeMutableBytes { try c.input.writeAll(UnsafeRawBufferPointer($0)) } }
        catch { ended() }
    }

    mutating func receive(_ frame: SpeechFrame) {
        switch frame {
        case .ready(let rate):
            sampleRate = rate
            inbox.withLock { $0.status.sampleRate = rate }
        case .audio(let id, let samples):
            if receiving != id { receiving = id; backlog.removeAll(); resampler?.reset() }
            guard let r = resampler ?? makeResampler() else { return }
            var out: [Float] = []
            do throws(VideoError) { try samples.withUnsafeBufferPointer { p throws(VideoError) in try r.convert(p, sampleRate: sampleRate, into: &out) } }
            catch { logger.error("resampling speech: \(error)"); return }
            append(id, out)
        case .done(let id):
            backoff.connected()
            if receiving == id, let r = resampler {
                var out: [Float] = []
                try? r.flush(into: &out)
                append(id, out)
                r.reset()
            }
            if backlog.isEmpty { voice.finishWriting(id) } else { finishAfterBacklog = id }
        case .error(let message):
            logger.error("\(SpeechProgram.name): \(message)")
        }
    }

    var finishAfterBacklog: Int?

    mutating func makeResampler() -> PCMResampler? {
        do { resampler = try PCMResampler(output: voice.format) } catch {
            if !saidResampler { logger.error("speech needs FFmpeg's libswresample: \(error); the kiosk runs silent"); saidResampler = true }
        }
        return resampler
    }

    mutating func append(_ id: Int, _ frames: [Float]) {
        guard !frames.isEmpty else { return }
        if backlog.isEmpty {
            let taken = voice.write(id, frames, from: 0)
            if taken * voice.format.channels < frames.count { backlog = frames; backlogFrom = taken }
        } else {
            backlog += frames
        }
    }

    mutating func drainBacklog() {
        guard !backlog.isEmpty, let id = receiving else { return }
        backlogFrom += voice.write(id, backlog, from: backlogFrom)
        if backlogFrom * voice.format.channels >= backlog.count {
            backlog.removeAll(); backlogFrom = 0
            if let f = finishAfterBacklog { voice.finishWriting(f); finishAfterBacklog = nil }
        }
    }

    mutating func ended() {
        guard let c = child else { return }
        c.terminate()
        let how = c.poll().map { t in t.exitStatus.map { "exit status \($0)" } ?? "signal \(t.status & 0x7f)" } ?? "?"
        child = nil
        receiving = nil
        backlog.removeAll()
        setRunning(false)
        let delay = scheduleRestart()
        logger.warning("\(SpeechProgram.name) ended (\(how)); starting it again in \(Double(delay) / 1e6) s when there is something to say")
    }

    @discardableResult
    mutating func scheduleRestart() -> Int64 {
        let delay = backoff.failed(random: UInt32(truncatingIfNeeded: random.next()))
        restartAt = MonotonicClock.now() + delay
        return delay
    }

    func setRunning(_ on: Bool) { inbox.withLock { $0.status.running = on } }
}
