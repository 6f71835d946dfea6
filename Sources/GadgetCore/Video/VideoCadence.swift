/// Which decoded frame a flip shows, given the frames waiting (their playback times, rising) and
/// the media time of the flip.
///
/// A frame is due at the first flip whose media time is at least its time less a quarter of a
/// refresh. The margin makes the choice stable against flip-time jitter of up to a quarter
/// refresh when a frame's time falls on a vblank (30 fps at 60 Hz: every other frame time is a
/// vblank time), and it yields the cadences a panel should show: 30 fps at 60 Hz two vblanks per
/// frame, 24 fps at 60 Hz three then two (3:2 pulldown). A half-refresh margin would sit exactly
/// on 24 fps's half-way frame times (41.67 ms = 2.5 vblanks) and flip between 3:2 and 2:3.
/// Frames due before the newest due frame were never shown: they are dropped, and counted.
public struct VideoCadence: Sendable, Equatable {
    /// The display's refresh interval, µs.
    public var refresh: Microseconds

    public init(refresh: Microseconds) { self.refresh = max(1, refresh) }

    /// The choice for one flip.
    public struct Pick: Sendable, Equatable {
        /// Index into the waiting frames of the one to show; nil: keep showing the current one.
        public var show: Int?
        /// How many waiting frames before it go unseen.
        public var drop: Int
    }

    /// `times`: the waiting frames' playback times, rising. `media`: the flip's media time.
    public func pick(times: [Microseconds], media: Microseconds) -> Pick {
        let due = media + refresh / 4
        var show: Int?
        for (i, t) in times.enumerated() {
            if t <= due { show = i } else { break }
        }
        guard let show else { return Pick(show: nil, drop: 0) }
        return Pick(show: show, drop: show)
    }
}
