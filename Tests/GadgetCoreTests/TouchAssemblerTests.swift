import Testing
@testable import GadgetCore

/// A compact way to write evdev streams in tests.
enum Ev {
    case slot(Int32), id(Int32), x(Int32), y(Int32), touch(Bool), absX(Int32), absY(Int32)
    case relX(Int32), relY(Int32), left(Bool), syn, teardown, dropped, mtReport

    func event(at t: Microseconds) -> InputEvent {
        switch self {
        case .slot(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTSlot, value: v)
        case .id(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTTrackingID, value: v)
        case .x(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTPositionX, value: v)
        case .y(let v): return InputEvent(time: t, type: EV.abs, code: EV.absMTPositionY, value: v)
        case .touch(let b): return InputEvent(time: t, type: EV.key, code: EV.btnTouch, value: b ? 1 : 0)
        case .absX(let v): return InputEvent(time: t, type: EV.abs, code: EV.absX, value: v)
        case .absY(let v): return InputEvent(time: t, type: EV.abs, code: EV.absY, value: v)
        case .relX(let v): return InputEvent(time: t, type: EV.rel, code: EV.relX, value: v)
        case .relY(let v): return InputEvent(time: t, type: EV.rel, code: EV.relY, value: v)
        case .left(let b): return InputEvent(time: t, type: EV.key, code: EV.btnLeft, value: b ? 1 : 0)
        case .syn: return InputEvent(time: t, type: EV.syn, code: EV.synReport, value: 0)
        case .teardown: return InputEvent(time: t, type: EV.syn, code: EV.synReport, value: 1)
        case .dropped: return InputEvent(time: t, type: EV.syn, code: EV.synDropped, value: 0)
        case .mtReport: return InputEvent(time: t, type: EV.syn, code: EV.synMTReport, value: 0)
        }
    }
}

enum Devices {
    static func multitouch(slots: Int32 = 5, maxX: Int32 = 1279, maxY: Int32 = 767, props: Set<Int> = [EV.propDirect]) -> InputDeviceDescription {
        InputDeviceDescription(nameBytes: Array("mt".utf8), properties: props,
                               codes: [EV.key: [EV.btnTouch], EV.abs: [EV.absX, EV.absY, EV.absMTSlot, EV.absMTPositionX, EV.absMTPositionY, EV.absMTTrackingID]],
                               absInfo: [EV.absX: AbsInfo(minimum: 0, maximum: maxX), EV.absY: AbsInfo(minimum: 0, maximum: maxY),
                                         EV.absMTSlot: AbsInfo(minimum: 0, maximum: slots - 1),
                                         EV.absMTPositionX: AbsInfo(minimum: 0, maximum: maxX), EV.absMTPositionY: AbsInfo(minimum: 0, maximum: maxY),
                                         EV.absMTTrackingID: AbsInfo(minimum: 0, maximum: 65535)])
    }
    static let singleTouch = InputDeviceDescription(nameBytes: Array("st".utf8), codes: [EV.key: [EV.btnTouch], EV.abs: [EV.absX, EV.absY]],
                                                    absInfo: [EV.absX: AbsInfo(minimum: 100, maximum: 4000), EV.absY: AbsInfo(minimum: 200, maximum: 3000)])
    static let mouse = InputDeviceDescription(nameBytes: Array("mouse".utf8), codes: [EV.key: [EV.btnLeft, EV.btnRight], EV.rel: [EV.relX, EV.relY]])
    static let tablet = InputDeviceDescription(nameBytes: Array("QEMU tablet".utf8), codes: [EV.key: [EV.btnLeft], EV.abs: [EV.absX, EV.absY]],
                                               absInfo: [EV.absX: AbsInfo(minimum: 0, maximum: 32767), EV.absY: AbsInfo(minimum: 0, maximum: 32767)])
}

/// Feeds `evs` at time `t`; returns the frame the stream produced (nil when none).
func feed(_ a: inout TouchAssembler, at t: Microseconds, _ evs: [Ev]) -> DeviceFrame? {
    var frame: DeviceFrame?
    for e in evs { if case .frame(let f) = a.handle(e.event(at: t)) { frame = f } }
    return frame
}

func phases(_ f: DeviceFrame?) -> [String] {
    (f?.contacts ?? []).map { "\($0.id.tracking)\($0.phase.rawValue.prefix(1) == "s" ? "s" : String($0.phase.rawValue.prefix(1)))@\($0.position.x),\($0.position.y)" }
}

@Suite struct TouchAssemblerTests {
    func mt(slots: Int32 = 5) throws -> TouchAssembler { try TouchAssembler(device: 7, description: Devices.multitouch(slots: slots)) }

    @Test func twoFingersLandTogetherAndLiftOneByOne() throws {
        var a = try mt()
        let f1 = feed(&a, at: 10, [.id(1), .x(404), .y(409), .slot(1), .id(2), .x(933), .y(414), .touch(true), .absX(404), .absY(409), .syn])
        #expect(phases(f1) == ["1b@404,409", "2b@933,414"])
        #expect(f1?.time == 10 && f1?.device == 7 && f1?.cursor == nil)
        #expect(f1?.contacts.map(\.id) == [TouchID(device: 7, tracking: 1), TouchID(device: 7, tracking: 2)])
        // X alone changes in slot 0: Y is kept; slot 1 is stationary.
        #expect(phases(feed(&a, at: 20, [.slot(0), .x(403), .syn])) == ["1m@403,409", "2s@933,414"])
        // Only the single-touch emulation changes: nothing to report.
        #expect(feed(&a, at: 30, [.absX(400), .syn]) == nil)
        #expect(phases(feed(&a, at: 40, [.id(-1), .syn])) == ["1e@403,409", "2s@933,414"])
        #expect(phases(feed(&a, at: 50, [.slot(1), .id(-1), .touch(false), .syn])) == ["2e@933,414"])
        #expect(a.activeContacts.isEmpty)
        #expect(a.stats.frames == 4)
    }

    @Test func aLiftFrameCarriesTheLastPosition() throws {
        var a = try mt()
        _ = feed(&a, at: 0, [.id(3), .x(10), .y(10), .syn])
        #expect(phases(feed(&a, at: 1, [.x(15), .id(-1), .syn])) == ["1e@15,10"])
    }

    @Test func aNewTrackingIDWithoutLiftEndsTheOldContact() throws {
        var a = try mt()
        _ = feed(&a, at: 0, [.id(3), .x(10), .y(10), .syn])
        #expect(phases(feed(&a, at: 1, [.id(4), .x(50), .y(60), .syn])) == ["1e@10,10", "2b@50,60"])
        #expect(a.stats.replacedContacts == 1)
        // A lift and the same id again within one frame is also a new contact (not counted as replaced).
        #expect(phases(feed(&a, at: 2, [.id(-1), .id(4), .syn])) == ["2e@50,60", "3b@50,60"])
        #expect(a.stats.replacedContacts == 1)
    }

    @Test func aContactShorterThanAFrameIsNeverReported() throws {
        var a = try mt()
        #expect(feed(&a, at: 0, [.id(3), .x(10), .y(10), .id(-1), .syn]) == nil)
        #expect(a.stats.subFrameContacts == 1)
        #expect(a.activeContacts.isEmpty)
    }

    @Test func eventsForAnUnknownSlotAreIgnoredAndCounted() throws {
        var a = try mt(slots: 2)
        #expect(feed(&a, at: 0, [.slot(7), .id(3), .x(10), .y(10), .syn]) == nil)
        #expect(feed(&a, at: 0, [.slot(-1), .id(3), .syn]) == nil)
        #expect(a.stats.unknownSlotEvents == 4)
        #expect(phases(feed(&a, at: 1, [.slot(1), .id(4), .x(1), .y(2), .syn])) == ["1b@1,2"])
        #expect(a.activeContacts.count == 1)
    }

    @Test func coordinatesAreClampedToTheAxisRange() throws {
        var a = try mt()
        #expect(phases(feed(&a, at: 0, [.id(3), .x(-50), .y(99_999), .syn])) == ["1b@0,767"])
        #expect(a.stats.clampedValues == 2)
        // A move entirely outside the range clamps to the same point: stationary, no frame.
        #expect(feed(&a, at: 1, [.x(-80), .syn]) == nil)
    }

    @Test func synDroppedDiscardsToTheNextReportThenResyncsToTheRealState() throws {
        var a = try mt()
        _ = feed(&a, at: 0, [.id(1), .x(10), .y(10), .slot(1), .id(2), .x(20), .y(20), .syn])
        // The frame in progress when SYN_DROPPED arrives is lost too, and so is everything up to
        // the next SYN_REPORT.
        var outputs: [TouchAssembler.Output] = []
        for e: Ev in [.x(25), .dropped, .slot(0), .id(-1), .slot(2), .id(9), .syn] { outputs.append(a.handle(e.event(at: 5))) }
        #expect(outputs.last == .resyncNeeded)
        #expect(outputs.dropLast().allSatisfy { $0 == .none })
        #expect(a.stats.syncDrops == 1 && a.stats.droppedEvents == 4)
        #expect(a.activeContacts.count == 2)
        // The device's real state: slot 0 lifted in the gap, slot 1 moved, slot 2 is a new finger.
        var real = EvdevState(slotCount: 5, currentSlot: 2)
        real.slots[1] = .init(trackingID: 2, x: 30, y: 20)
        real.slots[2] = .init(trackingID: 9, x: 70, y: 80)
        let f = a.resync(to: real, time: 6)
        #expect(phases(f) == ["1e@10,10", "2m@30,20", "3b@70,80"])
        #expect(a.stats.resyncs == 1)
        // The stream continues from the real state: the current slot is 2.
        #expect(phases(feed(&a, at: 7, [.x(71), .syn])) == ["2s@30,20", "3m@71,80"])
    }

    @Test func resyncWithAnotherIDInASlotIsAnEndAndABegin() throws {
        var a = try mt()
        _ = feed(&a, at: 0, [.id(1), .x(10), .y(10), .syn])
        var real = EvdevState(slotCount: 5)
        real.slots[0] = .init(trackingID: 5, x: 10, y: 10)
        #expect(phases(a.resync(to: real, time: 1)) == ["1e@10,10", "2b@10,10"])
        // A snapshot with another slot count is cut to the device's.
        #expect(a.resync(to: EvdevState(slotCount: 9), time: 2)?.contacts.map(\.phase) == [.ended])
    }

    @Test func cancelAllCancelsAndNothingComesBack() throws {
        var a = try mt()
        _ = feed(&a, at: 0, [.id(1), .x(10), .y(10), .slot(1), .id(2), .x(20), .y(20), .syn])
        _ = a.handle(Ev.x(99).event(at: 1))  // unfinished frame: dropped
        #expect(phases(a.cancelAll(time: 2)) == ["1c@10,10", "2c@20,20"])
        #expect(a.cancelAll(time: 3) == nil)
        // Position events for the old contacts do not resurrect them; a new id begins a new one.
        #expect(feed(&a, at: 4, [.x(30), .syn]) == nil)
        #expect(phases(feed(&a, at: 5, [.id(7), .syn])) == ["3b@30,20"])
        #expect(a.stats.cancelledContacts == 2)
    }

    @Test func teardownReportCancelsWhatIsStillDown() throws {
        var a = try mt()
        _ = feed(&a, at: 0, [.id(1), .x(10), .y(10), .slot(1), .id(2), .x(20), .y(20), .syn])
        #expect(phases(feed(&a, at: 1, [.slot(0), .id(-1), .slot(1), .x(21), .slot(2), .id(3), .teardown])) == ["1e@10,10", "2c@21,20"])
        #expect(a.activeContacts.isEmpty)
        #expect(a.stats.subFrameContacts == 1)
    }

    @Test func singleTouchScreenIsOneContact() throws {
        var a = try TouchAssembler(device: 1, description: Devices.singleTouch)
        #expect(a.kind == .singleTouch)
        #expect(phases(feed(&a, at: 0, [.absX(500), .absY(600), .touch(true), .syn])) == ["1b@500,600"])
        #expect(phases(feed(&a, at: 1, [.absX(520), .syn])) == ["1m@520,600"])
        #expect(phases(feed(&a, at: 2, [.absY(9000), .syn])) == ["1m@520,3000"])
        #expect(phases(feed(&a, at: 3, [.touch(false), .syn])) == ["1e@520,3000"])
        #expect(phases(feed(&a, at: 4, [.touch(true), .syn])) == ["2b@520,3000"])
        // Protocol A separators are counted, not assembled.
        _ = feed(&a, at: 5, [.mtReport])
        #expect(a.stats.protocolAReports == 1)
    }

    @Test func mouseMovesItsCursorAndItsLeftButtonIsAContact() throws {
        var a = try TouchAssembler(device: 2, description: Devices.mouse, pointerRange: DevicePoint(x: 100, y: 50))
        #expect(a.kind == .mouse && a.kind.showsCursor)
        // The first frame shows the cursor in the middle, moved.
        let f0 = feed(&a, at: 0, [.relX(5), .syn])
        #expect(f0?.cursor == DevicePoint(x: 55, y: 25) && f0?.contacts.isEmpty == true)
        #expect(feed(&a, at: 1, [.syn]) == nil)
        #expect(phases(feed(&a, at: 2, [.left(true), .syn])) == ["1b@55,25"])
        let f3 = feed(&a, at: 3, [.relX(1000), .relY(-3), .relY(-4), .syn])
        #expect(phases(f3) == ["1m@100,18"] && f3?.cursor == DevicePoint(x: 100, y: 18))
        #expect(phases(feed(&a, at: 4, [.left(false), .syn])) == ["1e@100,18"])
        // Hovering with the button up moves the cursor without a contact.
        let f5 = feed(&a, at: 5, [.relX(-200), .syn])
        #expect(f5?.contacts.isEmpty == true && f5?.cursor == DevicePoint(x: 0, y: 18))
    }

    @Test func absolutePointerButtonIsAContactAtTheCursor() throws {
        var a = try TouchAssembler(device: 3, description: Devices.tablet)
        #expect(a.kind == .absolutePointer)
        #expect(feed(&a, at: 0, [.absX(100), .absY(200), .syn])?.cursor == DevicePoint(x: 100, y: 200))
        #expect(phases(feed(&a, at: 1, [.left(true), .syn])) == ["1b@100,200"])
        #expect(phases(feed(&a, at: 2, [.absX(300), .syn])) == ["1m@300,200"])
        #expect(phases(a.cancelAll(time: 3)) == ["1c@300,200"])
    }

    @Test func classification() {
        #expect(InputDeviceKind.classify(Devices.multitouch(slots: 10)) == .multitouch(slots: 10))
        // No properties at all (file 9, 2010): a screen, because it has no touchpad buttons.
        #expect(InputDeviceKind.classify(Devices.multitouch(props: [])) == .multitouch(slots: 5))
        #expect(InputDeviceKind.classify(Devices.multitouch(slots: 1000)) == .multitouch(slots: InputDeviceKind.maxSlots))
        var pad = Devices.multitouch(props: [EV.propPointer])
        #expect(InputDeviceKind.classify(pad) == .unsupported("touchpad (indirect pointer), not a touch screen"))
        pad.properties = []
        pad.codes[EV.key]?.insert(EV.btnToolFinger)
        if case .unsupported = InputDeviceKind.classify(pad) {} else { Issue.record("an old touchpad must not be a screen") }
        var protocolA = Devices.multitouch()
        protocolA.codes[EV.abs]?.remove(EV.absMTSlot)
        #expect(InputDeviceKind.classify(protocolA) == .singleTouch)
        var accel = Devices.singleTouch
        accel.properties = [EV.propAccelerometer]
        accel.codes[EV.abs]?.insert(EV.absZ)
        accel.absInfo[EV.absZ] = AbsInfo(minimum: -512, maximum: 512)
        #expect(InputDeviceKind.classify(accel) == .accelerometer)
        // Letters without Enter: buttons, not something that types.
        let buttons = InputDeviceDescription(codes: [EV.key: [30, 31, 32]])
        #expect(InputDeviceKind.classify(buttons) == .unsupported("no touch axes, no pointer and no typing keys (buttons or a sensor)"))
        #expect(InputDeviceKind.classify(InputDeviceDescription(codes: [EV.key: [28, 30, 31, 32]])) == .keyboard)
        // A PIN pad: keypad digits and the keypad's Enter.
        #expect(InputDeviceKind.classify(InputDeviceDescription(codes: [EV.key: [96, 79, 80, 81, 82]])) == .keyboard)
        #expect(InputDeviceKind.classify(InputDeviceDescription(codes: [EV.key: [116]])) == .unsupported("no touch axes, no pointer and no typing keys (buttons or a sensor)"))
        var flat = Devices.multitouch()
        flat.absInfo[EV.absMTPositionX] = AbsInfo(minimum: 5, maximum: 5)
        #expect(InputDeviceKind.classify(flat) == .unsupported("ABS_MT_POSITION_X/Y with an empty range"))
        #expect(throws: UnsupportedDevice.self) { try TouchAssembler(device: 0, description: buttons) }
    }
}
