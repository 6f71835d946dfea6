import GadgetCore
import GadgetRender

/// Text at run time. A `set` of a plain string replaces only the string (the style the board gave
/// stays); a text object is read by the board decoder's own text reader
/// (`BoardDecoder.textObject`: the same fields, ranges and messages as a board file) and replaces
/// the whole text. Either way only that gadget's text is laid out again, into its room in the
/// atlas or a new one. Text shown at another zoom than it was drawn for is drawn again once things settle.
extension LiveBoard {
    /// What gadget `gadget` shows after the request, or the field at fault.
    func resolveText(_ text: GadgetChange.Text, for gadget: Gadget) -> Result<GadgetText, ControlFailure> {
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
            let path = gadget.text?.jsonPath ?? "gadgets[\(board.gadgets.firstIndex { $0.id == gadget.id } ?? 0)].text"
            switch BoardDecoder.textObject(object, path: path, file: "set", pixelsPerPoint: board.touch.pixelsPerPoint) {
            case .failure(let problems):
                // The message's path is the request's field (`text.size`), not the board's.
                let first = problems.problems.first.map { p -> String in
                    let field = p.jsonPath.hasPrefix(path) ? "text" + p.jsonPath.dropFirst(path.count) : p.jsonPath
                    return "\(field): \(p.message)"
                } ?? "not a text object"
                return .failure(ControlFailure(field: "text", message: first))
            case .success(let text):
                // A font file would be a path a client chose, opened by FreeType: the path rule
                // (nothing outside the board's directory) is kept by accepting families only.
                if case .file = text.style.font {
                    return .failure(ControlFailure(field: "text.font", message: "font files cannot be set over the control channel; give a fontconfig family (or name the file in the board)"))
                }
                return .success(text)
            }
        }
    }

    /// The scene shows gadget `index`'s new text: only its text is laid out and uploaded, into
    /// its atlas room or a new one (BoardScene+TextRooms.swift); a new scene only when that fails.
    func textChanged(_ index: GadgetIndex, from old: GadgetText?, to new: GadgetText) {
        guard hasDisplay, !sceneStale else { return }
        do {
            // Only what this text added: the scene's list holds every earlier warning too.
            for warning in try scene.setText(new, ofGadget: index.rawValue, board: board) { Loggers.render.warning("\(warning)") }
            return
        } catch {
            Loggers.render.warning("text: \(error); drawing the board again")
        }
        sceneStale = true
        drawAgain(.boardChanged)
    }

    /// Shows `string` as gadget `id`'s text from the next frame on, its style kept (a plain-text
    /// `set`). Throws `BoardScene.SetTextError` (no such gadget, no text on it, too long).
    public func setText(_ string: String, forGadget id: String) throws {
        guard let i = index(of: id) else { throw BoardScene.SetTextError.noSuchGadget(id) }
        guard board.gadgets[i.rawValue].text != nil else { throw BoardScene.SetTextError.noText(id) }
        let count = string.unicodeScalars.count
        guard count <= GadgetText.maximumLength else { throw BoardScene.SetTextError.tooLong(gadget: id, count: count) }
        var change = GadgetChange(gadget: id)
        change.text = .plain(string)
        _ = apply(change, now: session.time)
    }

    /// After frames that moved things, once everything is still: when text is shown at another
    /// zoom than it was drawn for, the next frame draws it again at that zoom.
    func sharpenSettledText() {
        guard textMayNeedSharpening, session.isIdle, hasDisplay else { return }
        textMayNeedSharpening = false
        if scene.textNeedsSharpening(poses: session.renderPoses(), board: board) {
            textSharpeningDue = true
            drawAgain(.boardChanged)
        }
    }

    /// In a frame, before its damage is planned: the text found soft is drawn again; its
    /// gadgets' revisions go up, so damage tracking redraws them.
    func sharpenTextIfDue(poses: [GadgetPose]) {
        guard textSharpeningDue else { return }
        textSharpeningDue = false
        do { try scene.sharpenText(poses: poses, board: board) } catch {
            Loggers.render.error("text: re-rasterising at the shown size failed: \(error)")
        }
    }
}
