import GadgetCore
import GadgetSystem

/// A board's video captions read and parsed (`WebVTT`): on the load worker for a running kiosk
/// (never the loop thread), in `check` for the author. One problem per gadget, naming its file
/// and, for a malformed cue, the line (`board.json: gadgets[1] (lobby).captions: lobby.vtt: line
/// 7: bad end time …`). `check` refuses a board with any; a running kiosk logs each and shows
/// that video without captions.
public enum BoardCaptions {
    public struct Loaded: Sendable {
        /// Parsed tracks by the path the board gives.
        public var tracks: [String: CaptionTrack] = [:]
        public var problems: [BoardProblem] = []
    }

    /// Reads every captions file of `board`, paths resolved against `directory`; a file named by
    /// two gadgets is read once.
    public static func load(_ board: Board, file: String, directory: String) -> Loaded {
        var out = Loaded()
        var byPath: [String: Result<CaptionTrack, Message>] = [:]
        for (_, ref) in board.captionReferences {
            let result: Result<CaptionTrack, Message>
            if let known = byPath[ref.path] { result = known } else {
                result = read(ref.path, directory: directory)
                byPath[ref.path] = result
            }
            switch result {
            case .success(let track): out.tracks[ref.path] = track
            case .failure(let m): out.problems.append(BoardProblem(file: file, jsonPath: ref.jsonPath, message: m.text))
            }
        }
        return out
    }

    /// One problem's words.
    struct Message: Error { var text: String; init(_ text: String) { self.text = text } }

    static func read(_ path: String, directory: String) -> Result<CaptionTrack, Message> {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(FileIO.resolve(path, against: directory), limit: WebVTT.maximumBytes) } catch {
            switch error.errno {
            case .noSuchFileOrDirectory: return .failure(Message("file not found: \(path)"))
            case .fileTooLarge: return .failure(Message("\(path): larger than \(WebVTT.maximumBytes >> 20) MiB"))
            case .isDirectory: return .failure(Message("is a directory: \(path)"))
            default: return .failure(Message("\(path): \(error.errno.description)"))
            }
        }
        return WebVTT.parse(bytes).mapError { Message("\(path): \($0)") }
    }
}
