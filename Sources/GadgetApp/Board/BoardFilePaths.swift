import GadgetSystem

/// The one rule for paths written in a board file (docs/board-format.md, "Paths"), used by every
/// way a board is loaded (`check`, `snapshot`, `run`, the reload on save or SIGHUP, `ctl load`,
/// MQTT `load`): an image or font path is the author's, relative to the board file's directory
/// (`..` and absolute paths allowed, symlinks followed), so a board that passes `check` loads
/// every way.
///
/// Paths a control client sends (`set image`, `load`) are another matter: a client is not the
/// author, so its paths stay inside the board's directory with no `..` and no symlinks
/// (`BoardRelativePath`, `ConfinedImageSource`). A client chooses which board file of the
/// directory is shown; what that file references is the author's.
public enum BoardFilePaths {
    /// Where the images of the board file at `boardPath` are read from.
    public static func images(forBoardAt boardPath: String) -> FileImageSource {
        FileImageSource(directory: directory(ofBoardAt: boardPath))
    }

    /// The directory the board file's relative paths (images, font files) start from.
    public static func directory(ofBoardAt boardPath: String) -> String { FileIO.directory(of: boardPath) }
}
