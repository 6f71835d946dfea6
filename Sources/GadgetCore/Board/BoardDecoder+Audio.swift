/// `"volume"`, `"sounds"` and `"tapSound"` (docs/board-format.md, "Sound"). Whether each file is
/// audio, and short enough for the memory budget, is checked where files can be read (GadgetApp's
/// `check` and loader); here: the names, the paths, and that every name used is given.
extension BoardDecoder {
    /// Most sounds a board may name (each is decoded at load and kept as PCM).
    public static let maximumSounds = 64
    /// The one range every volume in the board format takes (board, video, quiet hours, control):
    /// linear amplitude from silence to the file's own level.
    public static let volumeRange = 0.0...1.0

    /// Decodes the three fields from the board's root object.
    mutating func boardAudio(_ root: JSONValue) -> BoardAudio {
        var audio = BoardAudio()
        audio.volume = number(root["volume"], "volume", range: BoardDecoder.volumeRange, default: 1)
        if let v = root["sounds"] {
            if case .object(let pairs) = v {
                if pairs.count > BoardDecoder.maximumSounds {
                    problem("sounds", "more than \(BoardDecoder.maximumSounds) sounds")
                    soundsIncomplete = true
                } else {
                    var seen = Set<String>()
                    for (name, pv) in pairs {
                        let at = join("sounds", name)
                        guard !name.isEmpty else { problem("sounds", "a sound with an empty name"); soundsIncomplete = true; continue }
                        guard seen.insert(name).inserted else { problem(at, "sound given twice"); continue }
                        guard case .string(let path) = pv, !path.isEmpty else {
                            problem(at, "expected a file path string, got \(pv.kindName)")
                            soundsIncomplete = true
                            continue
                        }
                        audio.sounds.append(SoundReference(name: name, path: path, jsonPath: at))
                    }
                }
            } else {
                problem("sounds", "expected an object of name: file path, got \(v.kindName)")
                soundsIncomplete = true
            }
        }
        if let v = root["tapSound"] {
            if case .string(let name) = v, !name.isEmpty {
                if audio.sound(named: name) != nil { audio.tapSound = name }
                else if !soundsIncomplete { problem("tapSound", unknownSound(name, audio)) }
            } else {
                problem("tapSound", "expected a sound name, got \(v.kindName)")
            }
        }
        return audio
    }

    /// Every `play` action names one of the board's sounds.
    mutating func checkSoundNames(_ gadgets: [Gadget], audio: BoardAudio, paths: [String: String]) {
        guard !soundsIncomplete else { return }
        for g in gadgets {
            guard let path = paths[g.id] else { continue }
            for (field, action) in [("action", g.action), ("longPressAction", g.longPressAction)] {
                if case .play(let name)? = action, audio.sound(named: name) == nil {
                    problem("\(path).\(field).play", unknownSound(name, audio))
                }
            }
        }
    }

    private func unknownSound(_ name: String, _ audio: BoardAudio) -> String {
        audio.sounds.isEmpty ? "names sound \"\(name)\", but the board has no \"sounds\""
                             : "unknown sound \"\(name)\" (sounds: \(audio.soundNames.joined(separator: ", ")))"
    }
}
