#if canImport(Glibc)
import Glibc
#endif
import GadgetCore
import GadgetSystem
import Testing

/// `gadgetboard run --audio … --audio-out …` as a user runs it: the real binary (built beside
/// this test binary by `swift build --build-tests`), headless, with ALSA's `default` PCM
/// redefined by an asoundrc given through ALSA_CONFIG_PATH (to the child only) as alsa-lib's
/// `file` plugin, so what reached the PCM can be read back.
@Suite struct RunAudioCommandTests {
    struct Run {
        let status: Int32
        let output: [String]
        let stats: JSONValue?
        var exitCode: Int32 { (status >> 8) & 0xff }
    }

    func run(_ arguments: [String], in scratch: AudioFiles.Scratch, alsaConfig: String? = nil) throws -> Run {
        let testBinary = try #require(Self.link("/proc/self/exe"))
        let exe = FileIO.directory(of: testBinary) + "/gadgetboard"
        try #require(FileIO.exists(exe), "\(exe) is missing: build it with `swift build --build-tests`")
        let log = scratch.file("run-\(scratch.files.count).log"), stats = scratch.file("stats-\(scratch.files.count).json")
        FileIO.remove(stats)
        let quoted = ([exe, "run", "--display", "headless", "--duration", "1", "--stats", stats] + arguments).map { "'\($0)'" }.joined(separator: " ")
        // The demo board's art cached under /tmp, never in the user's ~/.cache (issue 35).
        let environment = ["XDG_CACHE_HOME=/tmp/gadgetboard-tests-cache"] + (alsaConfig.map { ["ALSA_CONFIG_PATH=\($0)"] } ?? [])
        let r = try ChildProcess.run(["sh", "-c", "\(quoted) >'\(log)' 2>&1"], adding: environment)
        let lines = String(decoding: (try? FileIO.read(log)) ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
        let json = (try? FileIO.read(stats)).flatMap { try? JSONParser.parse($0) }
        return Run(status: r.status, output: lines, stats: json)
    }

    @Test func theDefaultDeviceGetsExactlyWhatIsRecorded() throws {
        let scratch = try AudioFiles.Scratch()
        let raw = scratch.file("pcm.raw"), wav = scratch.file("mix.wav"), conf = scratch.file("asoundrc")
        // ALSA_CONFIG_PATH replaces alsa.conf, so the file includes it and then redefines `default`.
        try FileIO.replace(conf, with: """
            </usr/share/alsa/alsa.conf>
            pcm.!default { type file; slave.pcm "null"; file "\(raw)"; format "raw" }

            """)
        let r = try run(["--audio-out", wav], in: scratch, alsaConfig: conf)
        #expect(r.exitCode == 0, "\(r.output)")
        let audioLines = r.output.filter { $0.hasPrefix("audio:") }
        #expect(audioLines == ["audio: default: 48000 Hz stereo FLOAT_LE, period 480 frames (10 ms), buffer 1440 frames (30 ms), "
                               + "not paced by the device: paced by the clock; recording the mix to \(wav)"])
        let audio = try #require(r.stats?["audio"])
        #expect(audio["device"] == .string("default"))
        #expect(audio["deviceUp"] == .bool(true))
        #expect(audio["underruns"] == .number(0))
        #expect(audio["format"] == .string("48000 Hz stereo FLOAT_LE"))
        let file = try FileIO.read(wav)
        let dataBytes = Int(AudioFiles.u32(file, 54))
        #expect(dataBytes > 0 && dataBytes % (480 * 8) == 0)
        #expect(file.count == 58 + dataBytes)
        #expect(Array(file[58...]) == (try FileIO.read(raw)))
    }

    @Test func noneRecordsTheMixPacedByTheClock() throws {
        let scratch = try AudioFiles.Scratch()
        let wav = scratch.file("none.wav")
        let r = try run(["--audio", "none", "--audio-out", wav], in: scratch)
        #expect(r.exitCode == 0, "\(r.output)")
        #expect(r.output.filter { $0.hasPrefix("audio:") } == ["audio: none (no sound device), mixing 48000 Hz stereo paced by the clock; recording the mix to \(wav)"])
        #expect(r.stats?["audio"]?["device"] == .string("none"))
        let file = try FileIO.read(wav)
        #expect(Array(file[0..<4]) == Array("RIFF".utf8) && AudioFiles.u16(file, 20) == 3)
        #expect(file.count == 58 + Int(AudioFiles.u32(file, 54)))
        #expect(file.count > 58)
    }

    @Test func aMissingDeviceIsOneLineAndTheKioskRuns() throws {
        let scratch = try AudioFiles.Scratch()
        let r = try run(["--audio", "gadgetboard_no_such_pcm"], in: scratch)
        #expect(r.exitCode == 0, "\(r.output)")
        #expect(r.output.filter { $0.contains("audio") || $0.contains("ALSA") } == [
            "audio: no sound device (gadgetboard_no_such_pcm: snd_pcm_open failed: No such file or directory (-2)); running silent, looking for it every second",
        ])
        #expect(r.stats?["audio"]?["deviceUp"] == .bool(false))
        #expect(r.stats?["framesPresented"] != .number(0))
    }

    @Test func aRecordingThatCannotBeWrittenIsOneLineAndStatusTwo() throws {
        let scratch = try AudioFiles.Scratch()
        let notWAV = try run(["--audio", "none", "--audio-out", scratch.path + "/x.mp3"], in: scratch)
        #expect(notWAV.exitCode == 2)
        #expect(notWAV.output.contains { $0.contains("--audio-out: writes WAV only") })
        let missingDir = try run(["--audio", "none", "--audio-out", scratch.path + "/no/such/dir.wav"], in: scratch)
        #expect(missingDir.exitCode == 2)
        #expect(missingDir.output.filter { $0.hasPrefix("audio:") }.count == 1)
        #expect(missingDir.output.contains { $0.hasPrefix("audio: ") && $0.contains("--audio-out: open(\(scratch.path)/no/such/dir.wav) failed: No such file or directory") })
    }

    /// Where a symbolic link points (readlink(2)); nil if it cannot be read.
    static func link(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
