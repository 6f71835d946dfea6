/// Turns board-file JSON into a `Board`, collecting every problem with its JSON path.
///
/// Unknown fields are errors: a misspelt `"colr"` silently ignored is a kiosk that looks wrong
/// in the field. Images are only referenced here; the app checks that they exist and decode.
public struct BoardDecoder {
    /// Largest canvas side accepted, in pixels (bounds memory for render targets).
    public static let maximumCanvasSide = 16384.0
    /// Most gadgets a board may hold.
    public static let maximumGadgets = 100_000
    /// Largest gadget side, pixels: four canvases (a gadget may be scaled down or hang over the
    /// edges, never astronomically large — the physics' mass and inertia overflow to infinity
    /// and NaN long before a double does; the board fuzzer found a 1.9e209 px gadget doing it).
    public static let maximumGadgetSide = 4 * maximumCanvasSide
    /// Farthest a gadget's centre may be from the canvas, pixels, for the same reason.
    public static let maximumCenterDistance = 1e6

    private let file: String
    var problems: [BoardProblem] = []
    /// The JSON path of each gadget with an action, by id, for the page checks made once every
    /// page is known.
    var actionPaths: [String: String] = [:]
    /// Board pixels per point (`touch.ppi`), for text sizes given in points.
    var pixelsPerPoint = 1.0
    /// What the cross-reference checks must not call unknown, because its own problem was
    /// reported already (rustc's and Clang's cascade suppression): the ids of sources given but
    /// refused, and whether sources or pages were given that could not be read whole (then any
    /// name may be the one that failed).
    var refusedSourceIDs: Set<String> = []
    var sourcesIncomplete = false
    var pagesIncomplete = false
    /// `"sounds"` given but not read whole: any sound name may be the one that failed.
    var soundsIncomplete = false
    /// `"forms"` given but not read whole, and the ids of forms refused: a field naming one is
    /// not a second mistake (BoardDecoder+Typing.swift).
    var formsIncomplete = false
    var refusedFormIDs: Set<String> = []

    /// Decodes UTF-8 JSON bytes. `file` names the board in messages.
    public static func decode(_ bytes: [UInt8], file: String) -> Result<Board, BoardProblems> {
        let (board, problems) = decodeAll(bytes, file: file)
        if problems.isEmpty, let board { return .success(board) }
        return .failure(BoardProblems(problems))
    }

    /// Decodes as much as possible: the board without the gadgets that had problems (nil when the
    /// JSON itself is unreadable), and every problem. Lets a checker go on to the images of the
    /// gadgets that did decode, so one run lists every error.
    public static func decodeAll(_ bytes: [UInt8], file: String) -> (Board?, [BoardProblem]) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            return (nil, [BoardProblem(file: file, jsonPath: "", message: "invalid JSON: \(error.description)")])
        }
        var d = BoardDecoder(file: file)
        let board = d.board(json)
        return (board, d.problems)
    }

    init(file: String) { self.file = file }

    mutating func problem(_ path: String, _ message: String) {
        problems.append(BoardProblem(file: file, jsonPath: path, message: message))
    }

    // MARK: - Field access

    /// An object's fields, checked against the allowed names.
    mutating func fields(_ v: JSONValue, _ path: String, allowed: Set<String>) -> [(String, JSONValue)]? {
        guard case .object(let pairs) = v else {
            problem(path.isEmpty ? "" : path, "expected an object, got \(v.kindName)")
            return nil
        }
        var seen = Set<String>()
        var named: [(String, JSONValue)] = []
        for (k, v) in pairs {
            guard let name = BoardDecoder.canonicalField(k, allowed: allowed) else {
                problem(join(path, k), BoardDecoder.unknownFieldMessage(k, allowed: allowed))
                named.append((k, v))  // kept: a caller that checks the names itself sees it too
                continue
            }
            if !seen.insert(name).inserted { problem(join(path, k), name == k ? "field given twice" : "same field as \"\(name)\" (give one)") }
            named.append((name, v))
        }
        return named
    }

    func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    mutating func number(_ v: JSONValue?, _ path: String, range: ClosedRange<Double>? = nil, default d: Double) -> Double {
        guard let v else { return d }
        guard case .number(let n) = v else { problem(path, "expected a number, got \(v.kindName)"); return d }
        if let range, !range.contains(n) { problem(path, "\(JSONWriter.format(n)) is out of range \(JSONWriter.format(range.lowerBound))...\(JSONWriter.format(range.upperBound))"); return d }
        return n
    }

    mutating func bool(_ v: JSONValue?, _ path: String, default d: Bool) -> Bool {
        guard let v else { return d }
        guard case .bool(let b) = v else { problem(path, "expected true or false, got \(v.kindName)"); return d }
        return b
    }

    private mutating func vector(_ v: JSONValue?, _ path: String, positive: Bool = false) -> Vector2? {
        guard let v else { return nil }
        guard case .array(let items) = v, items.count == 2, case .number(let x) = items[0], case .number(let y) = items[1] else {
            problem(path, "expected [x, y] (two numbers), got \(v.kindName)")
            return nil
        }
        if positive, !(x > 0 && y > 0) { problem(path, "both values must be greater than 0"); return nil }
        return Vector2(x, y)
    }

    mutating func color(_ v: JSONValue, _ path: String) -> Color? {
        guard case .string(let s) = v else { problem(path, "expected a colour string \"#rrggbb\" or \"#rrggbbaa\", got \(v.kindName)"); return nil }
        guard let c = Color(hex: s) else { problem(path, "invalid colour \"\(s)\" (expected #rrggbb or #rrggbbaa)"); return nil }
        return c
    }

    private mutating func imagePath(_ v: JSONValue, _ path: String) -> ImageReference? {
        guard case .string(let s) = v else { problem(path, "expected a file path string, got \(v.kindName)"); return nil }
        guard !s.isEmpty else { problem(path, "empty file path"); return nil }
        return ImageReference(path: s, jsonPath: path)
    }

    // MARK: - Board

    private mutating func board(_ json: JSONValue) -> Board? {
        let allowed: Set<String> = ["$schema", "size", "background", "gadgets", "pages", "rotation", "touch", "physics", "idle", "thresholds", "lang",
                                    "timezone", "schedule", "wakeOnTouchSeconds", "playlist", "sources", "locale",
                                    "volume", "sounds", "tapSound", "keyboard", "forms"]
        let allowedHere = allowed.union(BoardDecoder.accessibilityBoardFields)  // BoardDecoder+Accessibility.swift
        guard let pairs = fields(json, "", allowed: allowedHere) else { return nil }
        let root = JSONValue.object(pairs)

        var size = Size2(1280, 720)
        if let v = root["size"] {
            if let s = vector(v, "size", positive: true) {
                if s.x > BoardDecoder.maximumCanvasSide || s.y > BoardDecoder.maximumCanvasSide {
                    problem("size", "canvas larger than \(Int(BoardDecoder.maximumCanvasSide)) pixels on a side")
                } else {
                    size = Size2(s.x, s.y)
                }
            }
        } else {
            problem("size", "missing required field")
        }

        var background = Board.Background.color(Color(r: 0.12, g: 0.14, b: 0.19))
        if let v = root["background"] {
            if case .object = v {
                if let bp = fields(v, "background", allowed: ["image", "color"]) {
                    let obj = JSONValue.object(bp)
                    let fill = obj["color"].flatMap { color($0, "background.color") } ?? .black
                    if let iv = obj["image"] {
                        if let ref = imagePath(iv, "background.image") { background = .image(ref, fill: fill) }
                    } else {
                        problem("background.image", "missing required field")
                    }
                }
            } else if let c = color(v, "background") {
                background = .color(c)
            }
        }

        var rotation = DisplayRotation.none
        if let v = root["rotation"] {
            let n = number(v, "rotation", default: 0)
            if let i = Int(exactly: n), let r = DisplayRotation(rawValue: i) { rotation = r } else { problem("rotation", "must be 0, 90, 180 or 270") }
        }

        let touch = touchSettings(root["touch"])
        pixelsPerPoint = touch.pixelsPerPoint
        let physics = physicsSettings(root["physics"])
        let idle = idleSettings(root["idle"])
        let thresholds = thresholdOverrides(root["thresholds"])
        let data = boardData(root)  // BoardDecoder+Sources.swift

        // A paged board's page gadgets come first in file order, so by default the shared ones
        // (a header, a clock) are drawn over the pages sliding under them.
        let (pages, pageGadgets) = pagesAndGadgets(root["pages"])
        var gadgets: [Gadget] = pageGadgets
        var ids: [String: String] = [:]
        for g in pageGadgets { ids[g.id] = g.page.map { "page \"\($0)\"" } ?? "" }
        if let v = root["gadgets"] {
            if case .array(let items) = v {
                if items.count + pageGadgets.count > BoardDecoder.maximumGadgets {
                    problem("gadgets", "more than \(BoardDecoder.maximumGadgets) gadgets")
                } else {
                    var shared: [String: Int] = [:]
                    for (i, item) in items.enumerated() {
                        let path = "gadgets[\(i)]"
                        guard let g = gadget(item, path, fileOrder: Double(pageGadgets.count + i)) else { continue }
                        if let first = shared[g.id] {
                            problem("\(path).id", "duplicate id \"\(g.id)\" (first used by gadgets[\(first)])")
                        } else if let where_ = ids[g.id] {
                            problem("\(path).id", "duplicate id \"\(g.id)\" (also used on \(where_))")
                        } else {
                            shared[g.id] = i
                            gadgets.append(g)
                        }
                    }
                }
            } else {
                problem("gadgets", "expected an array, got \(v.kindName)")
            }
        } else if root["pages"] == nil {
            problem("gadgets", "missing required field")
        }
        checkActions(gadgets, pages: pages, paths: actionPaths)
        let audio = boardAudio(root)  // BoardDecoder+Audio.swift
        checkSoundNames(gadgets, audio: audio, paths: actionPaths)
        checkIdle(idle, pages: pages)
        checkBindings(gadgets, data: data)  // BoardDecoder+Bindings.swift
        let forms = boardForms(root["forms"], pages: pages)  // BoardDecoder+Typing.swift
        checkFields(gadgets, forms: forms)
        let accessibility = boardAccessibility(root, gadgets: gadgets)  // BoardDecoder+Accessibility.swift
        // Stable by z, then file order (sort is stable in Swift's standard library).
        let ordered = gadgets.enumerated().sorted { a, b in a.element.z != b.element.z ? a.element.z < b.element.z : a.offset < b.offset }.map(\.element)
        var board = Board(size: size, background: background, gadgets: ordered, rotation: rotation, touch: touch, physics: physics, idle: idle,
                          thresholdOverrides: thresholds)
        board.pages = pages
        board.language = root["lang"].flatMap { languageTag($0, "lang") }
        board.data = data
        board.schedule = boardSchedule(root, pages: pages)
        board.audio = audio
        board.keyboard = boardKeyboard(root["keyboard"])
        board.forms = forms
        board.accessibility = accessibility
        reachMounting(&board.accessibility, touch: board.touch, boardHeight: board.size.height)  // BoardDecoder+Accessibility.swift
        // The accessibility button, on top of every page (AccessibilityButton.swift).
        // Its panel's scrim and entries above it, hidden until a tap opens it (AccessibilityPanel.swift).
        if accessibility.button {
            let button = AccessibilityButton.gadget(for: board)
            board.gadgets.append(button)
            board.gadgets += AccessibilityPanel.gadgets(for: board, button: button)
        }
        return board
    }

    private mutating func touchSettings(_ v: JSONValue?) -> TouchSettings {
        var t = TouchSettings()
        guard let v, let pairs = fields(v, "touch", allowed: ["calibration", "ppi"]) else { return t }
        let obj = JSONValue.object(pairs)
        if let c = obj["calibration"] {
            if case .array(let items) = c, items.count == 6 {
                var values: [Double] = []
                for (i, item) in items.enumerated() {
                    if case .number(let n) = item { values.append(n) } else { problem("touch.calibration[\(i)]", "expected a number, got \(item.kindName)") }
                }
                if values.count == 6 {
                    if values[0] * values[4] - values[1] * values[3] == 0 { problem("touch.calibration", "matrix is singular (maps the panel to a line)") } else { t.calibration = values }
                }
            } else {
                problem("touch.calibration", "expected 6 numbers [a, b, c, d, e, f] as in LIBINPUT_CALIBRATION_MATRIX")
            }
        }
        if let p = obj["ppi"] { t.ppi = number(p, "touch.ppi", range: 10...2000, default: 163) }
        return t
    }

    private mutating func physicsSettings(_ v: JSONValue?) -> PhysicsSettings {
        var p = PhysicsSettings()
        guard let v, let pairs = fields(v, "physics", allowed: ["gravity", "stepRate", "decelerationRate", "accelerometer", "springStiffness", "springDampingRatio"]) else { return p }
        let obj = JSONValue.object(pairs)
        if let g = obj["gravity"] {
            if let vec = vector(g, "physics.gravity") {
                if abs(vec.x) > 1e6 || abs(vec.y) > 1e6 { problem("physics.gravity", "magnitude above 1e6 pt/s²") } else { p.gravity = vec }
            }
        }
        p.stepRate = number(obj["stepRate"], "physics.stepRate", range: 30...1000, default: p.stepRate)
        // 0.99 is UIScrollView's "fast"; values outside (0.9, 1) either stop at once or never stop.
        p.decelerationRate = number(obj["decelerationRate"], "physics.decelerationRate", range: 0.9...0.99999, default: p.decelerationRate)
        p.accelerometer = bool(obj["accelerometer"], "physics.accelerometer", default: false)
        if let v = obj["springStiffness"] { p.springStiffness = number(v, "physics.springStiffness", range: 1...10_000, default: 100) }
        if let v = obj["springDampingRatio"] { p.springDampingRatio = number(v, "physics.springDampingRatio", range: 0.05...10, default: 0.5) }
        return p
    }

    private mutating func idleSettings(_ v: JSONValue?) -> IdleSettings {
        var s = IdleSettings()
        guard let v, let pairs = fields(v, "idle", allowed: ["blankAfterMinutes", "mode", "homePage", "returnAfterSeconds"]) else { return s }
        let obj = JSONValue.object(pairs)
        if let m = obj["blankAfterMinutes"] { s.blankAfterMinutes = number(m, "idle.blankAfterMinutes", range: 0.05...100_000, default: 10) }
        if let m = obj["mode"] {
            if case .string(let str) = m, let mode = IdleSettings.Mode(rawValue: str) { s.mode = mode } else { problem("idle.mode", "must be \"dpms\" or \"black\"") }
        }
        if let h = obj["homePage"] {
            if case .string(let str) = h, !str.isEmpty { s.homePage = str } else { problem("idle.homePage", "expected a page id (a non-empty string)") }
        }
        if let r = obj["returnAfterSeconds"] { s.returnAfterSeconds = number(r, "idle.returnAfterSeconds", range: 1...604_800, default: 60) }
        // A home page without a time still means "return home": a minute, the interface's example.
        if s.homePage != nil, s.returnAfterSeconds == nil { s.returnAfterSeconds = 60 }
        return s
    }

    private mutating func thresholdOverrides(_ v: JSONValue?) -> [ThresholdOverride] {
        guard let v else { return [] }
        guard case .object(let pairs) = v else { problem("thresholds", "expected an object of name: number, got \(v.kindName)"); return [] }
        var out: [ThresholdOverride] = []
        for (k, value) in pairs {
            let path = "thresholds.\(k)"
            if case .number(let n) = value, n >= 0 {
                out.append(ThresholdOverride(name: k, value: n, jsonPath: path))
            } else {
                problem(path, "expected a number ≥ 0")
            }
        }
        return out
    }

    // MARK: - Gadget

    static let gadgetFields: Set<String> = Set<String>([
        "id", "image", "color", "center", "size", "rotation", "opacity", "z",
        "movable", "scalable", "rotatable", "lock", "inertia", "bounce", "doubleTapReset", "springHome", "minScale", "maxScale", "gestures",
        "elasticity", "friction", "resistance", "density", "collides", "shape", "action", "longPressAction", "text", "video",
        "bind", "qr",  // BoardDecoder+Bindings.swift, BoardDecoder+QR.swift
        "field",  // BoardDecoder+Typing.swift
        "web",  // BoardDecoder+Web.swift
    ]).union(BoardDecoder.accessibilityGadgetFields).union(BoardDecoder.captionGadgetFields)

    mutating func gadget(_ v: JSONValue, _ path: String, fileOrder: Double) -> Gadget? {
        let before = problems.count
        let path = BoardDecoder.labelled(path, v)
        guard let pairs = fields(v, path, allowed: BoardDecoder.gadgetFields) else { return nil }
        let obj = JSONValue.object(pairs)

        let id = requiredID(obj, path)

        var appearance = Gadget.Appearance.color(.white)
        switch (obj["image"], obj["color"]) {
        case (.some, .some): problem(path, "has both image and color (give one)")
        case (.some(let iv), nil): if let ref = imagePath(iv, "\(path).image") { appearance = .image(ref) }
        case (nil, .some(let cv)): if let c = color(cv, "\(path).color") { appearance = .color(c) }
        case (nil, nil):
            if obj["text"] == nil && obj["qr"] == nil && obj["video"] == nil && obj["field"] == nil && obj["web"] == nil {
                problem(path, "needs an image, a color, text, a qr, a video, a web page or a field")
            } else {
                appearance = .clear
            }
        }
        var video = gadgetVideo(obj, path, appearance: &appearance)
        gadgetCaptions(obj, path, video: &video)  // BoardDecoder+Captions.swift
        let web = gadgetWeb(obj, path, appearance: &appearance)  // BoardDecoder+Web.swift
        var field = obj["field"].flatMap { gadgetField($0, "\(path).field") }  // BoardDecoder+Typing.swift
        // A field's "text" is the style its value is drawn in (no string needed); the gadget's
        // text becomes what the field shows (its placeholder, dimmed, until something is typed).
        var text = obj["text"].flatMap { gadgetText($0, "\(path).text", stringRequired: obj["field"] == nil) }
        if var spec = field {
            spec.style = text?.style ?? FieldSpec.defaultStyle
            field = spec
            text = GadgetText(style: spec.initialDisplay.style(base: spec.style ?? FieldSpec.defaultStyle, multiline: spec.kind.isMultiline),
                              jsonPath: "\(path).text")
        }

        var center = Vector2.zero
        if let c = obj["center"] {
            if let v = vector(c, "\(path).center") {
                if abs(v.x) > BoardDecoder.maximumCenterDistance || abs(v.y) > BoardDecoder.maximumCenterDistance {
                    problem("\(path).center", "more than \(Int(BoardDecoder.maximumCenterDistance)) pixels from the canvas")
                } else {
                    center = v
                }
            }
        } else {
            problem("\(path).center", "missing required field")
        }
        var size = Size2(1, 1)
        if let s = obj["size"] {
            if let v = vector(s, "\(path).size", positive: true) {
                if v.x > BoardDecoder.maximumGadgetSide || v.y > BoardDecoder.maximumGadgetSide {
                    problem("\(path).size", "larger than \(Int(BoardDecoder.maximumGadgetSide)) pixels on a side")
                } else {
                    size = Size2(v.x, v.y)
                }
            }
        } else {
            problem("\(path).size", "missing required field")
        }

        let rotation = number(obj["rotation"], "\(path).rotation", range: -36000...36000, default: 0)
        let opacity = number(obj["opacity"], "\(path).opacity", range: 0...1, default: 1)
        let z = number(obj["z"], "\(path).z", default: fileOrder)

        var b = GadgetBehavior()
        // A field stays put under a typing finger unless the board says otherwise.
        if obj["field"] != nil { b.movable = false; b.scalable = false; b.rotatable = false; b.inertia = false; b.doubleTapReset = false }
        b.movable = bool(obj["movable"], "\(path).movable", default: b.movable)
        b.scalable = bool(obj["scalable"], "\(path).scalable", default: b.scalable)
        b.rotatable = bool(obj["rotatable"], "\(path).rotatable", default: b.rotatable)
        if let l = obj["lock"] {
            if case .string(let s) = l, let lock = GadgetBehavior.Lock(rawValue: s) { b.lock = lock } else { problem("\(path).lock", "must be \"free\" or \"modal\"") }
        }
        b.inertia = bool(obj["inertia"], "\(path).inertia", default: b.inertia)
        b.bounce = bool(obj["bounce"], "\(path).bounce", default: b.bounce)
        b.doubleTapReset = bool(obj["doubleTapReset"], "\(path).doubleTapReset", default: b.doubleTapReset)
        b.springHome = bool(obj["springHome"], "\(path).springHome", default: b.springHome)
        b.minScale = number(obj["minScale"], "\(path).minScale", range: 0.01...100, default: b.minScale)
        b.maxScale = number(obj["maxScale"], "\(path).maxScale", range: 0.01...100, default: b.maxScale)
        if b.minScale > b.maxScale { problem("\(path).minScale", "greater than maxScale") }
        if let gv = obj["gestures"] {
            if case .array(let items) = gv {
                var set: GestureSet = []
                for (i, item) in items.enumerated() {
                    if case .string(let s) = item, let g = GestureSet.names.first(where: { $0.0 == s }) { set.insert(g.1) } else {
                        problem("\(path).gestures[\(i)]", "must be one of tap, doubleTap, longPress, swipe")
                    }
                }
                b.gestures = set
            } else {
                problem("\(path).gestures", "expected an array of gesture names")
            }
        }

        var body = BodySettings()
        body.elasticity = number(obj["elasticity"], "\(path).elasticity", range: 0...1, default: body.elasticity)
        body.friction = number(obj["friction"], "\(path).friction", range: 0...1, default: body.friction)
        body.resistance = number(obj["resistance"], "\(path).resistance", range: 0...1000, default: body.resistance)
        body.density = number(obj["density"], "\(path).density", range: 0.001...1000, default: body.density)
        body.collides = bool(obj["collides"], "\(path).collides", default: body.collides)
        if let s = obj["shape"] {
            if case .string(let str) = s, let shape = BodySettings.Shape(rawValue: str) { body.shape = shape } else { problem("\(path).shape", "must be \"rectangle\" or \"circle\"") }
        }

        let action = obj["action"].flatMap { gadgetAction($0, "\(path).action") }
        let longPressAction = obj["longPressAction"].flatMap { gadgetAction($0, "\(path).longPressAction") }
        if action != nil, !b.gestures.contains(.tap) { problem("\(path).action", "runs on tap, but gestures leaves out \"tap\"") }
        if longPressAction != nil, !b.gestures.contains(.longPress) { problem("\(path).longPressAction", "runs on a long press, but gestures leaves out \"longPress\"") }

        // What the gadget was given, not what decoded: a `text` with a bad field was reported
        // once already, and a binding to it is not a second mistake.
        let live = gadgetLive(obj, path, appearance: appearance, hasText: obj["text"] != nil, hasVideo: obj["video"] != nil)  // BoardDecoder+Bindings.swift
        let accessibility = gadgetAccessibility(obj, path)  // BoardDecoder+Accessibility.swift
        guard problems.count == before else { return nil }
        if action != nil || longPressAction != nil { actionPaths[id] = path }
        var g = Gadget(id: id, appearance: appearance, center: center, size: size, rotationDegrees: rotation, opacity: opacity, z: z, behavior: b, body: body,
                       action: action, longPressAction: longPressAction, text: text)
        g.live = live
        g.video = video
        g.web = web
        g.field = field
        g.accessibility = accessibility
        return g
    }
}
