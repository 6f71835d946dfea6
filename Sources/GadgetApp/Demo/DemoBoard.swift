import GadgetCore
import GadgetRender
import GadgetSystem

/// The built-in board, used when no board file is given: a real kiosk layout (photos, a weather
/// card, a note, a placard that springs home, coloured gadgets, a backdrop), with artwork painted
/// by `DemoArt`. `export(to:)` writes it as an ordinary board directory to copy and edit.
public enum DemoBoard {
    public static let name = "demo board"

    /// The board file, as a user would write it.
    public static let json = """
    {
      "size": [1280, 720],
      "background": { "image": "backdrop.png", "color": "#141c28" },
      "gadgets": [
        { "id": "sunset", "image": "sunset.png", "center": [250, 250], "size": [270, 320], "rotation": -8,
          "text": { "string": "Sunset over the Algarve", "font": "Noto Serif", "style": "italic", "size": 19, "color": "#3a3f4a",
                    "align": "center", "verticalAlign": "bottom", "maxLines": 1, "padding": [0, 14, 19, 14] } },
        { "id": "alps", "image": "alps.png", "center": [540, 290], "size": [270, 320], "rotation": 5,
          "text": { "string": "Above Zermatt", "font": "Noto Serif", "style": "italic", "size": 19, "color": "#3a3f4a",
                    "align": "center", "verticalAlign": "bottom", "maxLines": 1, "padding": [0, 14, 19, 14] } },
        { "id": "city", "image": "city.png", "center": [830, 245], "size": [270, 320], "rotation": -3,
          "text": { "string": "Night city", "font": "Noto Serif", "style": "italic", "size": 19, "color": "#3a3f4a",
                    "align": "center", "verticalAlign": "bottom", "maxLines": 1, "padding": [0, 14, 19, 14] } },
        { "id": "weather", "image": "weather.png", "center": [1100, 170], "size": [270, 165], "rotation": 4, "lock": "modal" },
        { "id": "note", "image": "note.png", "center": [1110, 440], "size": [190, 190], "rotation": 7, "scalable": false,
          "text": { "string": "To do\\n• coffee\\n• demo at 3\\n• ship it!", "font": "Noto Sans", "size": 21, "color": "#4b4000",
                    "lineHeight": 1.45, "padding": [28, 14, 10, 20] } },
        { "id": "red-disc", "image": "disc-red.png", "center": [120, 560], "size": [96, 96], "shape": "circle" },
        { "id": "green-disc", "image": "disc-green.png", "center": [230, 620], "size": [72, 72], "shape": "circle" },
        { "id": "yellow-square", "color": "#ffcc00", "center": [1030, 630], "size": [78, 78], "rotation": 18 },
        { "id": "blue-bar", "color": "#5ac8fa", "center": [1170, 640], "size": [150, 36], "rotation": -12, "opacity": 0.9 },
        { "id": "placard", "image": "placard.png", "center": [640, 600], "size": [440, 110], "springHome": true, "rotatable": false, "scalable": false, "inertia": false,
          "text": { "string": "Welcome · أهلاً وسهلاً · ようこそ\\nDrag, pinch, rotate, flick", "font": "Noto Sans", "weight": "bold", "size": 25,
                    "color": "#4a2500", "align": "center", "verticalAlign": "middle", "lineHeight": 1.3, "padding": [0, 12, 8, 8] } }
      ]
    }
    """

    /// The art no installed font changes (all but the weather card, whose lettering is type).
    static let fontFreeArt = ["backdrop.png", "sunset.png", "alps.png", "city.png", "note.png", "disc-red.png", "disc-green.png", "placard.png"]
    /// The art with lettering: kept in the cache with the font files it was drawn with.
    static let letteredArt = ["weather.png"]

    /// The artwork: read from `cache` when it holds this binary's, else painted (and written
    /// there). The weather card is read back while the fonts its lettering used are unchanged,
    /// else painted again (then fontconfig and FreeType start as well: about 10 ms). The
    /// backdrop, about half the painting, is painted on a second thread while this one paints the
    /// rest: `snapshot` and `run` of the demo start sooner on a machine with a core to spare
    /// (issue 35's start-up target). Without a thread, all here.
    public static func paintImages(cache: DemoArtCache? = nil) -> [String: RGBAImage] {
        if let cache, var images = cache.read(names: fontFreeArt, lettered: letteredArt) {
            if images["weather.png"] == nil {
                let lettering = DemoLettering()
                images["weather.png"] = DemoArt.weatherCard(lettering: lettering)
                // Without fonts there is nothing new to keep: the file stays as it is.
                if !lettering.fonts.isEmpty { cache.write(images, lettered: letteredArt, letteringFiles: lettering.fonts) }
            }
            return images
        }
        let backdrop = PaintedBackdrop()
        let painter = try? JoinableThread { backdrop.image = DemoArt.backdrop() }
        let lettering = DemoLettering()
        var images = [
            "sunset.png": DemoArt.instantPhoto(scene: DemoArt.sunsetScene),
            "alps.png": DemoArt.instantPhoto(scene: DemoArt.alpineScene),
            "city.png": DemoArt.instantPhoto(scene: DemoArt.cityScene),
            "weather.png": DemoArt.weatherCard(lettering: lettering),
            "note.png": DemoArt.stickyNote(),
            "disc-red.png": DemoArt.disc(.rgb("#ff3b30")),
            "disc-green.png": DemoArt.disc(.rgb("#34c759")),
            "placard.png": DemoArt.placard(),
        ]
        painter?.join()
        images["backdrop.png"] = backdrop.image ?? DemoArt.backdrop()
        cache?.write(images, lettered: letteredArt, letteringFiles: lettering.fonts)
        return images
    }

    /// The backdrop thread's result: written by that thread, read after `join` (which orders it).
    private final class PaintedBackdrop: @unchecked Sendable {
        var image: RGBAImage?
    }

    struct PaintedImages: ImageSource {
        let images: [String: RGBAImage]
        func image(at path: String) -> Result<RGBAImage, ImageLoadFailure> {
            images[path].map { .success($0) } ?? .failure(ImageLoadFailure("file not found: \(path)"))
        }
    }

    /// The demo board, loaded (its JSON is decoded like any board file, so it is checked too);
    /// its art from `cache` when there (`paintImages(cache:)`).
    public static func load(cache: DemoArtCache? = nil) -> Result<LoadedBoard, BoardProblems> {
        // Its fonts (Noto, DejaVu) are in scripts/install-deps.sh and deploy/install.sh; where one
        // is missing the kiosk draws in sans-serif and logs it rather than refusing the demo.
        BoardLoader.load(bytes: Array(json.utf8), name: name, images: PaintedImages(images: paintImages(cache: cache)), checkingText: false)
    }

    /// Files in the export directory that differ from what `export` would write: the user's edits.
    public struct EditedFiles: Error, Sendable, CustomStringConvertible {
        public let paths: [String]
        public var description: String {
            "\(paths.joined(separator: ", ")) \(paths.count == 1 ? "differs" : "differ") from the demo board (edited?); nothing written (--force overwrites)"
        }
    }

    /// Writes `board.json` and the PNGs into `directory` (created if missing). A file already
    /// there with other content is someone's edit: nothing is written unless `force`. Re-exporting
    /// over an unchanged export is fine (the same bytes).
    public static func export(to directory: String, force: Bool = false) throws -> [String] {
        var files: [(path: String, bytes: [UInt8])] = [(FileIO.resolve("board.json", against: directory), Array((json + "\n").utf8))]
        for (name, image) in paintImages().sorted(by: { $0.key < $1.key }) {
            files.append((FileIO.resolve(name, against: directory), try PNGCodec.encode(image)))
        }
        if !force {
            let edited = files.filter { FileIO.exists($0.path) && (try? FileIO.read($0.path)) != $0.bytes }.map(\.path)
            if !edited.isEmpty { throw EditedFiles(paths: edited) }
        }
        try FileIO.makeDirectory(directory)
        for f in files { try FileIO.replace(f.path, with: f.bytes) }
        return files.map(\.path)
    }
}
