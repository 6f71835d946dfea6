import Glibc
import Testing
import GadgetSystem
@testable import GadgetPower

/// The backlight against a directory laid out like /sys/class/backlight: `bl_power` where the
/// driver has it, else `brightness` to 0 and back.
@Suite struct BacklightPowerTests {
    /// A fresh `root` with one device directory holding `files`.
    static func root(device: String, files: [String: String]) throws -> String {
        let root = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-backlight")
        try FileIO.makeDirectory(root + "/" + device)
        for (name, content) in files { try FileIO.replace(root + "/" + device + "/" + name, with: content, durability: .unflushed) }
        return root
    }

    static func read(_ path: String) throws -> String {
        String(decoding: try FileIO.read(path), as: UTF8.self).filter { !$0.isWhitespace }
    }

    static func remove(_ root: String) { _ = system("rm -rf '\(root)'") }

    @Test func blPowerIsFourForOffAndZeroForOn() throws {
        let root = try Self.root(device: "rpi_backlight", files: ["bl_power": "0\n", "brightness": "200\n", "max_brightness": "255\n"])
        defer { Self.remove(root) }
        let b = try BacklightPower(root: root)
        #expect(b.name == "backlight rpi_backlight")
        try b.setPowered(false)
        #expect(try Self.read(root + "/rpi_backlight/bl_power") == "4")
        #expect(try Self.read(root + "/rpi_backlight/brightness") == "200")   // untouched
        try b.setPowered(true)
        #expect(try Self.read(root + "/rpi_backlight/bl_power") == "0")
    }

    @Test func brightnessIsRestoredWithoutBlPower() throws {
        let root = try Self.root(device: "10-0045", files: ["brightness": "120\n", "max_brightness": "255\n"])
        defer { Self.remove(root) }
        let b = try BacklightPower(root: root)
        try b.setPowered(false)
        #expect(try Self.read(root + "/10-0045/brightness") == "0")
        try b.setPowered(true)
        #expect(try Self.read(root + "/10-0045/brightness") == "120")
        // Off twice keeps the level to restore (the second read sees 0).
        try b.setPowered(false)
        try b.setPowered(false)
        try b.setPowered(true)
        #expect(try Self.read(root + "/10-0045/brightness") == "120")
    }

    @Test func startingDarkRestoresTheMaximum() throws {
        let root = try Self.root(device: "panel", files: ["brightness": "0\n", "max_brightness": "31\n"])
        defer { Self.remove(root) }
        let b = try BacklightPower(root: root)
        try b.setPowered(true)
        #expect(try Self.read(root + "/panel/brightness") == "31")
    }

    @Test func devicesAreListedInOrderAndAbsenceIsAnError() throws {
        let root = try Self.root(device: "b_second", files: ["bl_power": "0"])
        defer { Self.remove(root) }
        try FileIO.makeDirectory(root + "/a_first")
        try FileIO.replace(root + "/a_first/bl_power", with: "0", durability: .unflushed)
        #expect(BacklightPower.devices(root: root) == ["a_first", "b_second"])
        #expect(try BacklightPower(root: root).device == "a_first")
        #expect(throws: DisplayPowerError.noBacklight(root + "/empty")) { try BacklightPower(root: root + "/empty") }
        #expect(BacklightPower.devices(root: root + "/missing").isEmpty)
        try FileIO.makeDirectory(root + "/bare")
        #expect(throws: DisplayPowerError.self) { try BacklightPower(root: root, device: "bare") }
    }

    @Test func aReadOnlyAttributeIsATypedError() throws {
        // As root, permissions do not stop a write; a directory in the attribute's place does.
        let root = try Self.root(device: "odd", files: ["brightness": "5"])
        defer { Self.remove(root) }
        try FileIO.makeDirectory(root + "/odd/bl_power")
        let b = try BacklightPower(root: root)
        do {
            try b.setPowered(false)
            Issue.record("writing a directory succeeded")
        } catch {
            guard case .system(let e) = error else { Issue.record("\(error)"); return }
            #expect(e.errno == .isDirectory)
        }
    }
}
