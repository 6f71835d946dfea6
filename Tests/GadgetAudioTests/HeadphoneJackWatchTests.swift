import GadgetCore
import Testing
@testable import GadgetAudio

/// The card's headphone jack control (issue 39, EN 5.2), watched by the audio thread between
/// chunks: a headset already in when the device opens is reported at once, a change after the
/// next look (every `jackLookChunks` chunks), the same change the evdev switch gives; the loop
/// never waits for it. The real control device (`ALSAJackControls`) is not exercised here: this
/// machine has no sound card, and snd-aloop in the VM has no jack control.
@Suite struct HeadphoneJackWatchTests {
    func makeLoop(_ out: ScriptedOutput, clock: ManualAudioClock) throws -> (AudioEngine, PlaybackLoop) {
        let e = AudioEngine(options: AudioOptions(device: .alsa("scripted")), logger: LineLog().logger, clock: clock) { out }
        return (e, try #require(try e.prepare()))
    }

    static func jackEvents(_ events: [AudioEvent]) -> [HeadsetSwitch.Change] {
        events.compactMap { if case .headphoneJack(let c) = $0 { return c } else { return nil } }
    }

    @Test func aHeadsetInAtOpenThenPulledOutAndBack() throws {
        let out = ScriptedOutput()
        let jack = HeadlessJackControls(plugged: true)
        out.jack = jack
        let clock = ManualAudioClock(start: 1_000_000_000)
        let (e, loop) = try makeLoop(out, clock: clock)
        loop.turn()
        #expect(Self.jackEvents(e.drainEvents()) == [HeadsetSwitch.Change(plugged: true, time: 1_000_000)])
        // Pulled out: heard of at the next look, within `jackLookChunks` chunks.
        jack.set(false)
        for _ in 0..<AudioTuning.jackLookChunks { loop.turn() }
        #expect(Self.jackEvents(e.drainEvents()).map(\.plugged) == [false])
        jack.set(true)
        for _ in 0..<AudioTuning.jackLookChunks { loop.turn() }
        #expect(Self.jackEvents(e.drainEvents()).map(\.plugged) == [true])
        // Nothing changed: nothing said.
        for _ in 0..<(3 * AudioTuning.jackLookChunks) { loop.turn() }
        #expect(Self.jackEvents(e.drainEvents()).isEmpty)
        loop.finish()
    }

    @Test func noHeadsetAtOpenIsNoEventAndACardWithoutAJackIsNotWatched() throws {
        let out = ScriptedOutput()
        out.jack = HeadlessJackControls(plugged: false)
        let (e, loop) = try makeLoop(out, clock: ManualAudioClock())
        for _ in 0..<(2 * AudioTuning.jackLookChunks) { loop.turn() }
        #expect(Self.jackEvents(e.drainEvents()).isEmpty)
        loop.finish()

        let bare = ScriptedOutput()
        let (e2, loop2) = try makeLoop(bare, clock: ManualAudioClock())
        for _ in 0..<(2 * AudioTuning.jackLookChunks) { loop2.turn() }
        #expect(Self.jackEvents(e2.drainEvents()).isEmpty)
        loop2.finish()
    }
}
