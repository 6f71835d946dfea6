/// A bound property's new value, as a binding's evaluated template gives it: what the live board
/// applies as a gadget change.
public enum BoundValue: Sendable, Equatable {
    case text(String)
    case color(Color)
    case opacity(Double)
    case hidden(Bool)
    case image(BoardRelativePath)
    /// A video gadget's clip: a path inside the board's directory.
    case video(BoardRelativePath)
    case qr(String)

    /// The property's value for a template's text, or nil when it does not convert (the binding
    /// then keeps its last good value): a colour is `#rrggbb[aa]`, an opacity a number in 0...1,
    /// hidden `true/false/1/0/yes/no/on/off` or a number (non-zero hides), an image a path inside
    /// the board's directory (and so is a video's clip), a QR text one that fits the code at `ecc`.
    public static func convert(_ text: String, to property: BoundProperty, ecc: GadgetQR.ECC = .M) -> BoundValue? {
        switch property {
        case .text:
            return text.unicodeScalars.count <= GadgetText.maximumLength ? .text(text) : nil
        case .color:
            return Color(hex: text.trimmingSpaces).map { .color($0) }
        case .opacity:
            guard let n = PrintfFormat.number(text), (0...1).contains(n) else { return nil }
            return .opacity(n)
        case .hidden:
            switch text.trimmingSpaces.lowercased() {
            case "true", "yes", "on": return .hidden(true)
            case "false", "no", "off", "": return .hidden(false)
            default: return PrintfFormat.number(text).map { .hidden($0 != 0) }
            }
        case .image:
            guard case .success(let p) = BoardRelativePath.parse(text) else { return nil }
            return .image(p)
        case .video:
            guard case .success(let p) = BoardRelativePath.parse(text) else { return nil }
            return .video(p)
        case .qr:
            return !text.isEmpty && text.utf8.count <= GadgetQR.byteCapacity(ecc) ? .qr(text) : nil
        }
    }
}

extension BoundValue {
    /// Why `text` does not convert to `property` (nil: it does), for the one log line and the
    /// `invalid` event a refused live value gives.
    public static func refusal(_ text: String, to property: BoundProperty, ecc: GadgetQR.ECC = .M) -> String? {
        guard convert(text, to: property, ecc: ecc) == nil else { return nil }
        switch property {
        case .text: return "\(text.unicodeScalars.count) characters, more than a text holds (\(GadgetText.maximumLength))"
        case .color: return "\(quoted(text)) is not a colour (#rrggbb or #rrggbbaa)"
        case .opacity: return "\(quoted(text)) is not an opacity (a number 0…1)"
        case .hidden: return "\(quoted(text)) is not true/false or a number"
        case .image, .video: return "\(quoted(text)) is not a path inside the board's directory"
        case .qr: return text.isEmpty ? "an empty QR text" : "\(text.utf8.count) bytes, more than the QR code holds at level \(ecc.rawValue) (\(GadgetQR.byteCapacity(ecc)))"
        }
    }

    /// A value's text for a log line: quoted, cut at 40 characters, one line.
    static func quoted(_ text: String) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        return flat.count > 40 ? "\"\(flat.prefix(40))…\"" : "\"\(flat)\""
    }
}

/// One gadget's bound property changing: the evaluator's output.
public struct BoundChange: Sendable, Equatable {
    public var gadget: String
    public var value: BoundValue
    public init(gadget: String, value: BoundValue) { self.gadget = gadget; self.value = value }
}

/// A source payload as bindings see it: JSON when it parses as JSON, else its text (an MQTT
/// topic that carries `21.5` or `open` is its own value). Invalid UTF-8 is repaired.
public enum SourcePayload {
    public static func value(_ bytes: [UInt8]) -> JSONValue {
        if let v = try? JSONParser.parse(bytes) { return v }
        return .string(String(decoding: bytes, as: UTF8.self))
    }
}
