import GadgetCore
import GadgetRender
import GadgetSystem

/// Reads a board file, decodes it and every image it references, and reports every problem at
/// once (`board.json: gadgets[2].image: file not found: missing.png`).
public enum BoardLoader {
    /// Loads the board file at `path`; images resolve relative to its directory.
    public static func load(path: String) -> Result<LoadedBoard, BoardProblems> {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 16 << 20) } catch {
            return .failure(BoardProblems([BoardProblem(file: path, jsonPath: "", message: error.errno == .noSuchFileOrDirectory ? "file not found" : error.fileProblem)]))
        }
        return load(bytes: bytes, name: path, images: FileImageSource(directory: FileIO.directory(of: path)))
    }

    /// Loads a board from JSON bytes with images from `images`.
    public static func load(bytes: [UInt8], name: String, images source: some ImageSource) -> Result<LoadedBoard, BoardProblems> {
        let (decoded, decodeProblems) = BoardDecoder.decodeAll(bytes, file: name)
        guard let board = decoded else { return .failure(BoardProblems(decodeProblems)) }
        var problems = decodeProblems
        // Unknown gesture threshold names and bad values are board errors like any other.
        if case .failure(let p) = GestureThresholds.forBoard(board, file: name) { problems += p.problems }
        var images: [String: RGBAImage] = [:]
        var failed: [String: String] = [:]
        for ref in board.imageReferences {
            if images[ref.path] != nil { continue }
            if let message = failed[ref.path] {
                problems.append(BoardProblem(file: name, jsonPath: ref.jsonPath, message: message))
                continue
            }
            switch source.image(at: ref.path) {
            case .success(let img): images[ref.path] = img
            case .failure(let f):
                failed[ref.path] = f.message
                problems.append(BoardProblem(file: name, jsonPath: ref.jsonPath, message: f.message))
            }
        }
        guard problems.isEmpty else { return .failure(BoardProblems(problems)) }
        return .success(LoadedBoard(name: name, board: board, images: images))
    }
}
