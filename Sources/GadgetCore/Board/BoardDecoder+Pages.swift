/// Pages, actions and the idle return: the parts of the board format that refer to each other
/// across the file (an action names a page, `idle.homePage` names a page, ids are unique over
/// every page), so they are checked once everything is decoded.
extension BoardDecoder {
    /// Most pages a board may hold (each page is a screen an integrator designs by hand).
    public static let maximumPages = 1000

    /// `"pages"`: the pages in order and their gadgets (tagged with their page), in file order.
    mutating func pagesAndGadgets(_ v: JSONValue?) -> ([BoardPage], [Gadget]) {
        guard let v else { return ([], []) }
        guard case .array(let items) = v else { problem("pages", "expected an array of pages, got \(v.kindName)"); pagesIncomplete = true; return ([], []) }
        if items.isEmpty { problem("pages", "empty (give at least one page, or leave \"pages\" out)"); pagesIncomplete = true; return ([], []) }
        if items.count > BoardDecoder.maximumPages { problem("pages", "more than \(BoardDecoder.maximumPages) pages"); pagesIncomplete = true; return ([], []) }
        var pages: [BoardPage] = []
        var gadgets: [Gadget] = []
        var pageIDs: [String: Int] = [:]
        var gadgetPaths: [String: String] = [:]
        for (p, item) in items.enumerated() {
            let path = "pages[\(p)]"
            guard let pairs = fields(item, path, allowed: ["id", "gadgets"]) else { pagesIncomplete = true; continue }
            let obj = JSONValue.object(pairs)
            let id = requiredID(obj, path)
            if id.isEmpty { pagesIncomplete = true }
            if !id.isEmpty {
                if let first = pageIDs[id] {
                    problem("\(path).id", "duplicate page id \"\(id)\" (first used by pages[\(first)])")
                } else {
                    pageIDs[id] = p
                    pages.append(BoardPage(id: id))
                }
            }
            guard let gv = obj["gadgets"] else { continue }  // an empty page (shared gadgets only) is fine
            guard case .array(let list) = gv else { problem("\(path).gadgets", "expected an array, got \(gv.kindName)"); continue }
            for (i, g) in list.enumerated() {
                let gpath = "\(path).gadgets[\(i)]"
                guard var gadget = gadget(g, gpath, fileOrder: Double(gadgets.count)) else { continue }
                if let first = gadgetPaths[gadget.id] {
                    problem("\(gpath).id", "duplicate id \"\(gadget.id)\" (first used by \(first))")
                    continue
                }
                gadgetPaths[gadget.id] = gpath
                gadget.page = id
                gadgets.append(gadget)
                if gadgets.count > BoardDecoder.maximumGadgets { problem("pages", "more than \(BoardDecoder.maximumGadgets) gadgets"); pagesIncomplete = true; return (pages, []) }
            }
        }
        return (pages, gadgets)
    }

    /// `"action"` / `"longPressAction"`: exactly one of `page`, `back`, `emit`, `reset`, `play`.
    /// A `play` names a sound of `"sounds"`, checked once the sounds are known (`checkSoundNames`).
    mutating func gadgetAction(_ v: JSONValue, _ path: String) -> GadgetAction? {
        let allowed: Set<String> = ["page", "back", "emit", "reset", "play"]
        guard let pairs = fields(v, path, allowed: allowed), pairs.allSatisfy({ allowed.contains($0.0) }) else { return nil }
        guard pairs.count == 1, let (key, value) = pairs.first else {
            problem(path, "give exactly one of page, back, emit, reset, play")
            return nil
        }
        let at = join(path, key)
        switch key {
        case "page", "emit", "play":
            guard case .string(let s) = value, !s.isEmpty else { problem(at, "expected a non-empty string"); return nil }
            return key == "page" ? .page(s) : key == "emit" ? .emit(s) : .play(s)
        default:
            guard case .bool(true) = value else { problem(at, "must be true"); return nil }
            return key == "back" ? .back : .reset
        }
    }

    /// Every page an action names exists; `back` needs pages to go back between.
    mutating func checkActions(_ gadgets: [Gadget], pages: [BoardPage], paths: [String: String]) {
        let known = pages.map(\.id)
        // Pages given but unreadable were reported where they are; a name may be one of them.
        guard !pagesIncomplete else { return }
        for g in gadgets {
            guard let path = paths[g.id] else { continue }
            for (field, action) in [("action", g.action), ("longPressAction", g.longPressAction)] {
                switch action {
                case .page(let id) where !known.contains(id):
                    problem("\(path).\(field).page", known.isEmpty ? "names page \"\(id)\", but the board has no pages"
                                                                   : "unknown page \"\(id)\" (pages: \(known.joined(separator: ", ")))")
                case .back where known.isEmpty:
                    problem("\(path).\(field).back", "the board has no pages to go back between")
                default:
                    break
                }
            }
        }
    }

    /// `idle.homePage` names a page of this board.
    mutating func checkIdle(_ idle: IdleSettings, pages: [BoardPage]) {
        guard let home = idle.homePage, !pagesIncomplete else { return }
        let known = pages.map(\.id)
        if known.isEmpty {
            problem("idle.homePage", "names page \"\(home)\", but the board has no pages")
        } else if !known.contains(home) {
            problem("idle.homePage", "unknown page \"\(home)\" (pages: \(known.joined(separator: ", ")))")
        }
    }
}
