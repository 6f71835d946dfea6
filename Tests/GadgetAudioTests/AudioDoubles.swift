import GadgetAudio
import GadgetCore
import Logging
import Synchronization

/// A clock whose sleep returns at once, having moved time to the wake-up: the engine's pacing
/// runs as fast as the test can turn it, and every time it stamps is exact.
final class ManualAudioClock: AudioClock {
    let nanos: Atomic<Int64>
    init(start: Int64 = 1_000_000_000) { nanos = Atomic(start) }
    func now() -> Int64 { nanos.load(ordering: .relaxed) }
    func sleep(until nanoseconds: Int64) {
        if nanoseconds > now() { nanos.store(nanoseconds, ordering: .relaxed) }
    }
    func advance(_ by: Int64) { nanos.add(by, ordering: .relaxed) }
}

/// An output that does what its script says: opens that fail or succeed, writes that underrun
/// or lose the device, and a record of every frame written.
final class ScriptedOutput: AudioOutput, @unchecked Sendable {
    struct Record {
        var opens = 0
        var closes = 0
        var writes = 0
        var samples: [Float] = []
    }
    let name = "scripted"
    let paced: Bool
    /// Results of successive opens, true = succeeds; past the end: succeeds.
    var openScript: [Bool]
    /// Outcomes by write number (1-based); others are `.written`.
    var writeScript: [Int: AudioWriteOutcome]
    let record = Mutex(Record())
    /// The format agreed at open number N (1-based); others: the one asked for (a device that
    /// comes back in another format: an HDMI sink after a mode change).
    var formats: [Int: AudioFormat] = [:]
    /// Channels of the format agreed at the last open: what a write's frames hold.
    private var channels = 2
    /// Runs while the loop waits for the device's room (a tap that comes meanwhile).
    var onAwaitRoom: (() -> Void)?
    /// The loop waited for room before each write (`awaitRoom` calls).
    var awaits = 0

    init(paced: Bool = true, opens: [Bool] = [], writes: [Int: AudioWriteOutcome] = [:]) {
        self.paced = paced
        openScript = opens
        writeScript = writes
    }

    func open(preferred: AudioFormat) throws(AudioError) -> AudioOutputSettings {
        let n = record.withLock { r in r.opens += 1; return r.opens }
        if n <= openScript.count && !openScript[n - 1] {
            throw AudioError.alsa(call: "snd_pcm_open", device: name, code: -19, message: "No such device")
        }
        let format = formats[n] ?? preferred
        channels = format.channels
        return AudioOutputSettings(format: format, sampleFormat: "FLOAT_LE", periodFrames: 480, bufferFrames: 1440, paced: paced)
    }

    func write(_ samples: UnsafeBufferPointer<Float>, frames: Int) -> AudioWriteOutcome {
        let n = record.withLock { r in
            r.writes += 1
            r.samples += samples.prefix(frames * channels)
            return r.writes
        }
        return writeScript[n] ?? .written
    }

    func awaitRoom() -> AudioWriteOutcome {
        awaits += 1
        if paced { onAwaitRoom?() }
        return .written
    }

    func delayFrames() -> Int? { 960 }
    func close() { record.withLock { $0.closes += 1 } }
    /// The card's headphone jack controls (nil: none), handed to the loop at each open.
    var jack: (any JackControlSource)?
    func jackControls() -> (any JackControlSource)? { jack }
}

/// Log lines kept for the test to read.
final class LineLog: LogHandler, @unchecked Sendable {
    let lines = Mutex<[String]>([])
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String, file: String, function: String, line: UInt) {
        lines.withLock { $0.append("\(message)") }
    }
    var logger: Logger { Logger(label: "audio") { _ in self } }
    var all: [String] { lines.withLock { $0 } }
}
