/// A video gadget's `"captions": "file.vtt"` or `{"src": "file.vtt", "show": true}` and its
/// `"description": "…"` (issue 39, EN 301 549 7.1 and 5.1.3.7; docs/video.md → board-format.md
/// "Captions"). Gadget fields rather than fields of `"video"`, so a clip given as a plain path
/// takes them too. Only on a gadget with a video.
extension BoardDecoder {
    static let captionGadgetFields: Set<String> = ["captions", "description"]

    /// The video's captions and description, set on `video`; a problem each when the gadget has
    /// no video or a field is malformed. The file itself is read by the app (GadgetApp's
    /// `BoardCaptions`), on the load worker.
    mutating func gadgetCaptions(_ obj: JSONValue, _ path: String, video: inout VideoReference?) {
        if let v = obj["captions"] {
            let cpath = "\(path).captions"
            var ref: CaptionsReference?
            switch v {
            case .string(let s):
                if s.isEmpty { problem(cpath, "empty file path") } else { ref = CaptionsReference(path: s, jsonPath: cpath) }
            case .object:
                if let pairs = fields(v, cpath, allowed: ["src", "show"]) {
                    let o = JSONValue.object(pairs)
                    if case .string(let s)? = o["src"], !s.isEmpty {
                        ref = CaptionsReference(path: s, jsonPath: "\(cpath).src", show: bool(o["show"], "\(cpath).show", default: true))
                    } else {
                        problem("\(cpath).src", o["src"] == nil ? "missing required field" : "expected a file path string")
                    }
                }
            default:
                problem(cpath, "expected a WebVTT file path or {\"src\", \"show\"}, got \(v.kindName)")
            }
            if let ref {
                if obj["video"] == nil { problem(cpath, "only a gadget with a video has captions") } else { video?.captions = ref }
            }
        }
        if let v = obj["description"] {
            let dpath = "\(path).description"
            guard case .string(let s) = v, !s.isEmpty else { problem(dpath, "expected a non-empty string"); return }
            guard s.unicodeScalars.count <= GadgetText.maximumLength else {
                problem(dpath, "longer than \(GadgetText.maximumLength) characters")
                return
            }
            if obj["video"] == nil { problem(dpath, "only a gadget with a video has a description (give others a \"hint\")") } else { video?.spokenDescription = s }
        }
    }
}
