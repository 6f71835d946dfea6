import GadgetCore
import SystemPackage

/// Something the input thread polls and reads evdev events from: a real device through
/// libevdev (`EvdevDevice`), or any file descriptor carrying raw `struct input_event`s
/// (`RawEventSource`: pipes and FIFOs in tests).
/// Thread: used only by the input thread once handed to it.
public protocol InputEventSource: AnyObject {
    /// The path it was opened from (for logs and removal by path).
    var path: String { get }
    /// The descriptor to poll for input.
    var descriptor: FileDescriptor { get }
    var device: InputDeviceDescription { get }
    /// Reads what is available now without blocking, appending to `items` (at most about
    /// `limit` events, so one chatty device cannot starve the others). Returns false when the
    /// device is gone (unplugged: ENODEV, or end of file).
    func readAvailable(into items: inout [InputSourceItem], limit: Int) throws(InputError) -> Bool
    /// The device's state when it was opened (slot values, current slot, axes), which the
    /// assembler starts from (`TouchAssembler.seed`); nil when the source cannot read it back.
    var openedState: EvdevState? { get }
}

extension InputEventSource {
    public var openedState: EvdevState? { nil }
}

/// One thing read from a source.
public enum InputSourceItem: Hashable, Sendable {
    case event(InputEvent)
    /// After SYN_DROPPED: the device's real state, read back (libevdev's sync). The events in
    /// the gap are already discarded; the assembler resyncs to this.
    case resync(EvdevState, time: Microseconds)
}
