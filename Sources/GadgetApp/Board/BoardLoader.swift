import GadgetCore
import GadgetRender
import GadgetSystem

/// Reads a board file, decodes it and every image it references, and reports every problem at
/// once (`board.json: gadgets[2].image: file not found: missing.png`).
public enum BoardLoader {
    /// The usable side of an atlas page (4096, the Pi 4's texture limit, less the page's white
    /// block and gutters): no image is decoded larger. The scene shrinks further on a GPU whose
    /// limit is lower.
    public static let maximumImageSide = 4096 - 2 * AtlasLayout.gutter - AtlasLayout.whiteBlock

    /// Loads the board file at `path`; images resolve relative to its directory.
    /// `displayScale`: display pixels per board pixel (see `Board.imageDisplaySizes`); images are
    /// decoded for that many pixels. 1 (the default) decodes for the board's own pixels.
    public static func load(path: String, displayScale: Double = 1) -> Result<LoadedBoard, BoardProblems> {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 16 << 20) } catch {
            return .failure(BoardProblems([BoardProblem(file: path, jsonPath: "", message: error.errno == .noSuchFileOrDirectory ? "file not found" : error.fileProblem)]))
        }
        return load(bytes: bytes, name: path, images: BoardFilePaths.images(forBoardAt: path), displayScale: displayScale,
                    fontDirectory: BoardFilePaths.directory(ofBoardAt: path), videoDirectory: BoardFilePaths.directory(ofBoardAt: path),
                    soundDirectory: BoardFilePaths.directory(ofBoardAt: path), strictSounds: true)
    }

    /// A running kiosk's load of the board file at `path` whose bytes were read already (`ctl
    /// load` reads them confined to the board's directory): the board-file path rule for its
    /// images and font files (`BoardFilePaths`), and text not refused for a missing font or
    /// characters no font has (drawn with fallbacks and logged, as at start-up; `check` refuses
    /// them). The same rule start-up, a save and SIGHUP use, so a board loads every way or none.
    public static func loadForKiosk(bytes: [UInt8], path: String, displayScale: Double = 1) -> Result<LoadedBoard, BoardProblems> {
        load(bytes: bytes, name: path, images: BoardFilePaths.images(forBoardAt: path), displayScale: displayScale,
             fontDirectory: BoardFilePaths.directory(ofBoardAt: path), checkingText: false, soundDirectory: BoardFilePaths.directory(ofBoardAt: path))
    }

    /// `loadForKiosk` of the file at `path` (the reload on SIGHUP or a save, `snapshot`, the
    /// bench): read, then loaded by the kiosk's rules.
    public static func loadForKiosk(path: String, displayScale: Double = 1) -> Result<LoadedBoard, BoardProblems> {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 16 << 20) } catch {
            return .failure(BoardProblems([BoardProblem(file: path, jsonPath: "", message: error.errno == .noSuchFileOrDirectory ? "file not found" : error.fileProblem)]))
        }
        return loadForKiosk(bytes: bytes, path: path, displayScale: displayScale)
    }

    /// Loads a board from JSON bytes with images from `images`, each decoded no larger than it
    /// can be shown (its gadget's size × `maxScale` × `displayScale`, the background's the board's).
    /// Text is checked against the installed fonts (font files relative to `fontDirectory`)
    /// unless `checkingText` is false (the built-in demo board: it must show on any machine, in
    /// a fallback font if need be). `videoDirectory`: where the board's videos are, each probed
    /// (`BoardVideoCheck`); nil: videos are not looked at. `soundDirectory`: where its sounds
    /// are, decoded into `LoadedBoard.sounds` (`BoardSounds`; nil: not looked at); a sound that
    /// fails refuses the board only with `strictSounds` (`check`), else it is in `soundProblems`.
    public static func load(bytes: [UInt8], name: String, images source: some ImageSource, displayScale: Double = 1,
                            fontDirectory: String = ".", checkingText: Bool = true, videoDirectory: String? = nil,
                            soundDirectory: String? = nil, strictSounds: Bool = false) -> Result<LoadedBoard, BoardProblems> {
        var board: Board
        var problems: [BoardProblem]
        switch decodeBoard(bytes: bytes, name: name) {
        case .failure(let p): return .failure(p)
        case .success(let (b, p)): board = b; problems = p
        }
        board = BoardTextCheck.resolvingFontFiles(board, directory: fontDirectory)
        if checkingText { problems += BoardTextCheck.problems(board, file: name) }
        problems += BoardDataCheck.problems(board, file: name, directory: fontDirectory)  // Data/BoardDataCheck.swift
        problems += BoardKeyboardCheck.problems(board, file: name)  // Typing/BoardKeyboardCheck.swift
        if let videoDirectory { problems += BoardVideoCheck.problems(board, file: name, directory: videoDirectory) }
        let needed = board.imageDisplaySizes(displayScale: displayScale, maximumSide: maximumImageSide)
        var images: [String: RGBAImage] = [:]
        var failed: [String: String] = [:]
        for ref in board.imageReferences {
            if images[ref.path] != nil { continue }
            if let message = failed[ref.path] {
                problems.append(BoardProblem(file: name, jsonPath: ref.jsonPath, message: message))
                continue
            }
            switch source.image(at: ref.path, needed: needed[ref.path] ?? PixelSize(maximumImageSide, maximumImageSide)) {
            case .success(let img): images[ref.path] = img
            case .failure(let f):
                failed[ref.path] = f.message
                problems.append(BoardProblem(file: name, jsonPath: ref.jsonPath, message: f.message))
            }
        }
        guard problems.isEmpty else { return .failure(BoardProblems(problems)) }
        var loaded = LoadedBoard(name: name, board: board, images: images)
        loaded.qrImages = BoardQRImages.images(for: board, displayScale: displayScale)  // Data/BoardQRImages.swift
        // Sounds: refused by `check` (strictSounds), logged and silent in a running kiosk.
        if let soundDirectory {
            let decoded = BoardSounds.decode(board, file: name, directory: soundDirectory)
            // Captions beside the sounds, as strictly: a file that does not parse refuses the
            // board in `check` and leaves that video without captions in a kiosk.
            let captions = BoardCaptions.load(board, file: name, directory: soundDirectory)
            if strictSounds, !decoded.problems.isEmpty || !captions.problems.isEmpty {
                return .failure(BoardProblems(decoded.problems + captions.problems))
            }
            loaded.sounds = decoded.sounds
            loaded.soundProblems = decoded.problems
            loaded.captions = captions.tracks
            loaded.captionProblems = captions.problems
        }
        return .success(loaded)
    }

    /// The board at `path` without its images, and where they come from: `run` decodes them on
    /// worker threads once the display is open (`ImageDecodeQueue`), so a bad image is logged
    /// then, not refused here. Every other problem is reported as `load` reports it, the board's
    /// data (`BoardDataCheck`: a missing locale or `ca` file) included.
    public static func loadDeferringImages(path: String) -> Result<(LoadedBoard, FileImageSource), BoardProblems> {
        let bytes: [UInt8]
        do { bytes = try FileIO.read(path, limit: 16 << 20) } catch {
            return .failure(BoardProblems([BoardProblem(file: path, jsonPath: "", message: error.errno == .noSuchFileOrDirectory ? "file not found" : error.fileProblem)]))
        }
        switch decodeBoard(bytes: bytes, name: path) {
        case .failure(let p): return .failure(p)
        case .success(let (board, problems)):
            guard problems.isEmpty else { return .failure(BoardProblems(problems)) }
            // Fonts are not checked here: a kiosk draws a missing font in sans-serif and logs it
            // (`BoardScene.textWarnings`); `check` refuses it.
            let directory = BoardFilePaths.directory(ofBoardAt: path)
            let resolved = BoardTextCheck.resolvingFontFiles(board, directory: directory)
            // The data check a reload makes (`load`): a board a save would refuse does not start.
            let dataProblems = BoardDataCheck.problems(resolved, file: path, directory: directory)
                + BoardKeyboardCheck.problems(resolved, file: path)
            guard dataProblems.isEmpty else { return .failure(BoardProblems(dataProblems)) }
            var loaded = LoadedBoard(name: path, board: resolved, images: [:])
            // The display is not open yet: codes made for twice the board's pixels stay crisp on
            // any display up to that (Data/BoardQRImages.swift).
            loaded.qrImages = BoardQRImages.images(for: resolved, displayScale: 2)
            return .success((loaded, BoardFilePaths.images(forBoardAt: path)))
        }
    }

    /// One decode per distinct image of `board` not in `except`, in board order (the background
    /// first), each no larger than it is shown at `displayScale`.
    public static func imageJobs(_ board: Board, displayScale: Double, except loaded: Set<String> = []) -> [ImageDecodeQueue.Job] {
        let needed = board.imageDisplaySizes(displayScale: displayScale, maximumSide: maximumImageSide)
        var seen = loaded
        var jobs: [ImageDecodeQueue.Job] = []
        for ref in board.imageReferences where seen.insert(ref.path).inserted {
            jobs.append(.init(path: ref.path, needed: needed[ref.path] ?? PixelSize(maximumImageSide, maximumImageSide)))
        }
        return jobs
    }

    /// The board decoded and its gesture thresholds checked; the problems found beside a usable
    /// board (its images are not looked at).
    private static func decodeBoard(bytes: [UInt8], name: String) -> Result<(Board, [BoardProblem]), BoardProblems> {
        let (decoded, decodeProblems) = BoardDecoder.decodeAll(bytes, file: name)
        guard let board = decoded else { return .failure(BoardProblems(decodeProblems)) }
        var problems = decodeProblems
        // Unknown gesture threshold names and bad values are board errors like any other.
        if case .failure(let p) = GestureThresholds.forBoard(board, file: name) { problems += p.problems }
        // A named time zone must exist in the installed tzdata (the decoder only checks its shape).
        problems += BoardZones.problems(board, file: name)
        return .success((board, problems))
    }
}
