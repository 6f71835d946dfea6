import GadgetAudio
import GadgetCore

/// The board's side of the kiosk's sound: its sounds played by name (taps, actions, control),
/// the volume that reaches the engine (the board's `volume`, or a control `volume` in its place,
/// times the quiet hours' level), `state`'s `audio`, the `audio` events and the metrics.
/// Thread: the loop's.
extension KioskAudio {
    /// Plays `name` from `sounds` (the live board's, decoded at load). A name whose file failed
    /// to decode was logged when the board was shown: it plays nothing, silently.
    @discardableResult
    func play(_ name: String, from sounds: [String: SoundBuffer]) -> Bool {
        guard let engine, let sound = sounds[name] else { return false }
        engine.play(sound, name: name, gain: 1)
        return true
    }

    /// A board was shown: its `volume` is the level again (a control `volume` lasts until then).
    func boardShown(_ board: Board) {
        levels.board = board.audio.volume
        levels.control = nil
        applyVolume()
    }

    /// `{"cmd":"volume"}`: `level` in place of the board's until the next board is shown.
    func setControlVolume(_ level: Double) {
        levels.control = level
        applyVolume()
    }

    /// The schedule's quiet hours' level now (1 outside them).
    func followQuietHours(_ level: Double) {
        guard level != levels.quiet else { return }
        levels.quiet = level
        applyVolume()
    }

    /// The level the engine plays at: what `state` reports as `audio.volume`.
    var volume: Double { levels.effective }

    private func applyVolume() { engine?.setVolume(levels.effective) }

    /// `state`'s `audio`: the device, the level playing, the names playing; nil with no engine.
    var report: JSONValue? {
        guard let s = engine?.status else { return nil }
        return .object([("device", .string(s.device)), ("deviceUp", .bool(s.deviceUp)),
                        ("volume", .number(JSONWriter.rounded(levels.effective, places: 4))),
                        ("playing", .array(s.playing.map(JSONValue.string)))])
    }

    /// The engine's events as the kiosk publishes them: `{"type":"audio","event":…}` with the
    /// sound's name, the device, or the underrun count (docs/control.md, events).
    static func json(_ e: AudioEvent) -> JSONValue {
        func event(_ name: String, _ more: (String, JSONValue)) -> JSONValue { .object([("type", .string("audio")), ("event", .string(name)), more]) }
        switch e {
        case .started(let n): return event("started", ("sound", .string(n)))
        case .ended(let n): return event("ended", ("sound", .string(n)))
        case .deviceLost(let d): return event("deviceLost", ("device", .string(d)))
        case .deviceBack(let d): return event("deviceBack", ("device", .string(d)))
        case .underrun(let c): return event("underrun", ("underruns", .number(Double(c))))
        case .headphoneJack(let c): return event("headphoneJack", ("plugged", .bool(c.plugged)))
        }
    }
}

/// The three levels that multiply into the engine's volume.
struct AudioLevels: Equatable {
    /// The board's `volume`.
    var board = 1.0
    /// A control `volume`, in place of the board's; nil: none since the board was shown.
    var control: Double?
    /// The quiet hours' level (1 outside them).
    var quiet = 1.0
    var effective: Double { min(1, max(0, (control ?? board) * quiet)) }
}
