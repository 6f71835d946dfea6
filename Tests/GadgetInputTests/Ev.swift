import GadgetCore

/// A compact way to write evdev streams in tests (the same helper as GadgetCoreTests').
enum Ev {
    case slot(Int32), id(Int32), x(Int32), y(Int32), touch(Bool), relX(Int32), relY(Int32), left(Bool), syn, dropped
    /// Raw single axes (ABS_X/Y/Z), as an accelerometer sends them.
    case absX(Int32), absY(Int32), absZ(Int32)
    /// A key: value 1 down, 0 up, 2 the kernel's auto-repeat.
    case key(UInt16, Int32)

    func event(at t: Microseconds) -> InputEvent {
        switch self {
        case .slot(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTSlot, value: v)
        case .id(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTTrackingID, value: v)
        case .x(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTPositionX, value: v)
        case .y(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTPositionY, value: v)
        case .touch(let b): return InputEvent(time: t, type: EV.key, code: EV.btnTouch, value: b ? 1 : 0)
        case .relX(let v): return InputEvent(time: t, type: EV.rel, code: EV.relX, value: v)
        case .relY(let v): return InputEvent(time: t, type: EV.rel, code: EV.relY, value: v)
        case .left(let b): return InputEvent(time: t, type: EV.key, code: EV.btnLeft, value: b ? 1 : 0)
        case .syn: return InputEvent(time: t, type: EV.syn, code: EV.synReport, value: 0)
        case .dropped: return InputEvent(time: t, type: EV.syn, code: EV.synDropped, value: 0)
        case .absX(let v): return InputEvent(time: t, type: EV.abs, code: EV.absX, value: v)
        case .absY(let v): return InputEvent(time: t, type: EV.abs, code: EV.absY, value: v)
        case .absZ(let v): return InputEvent(time: t, type: EV.abs, code: EV.absZ, value: v)
        case .key(let code, let v): return InputEvent(time: t, type: EV.key, code: code, value: v)
        }
    }
}
