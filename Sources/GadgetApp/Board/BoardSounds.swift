import GadgetCore
import GadgetSystem
import GadgetVideo

/// A board's `"sounds"` decoded (FFmpeg, resampled to the mix format) and held to the budget
/// (`SoundBuffer`s within `SoundBudget`): on the load worker for a running kiosk, in `check`
/// for the author. One problem per sound, naming its file (`board.json: sounds.chime:
/// sounds/chime.ogg: not an audio file (…)`). `check` refuses a board with any; a running kiosk
/// logs each and plays nothing for that name (the board still loads).
public enum BoardSounds {
    public struct Decoded: Sendable {
        /// The sounds that decoded within the budget, by name.
        public var sounds: [String: SoundBuffer] = [:]
        public var problems: [BoardProblem] = []
    }

    /// Decodes every sound of `board`, paths resolved against `directory`, at `format`. A file
    /// named by two sounds is decoded once.
    public static func decode(_ board: Board, file: String, directory: String, format: AudioFormat = .standard) -> Decoded {
        var out = Decoded()
        var byPath: [String: Result<SoundBuffer, SoundFileError>] = [:]
        var total = 0
        var counted = Set<String>()
        for ref in board.audio.sounds {
            let result: Result<SoundBuffer, SoundFileError>
            if let known = byPath[ref.path] { result = known } else {
                result = decodeFile(ref.path, directory: directory, format: format)
                byPath[ref.path] = result
            }
            switch result {
            case .failure(.call("open", _, let m)):
                out.problems.append(BoardProblem(file: file, jsonPath: ref.jsonPath, message: "\(m): \(ref.path)"))
            case .failure(let e):
                out.problems.append(BoardProblem(file: file, jsonPath: ref.jsonPath, message: "\(ref.path): \(e.description)"))
            case .success(let buffer):
                // One file's PCM is held once however many names play it.
                let bytes = counted.insert(ref.path).inserted ? SoundBudget.bytes(buffer) : 0
                if total + bytes > SoundBudget.maximumBytes {
                    out.problems.append(BoardProblem(file: file, jsonPath: ref.jsonPath, message: "\(ref.path): over the board's sound budget (\(mebibytes(total + bytes)) MiB of PCM with the sounds before it; at most \(SoundBudget.maximumBytes >> 20) MiB, about \(Int(Double(SoundBudget.maximumBytes) / Double(4 * format.channels * format.sampleRate))) s at \(format))"))
                    continue
                }
                total += bytes
                out.sounds[ref.name] = buffer
            }
        }
        return out
    }

    static func decodeFile(_ path: String, directory: String, format: AudioFormat) -> Result<SoundBuffer, SoundFileError> {
        let full = FileIO.resolve(path, against: directory)
        // FFmpeg would say "No such file or directory" after the call's name: the words a board
        // author expects are the image check's.
        guard FileIO.exists(full) else { return .failure(.call("open", -2, "file not found")) }
        do { return .success(try SoundFileDecoder.decode(path: full, format: format, maximumFrames: SoundBudget.maximumFrames(format))) } catch {
            return .failure(error)
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        let tenths = (Double(bytes) / Double(1 << 20) * 10).rounded()
        return "\(tenths / 10)"
    }
}
