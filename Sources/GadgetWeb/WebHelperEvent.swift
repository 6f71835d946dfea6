import GadgetCore
import GadgetSystem

/// What a `WebHelperProcess` hands the loop, in order (`take()`).
public enum WebHelperEvent: Sendable {
    /// A report other than a frame (`ready`, `loaded`, `loadFailed`, `refused`, `editableFocus`, …).
    case report(WebHelperReport)
    /// A frame and the read-only mapping its pixels are in. The helper leaves them alone until
    /// the loop sends `frameDone(frame.sequence)`.
    case frame(WebFrame, pixels: SharedMemoryFile)
    /// A dma-buf frame (`frame.dmabuf` set) and its plane descriptors, in plane order: the loop
    /// imports it (or asks for `sharedMemoryOnly`), sends `frameDone(frame.sequence)` after the
    /// flip that showed it, and closes the descriptors (drops them) once a newer frame replaced
    /// it on screen.
    case dmabufFrame(WebFrame, descriptors: [OwnedFileDescriptor])
    /// The helper died or was killed (`reason` is the one line already logged); it restarts
    /// after a back-off.
    case crashed(reason: String)
    /// A new helper was started and given the page again.
    case restarted
}

/// What `state`, the metrics and `--stats` say about one web gadget's helper.
public struct WebHelperStatus: Sendable, Equatable {
    /// The program's path, nil when none was found.
    public var program: String?
    public var pid: Int32?
    /// What the helper said draws ("WPE WebKit 2.38.6, fdo shm").
    public var engine: String?
    /// Deaths counted (crash, kill, EOF, fatal, no `ready` in time).
    public var crashes = 0
    /// Starts after the first.
    public var restarts = 0
    /// What the helper and its children (WebKit's WebProcess and NetworkProcess, bubblewrap's
    /// forks) cost in memory: their PSS summed (`ProcessTreeMemory.proportionalBytes`), read every
    /// few seconds; nil: not running.
    public var memoryBytes: Int?
    public init() {}
}
