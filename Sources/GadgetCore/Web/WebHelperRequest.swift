/// What the kiosk tells a web helper (`gadgetboard-web`), one seqpacket datagram each
/// (`WebHelperCodec`). The JSON `"type"` of each case is its name.
public enum WebHelperRequest: Sendable, Equatable {
    /// The first message, and again after every restart: the page and its size in page pixels.
    case open(WebPageSpec, width: Int, height: Int)
    /// Per-page settings (memory limit, load timeout), sent before every `open`: they apply to the
    /// page the next `open` makes (WEB-API.md; a socket-activated helper's argv is its unit's).
    case settings(WebHelperSettings)
    /// The gadget's size in page pixels changed (gadget size × display scale ÷ zoom: the kiosk's sum).
    case resize(width: Int, height: Int)
    case touch(WebTouch)
    case key(WebKey)
    case reload
    case navigate(url: String)
    /// Forget cookies, storage and history, then load the start URL (idle return, `clearOnIdle`).
    case clearSession
    /// Sent after the kiosk's flip that showed frame `sequence`: the helper may reuse its slot and
    /// let WebKit draw the next one.
    case frameDone(sequence: UInt64)
    /// The kiosk cannot import this helper's dma-buf frames (its EGL lacks the import, or the
    /// driver refused one): send shared-memory frames from now on. Sent once per helper.
    case sharedMemoryOnly
    case quit

    /// The JSON `"type"`.
    public var typeName: String {
        switch self {
        case .open: return "open"
        case .settings: return "settings"
        case .resize: return "resize"
        case .touch: return "touch"
        case .key: return "key"
        case .reload: return "reload"
        case .navigate: return "navigate"
        case .clearSession: return "clearSession"
        case .frameDone: return "frameDone"
        case .sharedMemoryOnly: return "sharedMemoryOnly"
        case .quit: return "quit"
        }
    }
}
