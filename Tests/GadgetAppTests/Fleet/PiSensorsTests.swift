import Testing
import GadgetCore
import GadgetSystem
@testable import GadgetApp

/// The Pi's sysfs files, stood in for by files of our own.
@Suite struct PiSensorsTests {
    @Test func readsBothFiles() throws {
        let dir = try TemporaryDirectory()
        try FileIO.replace(dir.path + "/temp", with: "48850\n")
        try FileIO.replace(dir.path + "/get_throttled", with: "50005\n")
        let s = PiSensors(temperaturePath: dir.path + "/temp", throttledPath: dir.path + "/get_throttled")
        s.refresh()
        #expect(s.temperatureCelsius == 48.85)
        #expect(s.throttled == ThrottledFlags(rawValue: 0x50005))
        // Values change between reads.
        try FileIO.replace(dir.path + "/get_throttled", with: "0\n")
        s.refresh()
        #expect(s.throttled == ThrottledFlags(rawValue: 0))
    }

    /// Not a Pi: nil figures, no error, and the missing files are not looked for again (a file
    /// appearing later is ignored: the hardware does not change while the kiosk runs).
    @Test func absentFilesAreNilAndForgotten() throws {
        let dir = try TemporaryDirectory()
        let s = PiSensors(temperaturePath: dir.path + "/temp", throttledPath: dir.path + "/get_throttled")
        s.refresh()
        #expect(s.temperatureCelsius == nil && s.throttled == nil)
        try FileIO.replace(dir.path + "/temp", with: "50000\n")
        s.refresh()
        #expect(s.temperatureCelsius == nil)
    }

    @Test func unparsableTextIsNil() throws {
        let dir = try TemporaryDirectory()
        try FileIO.replace(dir.path + "/temp", with: "hot\n")
        try FileIO.replace(dir.path + "/get_throttled", with: "throttled=0xZZ\n")
        let s = PiSensors(temperaturePath: dir.path + "/temp", throttledPath: dir.path + "/get_throttled")
        s.refresh()
        #expect(s.temperatureCelsius == nil && s.throttled == nil)
    }
}
