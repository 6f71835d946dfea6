/// A gadget's `"label"`, `"role"`, `"hint"`, `"hidden"`, `"private"`, `"lang"`, and the board's
/// `"focusOrder"` and `"accessibility"` (docs/accessibility.md). Kept out of BoardDecoder.swift so
/// the accessibility fields are read in one place.
extension BoardDecoder {
    static let accessibilityGadgetFields: Set<String> = ["label", "role", "hint", "hidden", "private", "lang"]
    static let accessibilityBoardFields: Set<String> = ["focusOrder", "accessibility", "viewingDistanceMm"]
    /// The fields of `"accessibility"` (docs/board.schema.json lists the same; a test compares them).
    static let accessibilitySettingsFields: Set<String> = ["speech", "keys", "timeoutScale", "largeTextScale", "button", "reachMode", "reach"]

    /// The accessibility fields of one gadget object (its other fields are read by `gadget`).
    mutating func gadgetAccessibility(_ obj: JSONValue, _ path: String) -> GadgetAccessibility {
        var a = GadgetAccessibility()
        a.label = obj["label"].flatMap { spokenString($0, "\(path).label") }
        a.hint = obj["hint"].flatMap { spokenString($0, "\(path).hint") }
        if let v = obj["role"] {
            if case .string(let s) = v, let role = AccessibilityRole(rawValue: s) { a.role = role }
            else { problem("\(path).role", "must be one of \(AccessibilityRole.names.joined(separator: ", "))") }
        }
        a.hidden = bool(obj["hidden"], "\(path).hidden", default: false)
        a.isPrivate = bool(obj["private"], "\(path).private", default: false)
        a.language = obj["lang"].flatMap { languageTag($0, "\(path).lang") }
        // A control nobody can find without sight fails EN 5.5.2; decoration has no action.
        if a.hidden, obj["action"] != nil || obj["longPressAction"] != nil {
            problem("\(path).hidden", "has an action, so a visitor who cannot see must be able to find it (leave \"hidden\" out)")
        }
        return a
    }

    /// A label or hint: a non-empty string no longer than a gadget's text may be.
    private mutating func spokenString(_ v: JSONValue, _ path: String) -> String? {
        guard case .string(let s) = v, !s.isEmpty else { problem(path, "expected a non-empty string"); return nil }
        guard s.unicodeScalars.count <= GadgetText.maximumLength else {
            problem(path, "longer than \(GadgetText.maximumLength) characters")
            return nil
        }
        return s
    }

    /// Reach mode's mounting, once the board's `touch.ppi` is known: `floorToBottomMm` is needed,
    /// the pixel size is `reach.mmPerPx` or `touch.ppi`'s; and some of the screen must be within
    /// reach (ReachLayout.swift).
    mutating func reachMounting(_ settings: inout BoardAccessibility, touch: TouchSettings, boardHeight: Double) {
        guard settings.reachMode else { return }
        guard let floor = settings.reachFloorToBottomMm else {
            problem("accessibility.reach.floorToBottomMm", "missing (reach mode needs the height of the screen's bottom edge above the floor, mm)")
            return
        }
        guard let mm = settings.reachMmPerPixel ?? touch.ppi.map({ 25.4 / $0 }) else {
            problem("accessibility.reach.mmPerPx", "missing (reach mode needs the size of a board pixel: give reach.mmPerPx or touch.ppi)")
            return
        }
        let mounting = ReachLayout.Mounting(floorToBottomMm: floor, mmPerPixel: mm)
        guard mounting.band(boardHeight: boardHeight) != nil else {
            problem("accessibility.reach", "no part of the screen is \(Int(ReachLayout.lowestMm))-\(Int(ReachLayout.highestMm)) mm above the floor (EN 301 549 8.3.2): reach mode cannot help")
            return
        }
        settings.reach = mounting
    }

    /// `"focusOrder"` (every id a gadget's, once, not `"hidden"`) and `"accessibility"`.
    mutating func boardAccessibility(_ root: JSONValue, gadgets: [Gadget]) -> BoardAccessibility {
        var settings = BoardAccessibility()
        // 200 mm (a face at a handheld's distance) to 5 m (a wall sign read from across a hall).
        if let d = root["viewingDistanceMm"] { settings.viewingDistanceMm = number(d, "viewingDistanceMm", range: 200...5000, default: 600) }
        if let v = root["accessibility"], let pairs = fields(v, "accessibility", allowed: Self.accessibilitySettingsFields) {
            let obj = JSONValue.object(pairs)
            settings.speech = bool(obj["speech"], "accessibility.speech", default: false)
            settings.button = bool(obj["button"], "accessibility.button", default: false)
            if settings.button, gadgets.contains(where: { $0.id == AccessibilityButton.id }) {
                problem("accessibility.button", "the button's gadget id \"\(AccessibilityButton.id)\" is a board gadget's already (give that gadget another id)")
                settings.button = false
            }
            if settings.button, let taken = gadgets.first(where: { AccessibilityPanel.isPanelID($0.id) }) {
                problem("accessibility.button", "the panel's gadget id \"\(taken.id)\" is a board gadget's already (ids starting \"\(AccessibilityPanel.scrimID)\" are the panel's; give that gadget another id)")
                settings.button = false
            }
            if let t = obj["timeoutScale"] { settings.timeoutScale = number(t, "accessibility.timeoutScale", range: 1...10, default: 1) }
            if let t = obj["largeTextScale"] {
                let r = AccessibilityDisplay.largeTextScaleRange
                settings.largeTextScale = number(t, "accessibility.largeTextScale", range: r, default: AccessibilityDisplay.defaultLargeTextScale)
            }
            if let k = obj["keys"] { settings.keys = accessibilityKeys(k) }
            settings.reachMode = bool(obj["reachMode"], "accessibility.reachMode", default: false)
            if let r = obj["reach"], let rp = fields(r, "accessibility.reach", allowed: ["floorToBottomMm", "mmPerPx"]) {
                let ro = JSONValue.object(rp)
                if let f = ro["floorToBottomMm"] { settings.reachFloorToBottomMm = number(f, "accessibility.reach.floorToBottomMm", range: 0...3000, default: 0) }
                if let m = ro["mmPerPx"] { settings.reachMmPerPixel = number(m, "accessibility.reach.mmPerPx", range: 0.01...10, default: 1) }
            }
        }
        guard let v = root["focusOrder"] else { return settings }
        guard case .array(let items) = v else { problem("focusOrder", "expected an array of gadget ids, got \(v.kindName)"); return settings }
        // A gadget refused for its own problem is not in `gadgets`: its id is not "unknown".
        let gadgetsIncomplete = problems.contains { $0.jsonPath.hasPrefix("gadgets") || $0.jsonPath.hasPrefix("pages") }
        let byID = Dictionary(gadgets.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var first: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            let at = "focusOrder[\(i)]"
            guard case .string(let id) = item, !id.isEmpty else { problem(at, "expected a gadget id (a non-empty string), got \(item.kindName)"); continue }
            if let f = first[id] { problem(at, "\"\(id)\" given twice (first at focusOrder[\(f)])"); continue }
            first[id] = i
            guard let g = byID[id] else {
                if !gadgetsIncomplete {
                    let near = FieldNameSuggestion.nearest(id, among: byID.keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                    problem(at, "unknown gadget \"\(id)\"\(near)")
                }
                continue
            }
            if g.accessibility.hidden { problem(at, "gadget \"\(id)\" is \"hidden\": true, so it is never read"); continue }
            settings.focusOrder.append(id)
        }
        return settings
    }

    /// `"accessibility": {"keys": {"next": ["KEY_RIGHT", 106], …}}`: each command named replaces
    /// its default keys; a key may serve one command only.
    private mutating func accessibilityKeys(_ v: JSONValue) -> AccessibilityKeys {
        var keys = AccessibilityKeys.standard
        guard let pairs = fields(v, "accessibility.keys", allowed: Set(NavigationCommand.names)) else { return keys }
        var owner: [UInt16: String] = [:]
        var given: [NavigationCommand: [UInt16]] = [:]
        for (name, list) in pairs {
            guard let command = NavigationCommand(rawValue: name) else { continue }
            let path = "accessibility.keys.\(name)"
            guard case .array(let items) = list else { problem(path, "expected an array of key names (\"KEY_F1\") or codes, got \(list.kindName)"); continue }
            var codes: [UInt16] = []
            for (i, item) in items.enumerated() {
                let at = "\(path)[\(i)]"
                let code: UInt16?
                switch item {
                case .string(let s): code = AccessibilityKeys.code(named: s)
                case .number(let n): code = n == n.rounded() && n >= 1 && n <= 767 ? UInt16(n) : nil
                default: code = nil
                }
                guard let code else { problem(at, "expected a key name like \"KEY_F1\" (linux/input-event-codes.h) or a code 1…767"); continue }
                if let other = owner[code] { problem(at, "this key already does \"\(other)\""); continue }
                owner[code] = name
                codes.append(code)
            }
            given[command] = codes
        }
        // A default key of a command not named stays, unless a named command took it.
        for (command, codes) in keys.codes where given[command] == nil {
            keys.codes[command] = codes.filter { owner[$0] == nil }
        }
        for (command, codes) in given { keys.codes[command] = codes }
        return keys
    }
}
