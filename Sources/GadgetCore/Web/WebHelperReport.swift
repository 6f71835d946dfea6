/// What a web helper tells the kiosk, one seqpacket datagram each (`WebHelperCodec`), frames with
/// their fds attached. The JSON `"type"` of each case is its name.
public enum WebHelperReport: Sendable, Equatable {
    /// The helper is up; `engine` names what draws ("WPE WebKit 2.38.6, fdo shm").
    case ready(pid: Int32, engine: String)
    case frame(WebFrame)
    case loadStarted(url: String)
    case loaded(url: String)
    /// One short true reason ("HTTP 500", "connection refused", "timed out after 20 s").
    case loadFailed(url: String, reason: String)
    /// A navigation outside `allow`, a new window or a download was not followed.
    case refused(url: String, why: String)
    /// A text field got (true) or lost (false) focus: the kiosk shows or hides its keyboard.
    case editableFocus(Bool)
    /// The helper is about to exit non-zero; `reason` is the one line the kiosk logs.
    case fatal(reason: String)
    /// What the helper and its children (WebKit's processes) cost, their PSS summed in bytes, sent
    /// every 5 s: the kiosk's metric where it cannot read the helper's /proc (a helper of another
    /// user, behind the kiosk unit's ProtectProc=invisible).
    case memory(bytes: Int)

    /// The JSON `"type"`.
    public var typeName: String {
        switch self {
        case .ready: return "ready"
        case .frame: return "frame"
        case .loadStarted: return "loadStarted"
        case .loaded: return "loaded"
        case .loadFailed: return "loadFailed"
        case .refused: return "refused"
        case .editableFocus: return "editableFocus"
        case .fatal: return "fatal"
        case .memory: return "memory"
        }
    }
}
