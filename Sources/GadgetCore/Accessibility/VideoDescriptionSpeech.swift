/// A video's `"description"` said when the video starts playing in speech mode (issue 39 §7, EN
/// 301 549 5.1.3.7: a speech equivalent of the picture), not only when the focus or a finger
/// reaches it: once per start (a player's `started`, never its loops), as any speech replacing
/// what was said and stopped by the visitor's next action. Pure.
public enum VideoDescriptionSpeech {
    /// What is said when the video of gadget `id` starts, on the page `page` of `board`: its
    /// label (when it is not the description itself), then its description ("Lobby film. A
    /// guide waves."). Nil when it is not in the tree of the page shown (another page's, hidden)
    /// or has no description. `publicText` is what events may carry (a private gadget's own text
    /// never; its description is the board's public words).
    public static func said(board: Board, page: String?, gadget id: String, privateOutput: Bool) -> (text: String, publicText: String, language: String?)? {
        guard let node = AccessibilityTree(board: board, page: page).node(id: id), node.role == .video,
              let description = board.gadget(id: id)?.video?.spokenDescription else { return nil }
        // A video with no label and no text is named by its description (the node has none
        // beside it): the description alone, said once.
        guard node.description != nil else { return (description, description, node.language) }
        func compose(_ label: String?) -> String { AccessibilityNode.sentences([label, description].compactMap { $0 }) }
        return (compose(node.speakable(privateOutput: privateOutput)), compose(node.publicText), node.language)
    }
}
