import GadgetCore
import GadgetRender

/// Loads the board a command names, or the demo board when none is named.
public enum BoardSource {
    /// `displayScale`: display pixels per board pixel, for the size images are decoded at
    /// (see `BoardLoader.load(path:displayScale:)`).
    public static func load(_ path: String?, displayScale: Double = 1) -> Result<LoadedBoard, BoardProblems> {
        if let path { return BoardLoader.load(path: path, displayScale: displayScale) }
        return DemoBoard.load()
    }
}
