/// The attract loop (`"playlist"`): pages shown in turn while nobody touches the kiosk.
public struct Playlist: Sendable, Equatable {
    /// Page ids, in order; shown from the first again after the last.
    public var pages: [String]
    /// How long each page stays, seconds (the transition included).
    public var seconds: Double
    public var transition: PageTransition
    /// How long after the last touch the loop starts, seconds.
    public var startAfterIdleSeconds: Double

    public init(pages: [String], seconds: Double = 10, transition: PageTransition = PageTransition(),
                startAfterIdleSeconds: Double = 60) {
        self.pages = pages; self.seconds = seconds; self.transition = transition; self.startAfterIdleSeconds = startAfterIdleSeconds
    }
}

/// How the attract loop goes from one page to the next.
public struct PageTransition: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The next page at once, on one frame.
        case cut
        /// The next page slides in as a swipe would bring it.
        case slide
        /// Both pages drawn, the next one's opacity rising from 0 to 1.
        case crossfade
    }
    public var kind: Kind
    /// Duration, seconds (0 for a cut).
    public var seconds: Double

    public init(kind: Kind = .crossfade, seconds: Double = 0.6) { self.kind = kind; self.seconds = kind == .cut ? 0 : seconds }
}
