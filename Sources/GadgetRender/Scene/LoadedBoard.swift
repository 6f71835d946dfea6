import GadgetCore

/// A board with every image it references decoded: ready to render. Built by `BoardLoader`.
public struct LoadedBoard: Sendable {
    /// Names the board in messages (its path, or "demo board").
    public var name: String
    public var board: Board
    /// Decoded straight-RGBA images by the path written in the board file.
    public var images: [String: RGBAImage]
    /// Each QR gadget's code as an image (straight alpha, quiet zone included), by gadget id:
    /// encoded by the app (GadgetSources' QREncoder), drawn square in the gadget's box.
    public var qrImages: [String: RGBAImage] = [:]
    /// The board's `"sounds"` decoded at the mix format, by name (those that decoded within the
    /// budget: GadgetApp's `BoardSounds`), and the problems of those that did not (a running
    /// kiosk logs them; `check` refuses them).
    public var sounds: [String: SoundBuffer] = [:]
    public var soundProblems: [BoardProblem] = []
    /// The videos' captions parsed, by the path the board gives (GadgetApp's `BoardCaptions`, on
    /// the load worker), and the problems of those that did not parse (a running kiosk logs them
    /// and shows those videos without captions; `check` refuses them).
    public var captions: [String: CaptionTrack] = [:]
    public var captionProblems: [BoardProblem] = []

    public init(name: String, board: Board, images: [String: RGBAImage]) {
        self.name = name; self.board = board; self.images = images
    }
}
