import Testing
import GadgetCore
import GadgetInput
import GadgetSystem
@testable import GadgetApp

/// `gadgetboard devices`' input lines, from a report made by hand: the wording the command had
/// when it read libevdev itself.
@Suite struct InputDeviceListerTests {
    @Test func aTouchscreenWithItsAxesAndSlots() {
        let summary = InputDeviceSummary(
            path: "/dev/input/event3", name: "ILITEK ILITEK-TP", id: InputDeviceID(bustype: 3, vendor: 0x222a, product: 0x1),
            kind: "touchscreen", properties: ["INPUT_PROP_DIRECT"],
            absoluteAxes: [.init(name: "ABS_X", info: AbsInfo(minimum: 0, maximum: 16383, fuzz: 0, resolution: 47)),
                           .init(name: "ABS_MT_SLOT", info: AbsInfo(minimum: 0, maximum: 9)),
                           .init(name: "ABS_MT_POSITION_X", info: AbsInfo(minimum: 0, maximum: 16383, fuzz: 4, resolution: 0))],
            slotCount: 10, relativeAxes: [])
        #expect(InputDeviceLister.lines(.device(summary)) == [
            "/dev/input/event3: \"ILITEK ILITEK-TP\" (bus 0003 vendor 222a product 0001), touchscreen",
            "  properties: INPUT_PROP_DIRECT",
            "  axes: ABS_X 0..16383 res 47/mm, ABS_MT_SLOT 0..9, ABS_MT_POSITION_X 0..16383 fuzz 4",
            "  multitouch: 10 slots (protocol B)",
        ])
    }

    @Test func aMouseHasNoPropertiesAndRelativeAxes() {
        let summary = InputDeviceSummary(path: "/dev/input/event4", name: "Logitech USB Optical Mouse",
                                         id: InputDeviceID(bustype: 3, vendor: 0x46d, product: 0xc077), kind: "mouse",
                                         properties: [], absoluteAxes: [], slotCount: 0, relativeAxes: ["REL_X", "REL_Y", "REL_WHEEL"])
        #expect(InputDeviceLister.lines(.device(summary)) == [
            "/dev/input/event4: \"Logitech USB Optical Mouse\" (bus 0003 vendor 046d product c077), mouse",
            "  properties: none",
            "  relative: REL_X, REL_Y, REL_WHEEL",
        ])
    }

    @Test func nodesThatCannotBeRead() {
        #expect(InputDeviceLister.lines(.cannotOpen(path: "/dev/input/event5", SystemError("open", "/dev/input/event5", errno: .noSuchAddressOrDevice)))
                == ["/dev/input/event5: cannot open (errno 6)"])
        #expect(InputDeviceLister.lines(.notEvdev(path: "/dev/input/event6", SystemError("libevdev_new_from_fd", "/dev/input/event6", errno: .invalidArgument)))
                == ["/dev/input/event6: not an evdev device (libevdev_new_from_fd: errno 22)"])
        // The node's group (not there: the usual one).
        #expect(InputDeviceLister.lines(.noPermission(path: "/nonexistent/event7"))
                == ["/nonexistent/event7: no permission (join the 'input' group, or run as root)"])
    }

    @Test func anEmptyOrMissingDirectory() {
        #expect(InputDeviceLister.lines(directory: "/nonexistent/input") == ["Input devices", "  none in /nonexistent/input"])
    }
}
