import GadgetSystem

/// The speech program asked for whole utterances, one after another, and its 16-bit PCM kept:
/// what `replay --audio-out` places on a recording's timeline (the kiosk's own speech streams
/// through `SpeechWorker` instead). Waits for each utterance to be made (espeak-ng makes speech
/// far faster than it is spoken); 30 s without a frame is a hung program. Thread: one owner.
public final class SpeechSynthesis {
    public enum Failure: Error, CustomStringConvertible {
        case missing
        case program(String)
        public var description: String {
            switch self {
            case .missing: "\(SpeechProgram.name) not found (looked in \(SpeechProgram.candidates.joined(separator: ", "))); install the gadgetboard-speech package"
            case .program(let m): "\(SpeechProgram.name): \(m)"
            }
        }
    }

    private let child: PipedChild
    private var parser = SpeechFrameParser()
    private var frames: [SpeechFrame] = []
    private var nextID = 1
    /// The program's sample rate (Hz), from its `ready` frame.
    public private(set) var sampleRate = 0

    /// Starts `program` (nil: `SpeechProgram.find()`) and waits for it to be ready.
    public init(program: String? = nil) throws(Failure) {
        guard let path = program ?? SpeechProgram.find() else { throw .missing }
        ChildProcess.ignoreBrokenPipes()
        do { child = try PipedChild(path: path) } catch { throw .program("\(error)") }
        guard case .ready(let rate) = try next() else { throw .program("did not say it was ready") }
        sampleRate = rate
    }

    deinit { child.terminate() }

    /// `text` said in `voice` (a language tag) at `rate` words a minute, whole: its samples.
    public func say(_ text: String, voice: String?, rate: Int) throws(Failure) -> [Int16] {
        let id = nextID
        nextID += 1
        // One line: the program reads a request a line, its text after a tab.
        let clean = String(text.map { $0 == "\n" || $0 == "\t" || $0 == "\r" ? " " : $0 })
        var line = Array("S \(id) \(rate) \(SpeechSynthesis.voiceName(voice))\t\(clean)\n".utf8)
        do { try line.withUnsafeMutableBytes { try child.input.writeAll(UnsafeRawBufferPointer($0)) } }
        catch { throw .program("it stopped reading: \(error)") }
        var samples: [Int16] = []
        while true {
            switch try next() {
            case .audio(let i, let s) where i == id: samples += s
            case .done(let i) where i == id: return samples
            case .error(let m): throw .program(m)
            default: continue
            }
        }
    }

    /// The speech program's voice word for a language tag: letters, digits, `-` and `_` only
    /// (it is one word of a line); English when there is none. Shared with the kiosk's worker.
    public static func voiceName(_ language: String?) -> String {
        language.map { $0.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } }.flatMap { $0.isEmpty ? nil : $0 } ?? "en"
    }

    /// The next frame, reading as needed.
    private func next() throws(Failure) -> SpeechFrame {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let f = parser.next() { return f }
            if parser.corrupt { throw .program("its output is not the speech program's") }
            var poll = PollSet()
            _ = poll.add(child.output.descriptor)
            let ready: Bool
            do { ready = try poll.wait(until: MonotonicClock.now() + 30_000_000) } catch { throw .program("\(error)") }
            guard ready else { throw .program("nothing for 30 s") }
            let n: Int
            do { n = try buffer.withUnsafeMutableBytes { try child.output.read(into: $0) } }
            catch {
                if (error as? SystemError)?.errno == .resourceTemporarilyUnavailable { continue }
                throw .program("\(error)")
            }
            if n == 0 { throw .program("it ended") }
            buffer.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
    }
}
