import GadgetCore
import GadgetSystem
import SystemPackage
import Testing
@testable import GadgetAudio

/// The engine's events wake the loop: its descriptor is readable once an event is posted and
/// quiet again after `drainEvents`, so a device that comes back while the kiosk idles is
/// published then (the VM saw deviceBack wait for the next touch before this).
@Suite struct AudioWakeTests {
    static func readable(_ d: FileDescriptor) throws -> Bool {
        var set = PollSet()
        _ = set.add(d)
        return try set.wait(timeoutMilliseconds: 0)
    }

    @Test func anEventMakesTheDescriptorReadableUntilDrained() throws {
        let out = ScriptedOutput()
        let e = AudioEngine(options: AudioOptions(device: .alsa("scripted"), recordTo: nil), logger: LineLog().logger,
                            clock: ManualAudioClock()) { out }
        let d = try #require(e.wakeDescriptor)
        let loop = try #require(try e.prepare())
        _ = e.drainEvents()
        #expect(try !Self.readable(d))
        e.play(SoundBuffer.sine(frequency: 1000, level: 0.5, frames: 100), name: "chime")
        loop.turn()
        #expect(try Self.readable(d))
        #expect(e.drainEvents().contains(.started("chime")))
        #expect(try !Self.readable(d))
        loop.finish()
    }
}

/// A wait for room that a plugin's poll woke too early (PulseAudio's `pulse` PCM wakes on every
/// server request) sleeps instead of polling again at once: at SCHED_FIFO a re-poll spins a core.
@Suite struct EarlyWakeSleepTests {
    @Test func itSleepsForAsLongAsTheMissingFramesPlay() {
        #expect(AudioTuning.earlyWakeSleep(missingFrames: 240, sampleRate: 48_000) == 5_000_000)
        #expect(AudioTuning.earlyWakeSleep(missingFrames: 441, sampleRate: 44_100) == 10_000_000)
    }

    @Test func neverASpinAndNeverLongerThanAPeriod() {
        #expect(AudioTuning.earlyWakeSleep(missingFrames: 1, sampleRate: 48_000) == 500_000)
        #expect(AudioTuning.earlyWakeSleep(missingFrames: 0, sampleRate: 48_000) == 500_000)
        #expect(AudioTuning.earlyWakeSleep(missingFrames: 48_000, sampleRate: 48_000) == AudioTuning.periodNanos)
        #expect(AudioTuning.earlyWakeSleep(missingFrames: 100, sampleRate: 0) == AudioTuning.periodNanos)
    }
}
