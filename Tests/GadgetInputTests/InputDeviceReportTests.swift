import Testing
import Glibc
import GadgetCore
import GadgetSystem
@testable import GadgetInput

/// `gadgetboard devices`' input half, on a directory the test makes (no /dev/input needed).
@Suite struct InputDeviceReportTests {
    @Test func listsEventNodesInOrderAndSaysWhyOneIsNotADevice() throws {
        let dir = InputThreadTests.TempDir()
        // A FIFO and a regular file named like event nodes: both open, neither is evdev.
        _ = dir.fifo("event10")
        _ = dir.fifo("mouse0")
        let regular = dir.path + "/event2"
        close(open(regular, O_CREAT | O_WRONLY, 0o600))
        let report = InputDeviceReport.scan(directory: dir.path)
        #expect(report.directory == dir.path)
        #expect(report.entries == [
            .notEvdev(path: regular, SystemError("libevdev_new_from_fd", regular, code: ENOTTY)),
            .notEvdev(path: dir.path + "/event10", SystemError("libevdev_new_from_fd", dir.path + "/event10", code: ENOTTY)),
        ])
    }

    @Test func aMissingDirectoryHasNoEntries() {
        #expect(InputDeviceReport.scan(directory: "/nonexistent/input").entries.isEmpty)
    }

    /// /dev/null opens but is not evdev; a node that cannot be opened names its errno.
    @Test func entriesTellAFailedOpenFromAFileThatIsNotEvdev() {
        #expect(InputDeviceReport.entry("/dev/null") == .notEvdev(path: "/dev/null", SystemError("libevdev_new_from_fd", "/dev/null", code: ENOTTY)))
        #expect(InputDeviceReport.entry("/nonexistent/event0")
                == .cannotOpen(path: "/nonexistent/event0", SystemError("open", "/nonexistent/event0", errno: .noSuchFileOrDirectory)))
    }

    /// The summary of a described device: names from libevdev's tables, sorted codes.
    @Test func summaryNamesPropertiesAndAxes() {
        let d = InputThreadTests.touchscreen
        let s = InputDeviceSummary(path: "/dev/input/event3", description: d, slotCount: 5)
        #expect(s.name == "fake touchscreen" && s.kind == "touchscreen")
        #expect(s.properties == ["INPUT_PROP_DIRECT"])
        #expect(s.absoluteAxes.map(\.name) == ["ABS_X", "ABS_Y", "ABS_MT_SLOT", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y", "ABS_MT_TRACKING_ID"])
        #expect(s.absoluteAxes.first?.info == AbsInfo(minimum: 0, maximum: 1279))
        #expect(s.relativeAxes.isEmpty && s.slotCount == 5)
        let mouse = InputDeviceSummary(path: "/dev/input/event4", description: InputThreadTests.mouse, slotCount: 0)
        #expect(mouse.kind == "mouse" && mouse.relativeAxes == ["REL_X", "REL_Y"] && mouse.properties.isEmpty)
    }

    /// What a person would call a device, in the order the checks run.
    @Test func kinds() {
        func kind(_ props: Set<Int> = [], _ codes: [UInt16: Set<UInt16>]) -> String {
            InputDeviceSummary.kind(of: InputDeviceDescription(nameBytes: [], properties: props, codes: codes))
        }
        let xy: [UInt16: Set<UInt16>] = [EV.abs: [EV.absX, EV.absY]]
        #expect(kind([EV.propAccelerometer], xy) == "accelerometer")
        #expect(kind([EV.propDirect], xy.merging([EV.key: [0x140]]) { $1 }) == "tablet (pen)")
        #expect(kind([EV.propDirect], xy) == "touchscreen")
        #expect(kind([EV.propPointer], xy) == "touchpad")
        #expect(kind([], xy.merging([EV.key: [EV.btnToolFinger]]) { $1 }) == "touchpad")
        #expect(kind([], xy.merging([EV.key: [EV.btnTouch]]) { $1 }) == "touchscreen (no INPUT_PROP_DIRECT)")
        #expect(kind([], [EV.rel: [EV.relX, EV.relY], EV.key: [EV.btnLeft]]) == "mouse")
        #expect(kind([], xy.merging([EV.key: [EV.btnLeft]]) { $1 }) == "absolute pointer")
        #expect(kind([], [EV.key: [30, 44]]) == "keyboard")
        #expect(kind([], [EV.key: [96, 79, 80, 81, 82]]) == "keypad")
        #expect(kind([], [EV.key: [116]]) == "power button")
        #expect(kind([], [:]) == "other")
    }
}
