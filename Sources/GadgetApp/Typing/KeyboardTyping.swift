import GadgetCore
import GadgetInput
import GadgetKeyboard
import GadgetSystem

/// Whoever owns the focused field and its text: every KeyInput, from a keyboard or the
/// on-screen keyboard, reaches it through this one entry point.
protocol KeyInputReceiver: AnyObject {
    func type(_ key: KeyInput)
}

/// Takes the keys that navigate rather than type (KioskKeypad).
protocol KeyNavigating: AnyObject {
    /// True: the key navigated; typing must not see it.
    func take(_ k: KeyStroke, shift: Bool) -> Bool
}

/// The kiosk's keys: the board's layouts as one `KeyTranslator` (shared by physical keyboards
/// and the on-screen keyboard, so a dead key on one accents the next key on either), the keys
/// each keyboard holds (released when it is unplugged, so Shift never sticks), and the hand-off
/// of what they type to the receiver. Thread: the loop's.
final class KeyboardTyping {
    /// The typing owner; nil while nothing can receive text (keys are then translated and dropped).
    weak var receiver: KeyInputReceiver?
    /// The layouts of the running board, asked for each time a key comes (a reloaded board may
    /// list others: the keymaps are compiled again, once).
    private let layouts: () -> [String]
    /// The translator for `builtFor`; nil when those layouts could not be compiled (logged once).
    private var translator: KeyTranslator?
    private var builtFor: [String]?
    private var held: [Int: Set<UInt16>] = [:]
    /// The compose locale: the environment's character locale when it is UTF-8, else C.UTF-8
    /// (libX11's UTF-8 locales share their dead-key sequences).
    private let locale: String

    init(layouts: @escaping () -> [String], environment: [String: String] = ProcessEnvironment.current()) {
        self.layouts = layouts
        locale = KeyboardTyping.composeLocale(environment)
    }

    static func composeLocale(_ env: [String: String]) -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let v = env[name], !v.isEmpty else { continue }
            let utf8 = v.hasSuffix(".UTF-8") || v.hasSuffix(".utf8")
            return utf8 ? v : "C.UTF-8"
        }
        return "C.UTF-8"
    }

    /// The translator for the board's layouts now (compiled when they changed: tens of
    /// milliseconds per layout, once per board that lists new layouts).
    var current: KeyTranslator? {
        let wanted = layouts()
        if wanted != builtFor {
            builtFor = wanted
            held.removeAll()
            do { translator = try KeyTranslator(layouts: wanted, locale: locale, logger: Loggers.input) } catch {
                translator = nil
                Loggers.input.error("typing off: \(error)")
            }
        }
        return translator
    }

    /// Sees each key before typing (keypad navigation, `KioskKeypad`); nil: every key types.
    weak var navigator: KeyNavigating?

    /// A keyboard's key: navigation first, else translated and handed on.
    func stroke(_ k: KeyStroke, from device: Int) {
        let shift = held[device].map { $0.contains(EvdevKey.leftShift) || $0.contains(EvdevKey.rightShift) } ?? false
        if let navigator, navigator.take(k, shift: shift) { return }
        guard let t = current else { return }
        let typed: [KeyInput]
        switch k.action {
        case .down:
            held[device, default: []].insert(k.code)
            typed = t.key(evdevCode: k.code, pressed: true)
        case .up:
            held[device]?.remove(k.code)
            typed = t.key(evdevCode: k.code, pressed: false)
        case .repeat:
            typed = t.repeated(evdevCode: k.code)
        }
        hand(typed)
    }

    /// An on-screen key at a shift level.
    func tap(evdevCode: UInt16, level: Int) {
        guard let t = current else { return }
        hand(t.tap(evdevCode: evdevCode, level: level))
    }

    /// A keyboard appeared: the keymaps are compiled now (a few milliseconds per layout), not
    /// when its first key is typed.
    func added(_ info: InputDeviceInfo) {
        Loggers.input.info("\(info.path): typing with \(layouts().joined(separator: ", "))")
        _ = current
    }

    /// A keyboard went away: the keys it held are released (its modifiers no longer apply).
    func removed(_ info: InputDeviceInfo) {
        guard let keys = held.removeValue(forKey: info.number), let t = translator else { return }
        for code in keys.sorted() { _ = t.key(evdevCode: code, pressed: false) }
    }

    /// Forgets a dead key typed and not yet followed (the privacy wipe: the next visitor's first
    /// key is not accented by the last one's).
    func resetCompose() { translator?.resetCompose() }

    /// The privacy wipe: no dead key waiting, and the board's first layout again (the last
    /// visitor's layout switch is theirs; the next one starts where the board says, on both the
    /// on-screen keyboard and physical keys).
    func resetForNextVisitor() {
        guard let t = translator else { return }
        t.resetCompose()
        if let first = t.layouts.first { t.switchLayout(to: first) }
    }

    private func hand(_ typed: [KeyInput]) {
        guard let receiver else { return }
        for k in typed { receiver.type(k) }
    }
}
