import GadgetCore
import GadgetRender

/// Loads the board a command names, or the demo board when none is named.
public enum BoardSource {
    public static func load(_ path: String?) -> Result<LoadedBoard, BoardProblems> {
        if let path { return BoardLoader.load(path: path) }
        return DemoBoard.load()
    }
}
