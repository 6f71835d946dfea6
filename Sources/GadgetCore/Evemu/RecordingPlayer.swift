/// Plays an evemu recording through the same assembler and mapping as the live kiosk, in
/// recording time: no clock, so the same recording always gives the same frames, bit for bit.
/// This is the input half of `gadgetboard replay`.
///
/// - `until`: events after that recording time are ignored; contacts still down then are
///   cancelled at `until`. Contacts still down when the recording ends are cancelled at its last
///   event's time (file 9 ends with a pinch held).
/// - SYN_DROPPED in a recording: a file cannot hold the device's state at the drop, so the
///   resync uses the state the recorded events imply (a mirror that applied all of them).
public enum RecordingPlayer {
    /// What a replay produced.
    public struct Result: Hashable, Sendable {
        public var device: InputDeviceDescription
        public var kind: InputDeviceKind
        /// Every frame in board pixels, in order, the final cancellations included.
        public var frames: [TouchFrame]
        /// Where the replay stopped: `until` if the recording went past it, else its last event.
        public var endTime: Microseconds
        /// Contacts cancelled because the recording (or `until`) ended with them down.
        public var cancelledAtEnd: Int
        /// Events of a cut-short last frame that the reader dropped.
        public var droppedTrailingEvents: Int
        public var stats: TouchAssemblerStats
        /// A keyboard's, keypad's or scanner's keys, in order (empty for touch devices): the
        /// replay types them through the board's layouts.
        public var keys: [KeyStroke] = []
        /// A headphone jack's switch changes, in order (empty for other devices).
        public var headset: [HeadsetSwitch.Change] = []
    }

    /// - Parameters:
    ///   - board: the canvas size touches map onto.
    ///   - touch: calibration (from the board file or the command line).
    ///   - rotation: the display rotation (board file or command line).
    ///   - until: recording time in microseconds after which events are ignored; nil: all.
    ///   - device: the number in every `TouchID` (0 by default).
    public static func play(_ recording: EvemuRecording, board: Size2, touch: TouchSettings = TouchSettings(),
                            rotation: DisplayRotation = .none, until: Microseconds? = nil, device: Int = 0) throws(ReplayError) -> Result {
        guard let description = recording.device else { throw .noDeviceDescription }
        var assembler: TouchAssembler
        do {
            assembler = try TouchAssembler(device: device, description: description,
                                           pointerRange: DevicePoint(x: Int32(clamping: Int(board.width.rounded())), y: Int32(clamping: Int(board.height.rounded()))))
        } catch { throw .unsupportedDevice(error) }
        let mapping: TouchMapping
        do { mapping = try TouchMapping(assembler: assembler, calibration: touch.calibration, rotation: rotation, board: board) } catch { throw .mapping(error) }

        var mirror = assembler.state
        var frames: [TouchFrame] = []
        var keys: [KeyStroke] = []
        var keyReader = KeyStrokeReader()
        var jack = HeadsetSwitch()
        var headset: [HeadsetSwitch.Change] = []
        var end = recording.duration
        for e in recording.events {
            if let until, e.time > until {
                end = until
                break
            }
            if assembler.kind == .headphoneJack {
                if let c = jack.handle(e) { headset.append(c) }
                continue
            }
            if assembler.kind == .keyboard {
                // A SYN_DROPPED releases the keys held (a file cannot give the device's key
                // state back; nothing stays stuck): KeyStrokeReader.
                keys += keyReader.handle(e)
                continue
            }
            mirror.apply(e)
            switch assembler.handle(e) {
            case .none: break
            case .frame(let f): frames.append(mapping.map(f))
            case .resyncNeeded:
                if let f = assembler.resync(to: mirror, time: e.time) { frames.append(mapping.map(f)) }
            }
        }
        var cancelled = 0
        if let f = assembler.cancelAll(time: end) {
            cancelled = f.contacts.count
            frames.append(mapping.map(f))
        }
        return Result(device: description, kind: assembler.kind, frames: frames, endTime: end, cancelledAtEnd: cancelled,
                      droppedTrailingEvents: recording.droppedTrailingEvents, stats: assembler.stats, keys: keys, headset: headset)
    }
}

/// Why a recording cannot be replayed.
public enum ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An events-only file: play it with the description of the device it was recorded from
    /// (`EvemuRecording.with(device:)`).
    case noDeviceDescription
    case unsupportedDevice(UnsupportedDevice)
    case mapping(TouchMappingError)

    public var description: String {
        switch self {
        case .noDeviceDescription:
            return "the recording has no device description (N:/I:/B:/A: lines); give the description file of the device it was recorded from"
        case .unsupportedDevice(let e): return "\(e): nothing to replay"
        case .mapping(let e): return "cannot map the recording's touches: \(e)"
        }
    }
}
