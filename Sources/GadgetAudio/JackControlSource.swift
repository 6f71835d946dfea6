import GadgetCore

/// Where the audio thread reads a card's headphone jack controls (`HeadphoneJackControl`): the
/// card's ALSA control device (`ALSAJackControls`) or a test double (`HeadlessJackControls`).
/// Thread: the audio thread's, once the output hands it over.
public protocol JackControlSource: AnyObject {
    /// The matching controls' names (for the log line).
    var names: [String] { get }
    /// Reads every matching control now; nil when the card cannot be read (it went away).
    func values() -> [Bool]?
    /// Takes the change notifications waiting, without blocking: true when any came (the
    /// values may then differ), false when none did.
    func changed() -> Bool
}

/// A jack whose state the test sets (`set`), for the playback loop's tests and a headless run.
public final class HeadlessJackControls: JackControlSource, @unchecked Sendable {
    public let names: [String]
    private var state: [Bool]
    private var pending = false

    public init(names: [String] = ["Headphone Jack"], plugged: Bool = false) {
        self.names = names
        state = names.map { _ in plugged }
    }

    /// The jack plugged in or out: the next `changed` says so.
    public func set(_ plugged: Bool) {
        state = names.map { _ in plugged }
        pending = true
    }

    public func values() -> [Bool]? { state }
    public func changed() -> Bool {
        defer { pending = false }
        return pending
    }
}
