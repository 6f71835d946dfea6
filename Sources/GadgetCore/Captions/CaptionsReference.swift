/// A video gadget's captions (`"captions"` in the board file): a WebVTT file relative to the
/// board file, as its clip is, and whether they show from the start. The visitor turns them on
/// or off afterwards (`{"cmd":"video",…,"action":"captions","show"}`).
public struct CaptionsReference: Sendable, Hashable {
    public var path: String
    /// The JSON path that named the file, for messages (`gadgets[2] (lobby).captions`).
    public var jsonPath: String
    /// Shown when the board starts (default true: EN 301 549 7.1.1, captions that exist are
    /// displayed); false: there for a visitor to turn on.
    public var show: Bool

    public init(path: String, jsonPath: String, show: Bool = true) {
        self.path = path; self.jsonPath = jsonPath; self.show = show
    }
}

extension Board {
    /// Every video gadget's captions with the gadget's index, in board order.
    public var captionReferences: [(index: Int, captions: CaptionsReference)] {
        gadgets.enumerated().compactMap { i, g in g.video?.captions.map { (i, $0) } }
    }
}
