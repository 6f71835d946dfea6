import GadgetCore
import GadgetRender

/// Loads the board a command names, or the demo board when none is named, by the kiosk's rules
/// (`BoardLoader.loadForKiosk`): `snapshot`, `replay`, the bench and a running kiosk's reload
/// (SIGHUP, a saved file) take a board with a missing font the way `run` starts with it, drawn
/// with a fallback and a warning. Only `check` refuses it.
public enum BoardSource {
    /// `displayScale`: display pixels per board pixel, for the size images are decoded at
    /// (see `BoardLoader.load(path:displayScale:)`).
    /// The demo board's art comes from `demoArtCache` when it holds this binary's (default: the
    /// user's cache directory, `DemoArtCache.user()`).
    public static func load(_ path: String?, displayScale: Double = 1,
                            demoArtCache: DemoArtCache? = DemoArtCache.user()) -> Result<LoadedBoard, BoardProblems> {
        if let path { return BoardLoader.loadForKiosk(path: path, displayScale: displayScale) }
        return DemoBoard.load(cache: demoArtCache)
    }
}
