import GadgetCore
import GadgetRender

/// `set`'s `text`: a plain string replaces only the string (the style the board gave stays, and
/// only that gadget's text is laid out again, into its place in the atlas); a text object is the
/// board file's `text` (every field, checked by the board decoder, so the socket and the file can
/// never disagree on what a field means) and replaces the whole text, which needs a new atlas.
extension KioskLoop {
    /// What gadget `gadget` shows after the request, or the field at fault.
    func controlText(_ text: ControlText, for gadget: Gadget, board: Board) -> Result<GadgetText, ControlFailure> {
        switch text {
        case .plain(let string):
            guard var current = gadget.text else {
                return .failure(ControlFailure(field: "text", message: "gadget \"\(gadget.id)\" has no text in the board (give a text object to add some)"))
            }
            let count = string.unicodeScalars.count
            guard count <= GadgetText.maximumLength else {
                return .failure(ControlFailure(field: "text", message: "\(count) characters, more than \(GadgetText.maximumLength)"))
            }
            current.style.string = string
            return .success(current)
        case .object(let object):
            return Self.decodeTextObject(object, gadget: gadget, board: board)
        }
    }

    /// The board decoder's reading of `object` as gadget `gadget`'s `text`: the same fields,
    /// ranges and messages as in a board file (the message's path is the request's field).
    static func decodeTextObject(_ object: JSONValue, gadget: Gadget, board: Board) -> Result<GadgetText, ControlFailure> {
        var touch: [(String, JSONValue)] = []
        if let ppi = board.touch.ppi { touch.append(("ppi", .number(ppi))) }
        let probe = JSONValue.object([
            ("size", .array([.number(board.size.width), .number(board.size.height)])),
            ("touch", .object(touch)),
            ("gadgets", .array([.object([
                ("id", .string("text")),
                ("center", .array([.number(board.size.width / 2), .number(board.size.height / 2)])),
                ("size", .array([.number(gadget.size.width), .number(gadget.size.height)])),
                ("text", object),
            ])])),
        ])
        switch BoardDecoder.decode(Array(JSONWriter.write(probe).utf8), file: "set") {
        case .failure(let problems):
            let first = problems.problems.first.map { "\($0.jsonPath.replacingPrefix("gadgets[0].", with: "")): \($0.message)" } ?? "not a text object"
            return .failure(ControlFailure(field: "text", message: first))
        case .success(let decoded):
            guard var text = decoded.gadgets.first?.text else { return .failure(ControlFailure(field: "text", message: "not a text object")) }
            // A font file would be a path a client chose, opened by FreeType: the path rule
            // (nothing outside the board's directory) is kept by accepting families only.
            if case .file = text.style.font {
                return .failure(ControlFailure(field: "text.font", message: "font files cannot be set over the control channel; give a fontconfig family (or name the file in the board)"))
            }
            text.jsonPath = gadget.text?.jsonPath ?? "gadgets[\(board.gadgets.firstIndex { $0.id == gadget.id } ?? 0)].text"
            return .success(text)
        }
    }

    /// The scene shows gadget `index`'s new text: in place when only the string changed and the
    /// gadget had text (`setText`, one glTexSubImage2D), else with a new atlas next frame.
    func textChanged(_ index: GadgetIndex, from old: GadgetText?, to new: GadgetText) {
        guard displayConnected, !sceneStale else { return }
        var sameStyle = old?.style
        sameStyle?.string = new.style.string
        if let sameStyle, sameStyle == new.style {
            do {
                try setText(new.style.string, forGadget: session.board.gadgets[index.rawValue].id)
                return
            } catch {
                Loggers.render.warning("text: \(error); drawing the board again")
            }
        }
        sceneStale = true
        needsDraw = true
    }
}

private extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
