/// How long the loop takes from the start of an iteration to a presented frame, smoothed: the
/// offset from "now" to the earliest flip a frame begun now can make. The picture a video picks
/// for the coming flip (`FrameCadence.comingSlot`) is the one for the flip the frame really lands
/// at: a frame that takes 20 ms on a 60 Hz panel is shown two refreshes on, not one, and a
/// picture picked for the first would be shown a refresh late (audio-clock lip sync off by it).
///
/// Smoothed as TCP smooths its round-trip time (RFC 6298: gain 1/8), so one slow frame moves
/// the estimate by an eighth of its excess, not onto the grid's next slot. A sample is capped at
/// `sampleCap`: a frame that long is a stall (a texture upload, a swap-out), not a draw time,
/// and must not push later pictures that far ahead. Pure: the samples come in as values (the
/// loop measures them); nothing here reads a clock.
public struct DrawTimeEstimate: Sendable, Equatable {
    /// The longest sample taken as it is: 100 ms (six 60 Hz refreshes).
    public static let sampleCap: Microseconds = 100_000

    /// The smoothed draw time, µs; 0 before the first sample (the flip after now, as before any
    /// frame was measured).
    public private(set) var smoothed: Microseconds = 0
    private var samples = 0

    public init() {}

    /// Takes one frame's draw time, µs (negative values, from a clock step, are taken as 0).
    public mutating func observe(_ drawTime: Microseconds) {
        let sample = min(max(0, drawTime), DrawTimeEstimate.sampleCap)
        // The first sample is the estimate (RFC 6298's SRTT ← R); then 7/8 old + 1/8 new.
        smoothed = samples == 0 ? sample : smoothed + (sample - smoothed) / 8
        samples += 1
    }
}
