import GadgetCore
import GadgetSystem
import SystemPackage
import Testing
@testable import GadgetAudio

/// The real ALSA path without a sound card: alsa-lib's `file` plugin (alsa.conf's
/// `file:FILE=…,FORMAT=raw`, slave `null`) records every byte the engine writes to the PCM
/// (interaction-notes §3.5). The engine negotiates float, so the file holds the mix exactly.
@Suite struct ALSAFilePluginTests {
    @Test func aKnownSoundReachesThePCMByteForByteAndTheRecordingMatches() throws {
        let scratch = try AudioFiles.Scratch()
        let raw = scratch.file("pcm.raw"), wav = scratch.file("mix.wav")
        let device = "file:FILE=\(raw),FORMAT=raw"
        let log = LineLog()
        let e = AudioEngine(options: AudioOptions(device: .alsa(device), recordTo: FilePath(wav)), logger: log.logger,
                            clock: ManualAudioClock()) { ALSAOutput(device: device) }
        let sound = SoundBuffer.sine(frequency: 1000, level: 0.5, frames: 2000)
        e.play(sound, name: "tone")
        let loop = try #require(try e.prepare())
        let status = e.status
        #expect(status.deviceUp)
        #expect(status.sampleFormat == "FLOAT_LE")
        #expect(status.format == .standard)
        #expect(status.periodFrames == 480)
        #expect(!status.paced)
        #expect(log.all.count == 1)
        #expect(log.all[0].hasPrefix("\(device): 48000 Hz stereo FLOAT_LE, period 480 frames (10 ms), buffer"))
        for _ in 0..<6 { loop.turn() }
        loop.finish()

        let expected = sound.samples + [Float](repeating: 0, count: (6 * 480 - 2000) * 2)
        let pcm = try FileIO.read(raw)
        #expect(pcm == AudioFiles.bytes(expected))
        let file = try FileIO.read(wav)
        #expect(Array(file[58...]) == pcm)
        #expect(e.drainEvents() == [.started("tone"), .ended("tone")])
    }

    @Test func aPCMThatDoesNotExistIsOneLineAndSilence() throws {
        let log = LineLog()
        let e = AudioEngine(options: AudioOptions(device: .alsa("gadgetboard_no_such_pcm")), logger: log.logger,
                            clock: ManualAudioClock()) { ALSAOutput(device: "gadgetboard_no_such_pcm") }
        let loop = try #require(try e.prepare())
        loop.turn()
        loop.finish()
        #expect(!e.status.deviceUp)
        #expect(log.all == ["no sound device (gadgetboard_no_such_pcm: snd_pcm_open failed: No such file or directory (-2)); running silent, looking for it every second"])
    }
}
