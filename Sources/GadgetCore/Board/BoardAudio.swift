/// A board's sound (`"volume"`, `"sounds"`, `"tapSound"`; docs/board-format.md, "Sound"): the
/// short sounds it may play by name, the one played on every tap on a button, and the level
/// that scales everything it plays. The default is a silent board at full volume.
public struct BoardAudio: Sendable, Equatable {
    /// `"volume"`: 0…1, linear amplitude (`VolumeCurve`), scaling every sound and soundtrack.
    public var volume: Double = 1
    /// `"sounds"`, in file order; names are unique (the decoder checks).
    public var sounds: [SoundReference] = []
    /// `"tapSound"`: a name of `sounds`, played on every recognized tap on a gadget with a tap
    /// `action` (a button); nil: none.
    public var tapSound: String?

    public init(volume: Double = 1, sounds: [SoundReference] = [], tapSound: String? = nil) {
        self.volume = volume; self.sounds = sounds; self.tapSound = tapSound
    }

    /// The sound with this name, if the board has one.
    public func sound(named name: String) -> SoundReference? { sounds.first { $0.name == name } }

    /// The names, in file order (messages, `state`).
    public var soundNames: [String] { sounds.map(\.name) }
}

/// One of the board's `"sounds"`: a name, a path relative to the board file, and the JSON path
/// that gave it (`sounds.chime`, for messages).
public struct SoundReference: Sendable, Hashable {
    public var name: String
    public var path: String
    public var jsonPath: String
    public init(name: String, path: String, jsonPath: String) { self.name = name; self.path = path; self.jsonPath = jsonPath }
}

/// A sound the board asks to be played, at the time of the touch that caused it (the session
/// emits them, as it does action events; the kiosk hands them to the audio engine).
public struct SoundCue: Sendable, Equatable {
    /// The touch's time (the input clock, µs): what the tap → sound latency is measured from.
    public var time: Microseconds
    /// A name of the board's `sounds`.
    public var sound: String
    /// The gadget touched.
    public var gadget: String
    public init(time: Microseconds, sound: String, gadget: String) { self.time = time; self.sound = sound; self.gadget = gadget }
}
