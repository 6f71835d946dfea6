// libFuzzer target for the evemu reader and everything a recording flows through in replay:
// reader → assembler (with SYN_DROPPED resyncs) → mapping → player. Built by Fuzz/run.sh against
// GadgetCore compiled with assertions and the assembler's debug invariant checks on. Any trap is
// a finding.
import GadgetCore

/// A touchscreen for inputs that have no header of their own (events-only files), so the
/// assembler is fuzzed too: 10 slots, a small range so coordinates often fall outside it.
let fallbackDevice = InputDeviceDescription(
    nameBytes: Array("fuzz".utf8), properties: [EV.propDirect],
    codes: [EV.key: [EV.btnTouch, EV.btnLeft], EV.rel: [EV.relX, EV.relY],
            EV.abs: [EV.absX, EV.absY, EV.absMTSlot, EV.absMTPositionX, EV.absMTPositionY, EV.absMTTrackingID]],
    absInfo: [EV.absX: AbsInfo(minimum: 0, maximum: 99), EV.absY: AbsInfo(minimum: -50, maximum: 50),
              EV.absMTSlot: AbsInfo(minimum: 0, maximum: 9), EV.absMTPositionX: AbsInfo(minimum: 0, maximum: 99),
              EV.absMTPositionY: AbsInfo(minimum: -50, maximum: 50), EV.absMTTrackingID: AbsInfo(minimum: 0, maximum: 65535)])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let recording: EvemuRecording
    do { recording = try EvemuReader.read(bytes) } catch {
        // Errors must describe themselves without trapping.
        _ = error.description
        return 0
    }
    // Reader contract: only complete frames, times relative to the first event.
    if let last = recording.events.last { precondition(last.type == EV.syn && last.code == EV.synReport) }
    if let first = recording.events.first { precondition(first.time == 0) }

    // The first bytes pick the replay options, so they are fuzzed as well.
    let b0 = size > 0 ? Int(data[0]) : 0, b1 = size > 1 ? Int(data[1]) : 0
    let rotation = DisplayRotation.allCases[b0 % 4]
    let until: Microseconds? = b1 % 3 == 0 ? nil : Microseconds(b1) * 10_000 - 100_000
    let calibration: [Double] = b1 % 5 == 0 ? [0, -1, 1, 1, 0, 0] : [1, 0, 0, 0, 1, 0]
    for r in [recording, recording.with(device: fallbackDevice)] {
        guard let result = try? RecordingPlayer.play(r, board: Size2(640, 480), touch: TouchSettings(calibration: calibration),
                                                     rotation: rotation, until: until) else { continue }
        // Player contract: every contact that begins ends exactly once, nothing after its end.
        var down = Set<TouchID>(), finished = Set<TouchID>()
        for f in result.frames {
            for t in f.touches {
                precondition(!finished.contains(t.id), "touch after its end")
                switch t.phase {
                case .began: precondition(down.insert(t.id).inserted, "began twice")
                case .moved, .stationary: precondition(down.contains(t.id), "move while up")
                case .ended, .cancelled:
                    precondition(down.remove(t.id) != nil, "end while up")
                    finished.insert(t.id)
                }
            }
        }
        precondition(down.isEmpty, "contact left down after the replay")
    }
    return 0
}
