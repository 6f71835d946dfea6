#if canImport(Glibc)
import Glibc
#endif
import GadgetCore
import GadgetSystem
import Testing

/// A video's soundtrack through the real binary: `run --display headless --audio none
/// --audio-out FILE.wav`, the mix paced by the kiosk's clock from its start. Clips are made with
/// ffmpeg: a 1 kHz tone of amplitude 0.5 (computed per sample) under a test picture.
///
/// Positions are judged within tolerances derived from the tone's period (1 ms: 48 frames), not
/// from this machine's speed: the clip's sound starts at its first picture's flip, which is
/// somewhere between the recording's start and the run's first frame (`--stats`'
/// `firstFrameSeconds`, from the launch, plus a refresh), so the tone's place is checked against
/// that window and its length to the period.
@Suite(.serialized) struct SoundtrackRunTests {
    static let rate = 48_000
    static let period = 48

    struct Run {
        let exitCode: Int32
        let output: [String]
        let stats: JSONValue?
        /// The recording's left channel.
        let left: [Float]
    }

    func run(board: String, clip: (name: String, tone: String, seconds: Int), duration: Double) throws -> Run {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "testsrc=s=64x48:r=25:d=\(clip.seconds)", "-f", "lavfi",
                      "-i", "aevalsrc=\(clip.tone):s=44100:d=\(clip.seconds)", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                      "-c:a", "aac", "-b:a", "192k", "-shortest", w.directory + "/" + clip.name])
        try FileIO.replace(w.directory + "/board.json", with: board)
        let exe = try #require(Self.executable())
        let wav = w.directory + "/mix.wav", log = w.directory + "/run.log", stats = w.directory + "/stats.json"
        let args = [exe, "run", w.directory + "/board.json", "--display", "headless", "--duration", "\(duration)",
                    "--audio", "none", "--audio-out", wav, "--stats", stats]
        let r = try ChildProcess.run(["sh", "-c", args.map { "'\($0)'" }.joined(separator: " ") + " >'\(log)' 2>&1"])
        let lines = String(decoding: (try? FileIO.read(log)) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        let json = (try? FileIO.read(stats)).flatMap { try? JSONParser.parse($0) }
        return Run(exitCode: (r.status >> 8) & 0xff, output: lines, stats: json, left: try Self.leftChannel(FileIO.read(wav)))
    }

    static func board(_ video: String) -> String {
        ##"{"size":[320,240],"gadgets":[{"id":"v","center":[160,120],"size":[320,240],"video":\##(video)}]}"##
    }

    /// A float WAV's first channel (the engine writes 32-bit float, stereo: data after byte 58,
    /// its length at 54, as its WAVRecorder lays it out; found by the chunk id to be sure).
    static func leftChannel(_ file: [UInt8]) throws -> [Float] {
        var i = 12
        while i + 8 <= file.count {
            let id = String(decoding: file[i..<(i + 4)], as: UTF8.self)
            let size = Int(u32(file, i + 4))
            if id == "data" {
                let end = min(file.count, i + 8 + size)
                return stride(from: i + 8, to: end - 7, by: 8).map { Float(bitPattern: u32(file, $0)) }
            }
            i += 8 + size + (size & 1)
        }
        throw SystemError("wav", "no data chunk", errno: .invalidArgument)
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        var v: UInt32 = 0
        for k in 0..<4 { v |= UInt32(b[at + k]) << (8 * UInt32(k)) }
        return v
    }

    /// The recording may start the clip as late as the run's first frame and one refresh (its
    /// first flip), in seconds from the recording's start.
    func latestStart(_ r: Run) -> Double {
        if case .number(let first)? = r.stats?["firstFrameSeconds"] { return first + 2.0 / 60 }
        return 1
    }

    /// Largest |x[n+1] + x[n-1] - 2cos(ω)x[n]| over `range`: 0 for a 1 kHz sine, large at a gap,
    /// a click or a jump of phase.
    static func residual(_ x: [Float], in range: Range<Int>) -> Float {
        let k = Float(2 * Math.cos(2 * Double.pi * 1000 / Double(rate)))
        var worst: Float = 0
        for n in max(1, range.lowerBound)..<min(x.count - 1, range.upperBound) { worst = max(worst, abs(x[n + 1] + x[n - 1] - k * x[n])) }
        return worst
    }

    @Test func theToneSitsWhereTheClipPutsIt() throws {
        let r = try run(board: Self.board(#""clip.mp4""#),
                        clip: ("clip.mp4", "0.5*sin(2*PI*1000*t)*between(t\\,1\\,2)", 3), duration: 3.5)
        #expect(r.exitCode == 0, "\(r.output)")
        let loud = r.left.indices.filter { abs(r.left[$0]) > 0.1 }
        let onset = try #require(loud.first), end = try #require(loud.last)
        // 1.0 s of tone, to the period.
        #expect(abs((end - onset) - Self.rate) <= Self.period)
        // 1.0 s after the clip's start, which lies between the recording's start and its first flip.
        let startSeconds = Double(onset - Self.rate) / Double(Self.rate)
        #expect(startSeconds >= -Double(Self.period) / Double(Self.rate))
        #expect(startSeconds <= latestStart(r))
        // A 1 kHz tone at full level (mono on both channels): 2 zero crossings a period.
        let middle = Array(r.left[(onset + 4_800)..<(onset + 43_200)])
        let crossings = zip(middle, middle.dropFirst()).filter { ($0 < 0) != ($1 < 0) }.count
        #expect(abs(crossings - 1_600) <= 2)
        #expect((middle.map(abs).max() ?? 0) > 0.45)
        #expect(Self.residual(r.left, in: (onset + 480)..<(end - 480)) < 0.1)
    }

    /// A 2 s clip looped for 4 s and more: sound without a gap, a click or a jump of phase at the
    /// seam (2.0 s after the start: 2,000 whole periods, so the sine runs on).
    @Test func aLoopingClipsSoundHasNoSeam() throws {
        let r = try run(board: Self.board(#"{"src":"loop.mp4","loop":true}"#),
                        clip: ("loop.mp4", "0.5*sin(2*PI*1000*t)", 2), duration: 6.5)
        #expect(r.exitCode == 0, "\(r.output)")
        let onset = try #require(r.left.firstIndex { abs($0) > 0.1 })
        #expect(Double(onset) / Double(Self.rate) <= latestStart(r))
        let fourSeconds = (onset + 96)..<(onset + 4 * Self.rate)
        try #require(r.left.count >= fourSeconds.upperBound)
        // Every period of the 4 s peaks near the amplitude (AAC rounds the first one off a little):
        // no silence anywhere, the seam included.
        for start in stride(from: fourSeconds.lowerBound, to: fourSeconds.upperBound - Self.period, by: Self.period) {
            let peak = r.left[start..<(start + Self.period)].map(abs).max() ?? 0
            if peak <= 0.4 { Issue.record("quiet period at \(Double(start - onset) / Double(Self.rate)) s: peak \(peak)"); break }
        }
        // Continuous at the seam (2.0 s) as in the middle of a pass: AAC's coding noise at a
        // stream's ends stays under 20 % of the amplitude; a one-period gap or a 30° jump is over it.
        let seam = onset + 2 * Self.rate
        #expect(Self.residual(r.left, in: (seam - 2_400)..<(seam + 2_400)) < 0.1)
        #expect(Self.residual(r.left, in: (onset + Self.rate - 2_400)..<(onset + Self.rate + 2_400)) < 0.1)
    }

    /// `"volume": 0.5` is half the amplitude: −6.02 dB.
    @Test func theClipsVolumeScalesItsSound() throws {
        let r = try run(board: Self.board(#"{"src":"loop.mp4","volume":0.5}"#),
                        clip: ("loop.mp4", "0.5*sin(2*PI*1000*t)", 2), duration: 2)
        #expect(r.exitCode == 0, "\(r.output)")
        let onset = try #require(r.left.firstIndex { abs($0) > 0.05 })
        let middle = r.left[(onset + 4_800)..<min(r.left.count, onset + 43_200)]
        let peak = Double(middle.map(abs).max() ?? 0)
        #expect(abs(VolumeCurve.decibels(gain: peak / 0.5) + 6.02) < 0.3)
    }

    @Test func aMutedClipIsSilent() throws {
        let r = try run(board: Self.board(#"{"src":"loop.mp4","muted":true}"#),
                        clip: ("loop.mp4", "0.5*sin(2*PI*1000*t)", 2), duration: 2)
        #expect(r.exitCode == 0, "\(r.output)")
        #expect(r.left.count > Self.rate)
        #expect(r.left.allSatisfy { $0 == 0 })
    }

    static func executable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let test = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let exe = FileIO.directory(of: test) + "/gadgetboard"
        return FileIO.exists(exe) ? exe : nil
    }
}
