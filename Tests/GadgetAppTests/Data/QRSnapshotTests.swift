import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender
import GadgetSystem

/// Issue 27: a QR gadget drawn by the kiosk's own scene reads back with zbarimg (Debian's
/// zbar-tools) at its size, turned 30°, small (120 px) and on a display turned 90°; and it stays
/// in the board's one draw call.
@Suite(.serialized) struct QRSnapshotTests {
    static let url = "https://example.org/menu?table=7"

    func board(size: Double, rotation: Double, ecc: String = "M", extra: String = "") -> String {
        """
        {"size": [480, 360], "background": "#20242c", "gadgets": [
          {"id": "card", "color": "#3366cc", "center": [100, 80], "size": [120, 60]},
          {"id": "menu", "center": [240, 180], "size": [\(size), \(size)], "rotation": \(rotation),
           "qr": {"text": "\(Self.url)", "ecc": "\(ecc)"}}\(extra)
        ]}
        """
    }

    /// What zbarimg reads in the PNG (nil: nothing).
    func zbar(_ png: [UInt8]) throws -> String? {
        let dir = scratchDirectory("qr")
        let path = dir + "/shot.png", out = dir + "/out.txt"
        try FileIO.replace(path, with: png)
        _ = try ChildProcess.run(["/bin/sh", "-c", "zbarimg --quiet --raw -Sdisable -Sqrcode.enable '\(path)' > '\(out)' 2>/dev/null"])
        let text = String(decoding: try FileIO.read(out), as: UTF8.self).split(separator: "\n").first.map(String.init)
        return text
    }

    func shot(_ json: String, size: PixelSize? = nil, rotation: DisplayRotation? = nil) throws -> Snapshot.Result {
        let loaded = try BoardLoader.load(bytes: Array(json.utf8), name: "qr.json", images: FileImageSource(directory: "/nonexistent")).get()
        #expect(loaded.qrImages["menu"] != nil)
        return try Snapshot.render(loaded, size: size, orientation: rotation.map { .panel($0) } ?? .viewer)
    }

    @Test func readsBackUpright() throws {
        let s = try shot(board(size: 240, rotation: 0))
        #expect(try zbar(s.png) == Self.url)
        // The code is an atlas entry like a photo or a text: one draw call with the colour card.
        #expect(s.drawCalls == 1)
    }

    @Test func readsBackTurned30Degrees() throws {
        #expect(try zbar(try shot(board(size: 240, rotation: 30)).png) == Self.url)
    }

    @Test func readsBackSmall() throws {
        #expect(try zbar(try shot(board(size: 120, rotation: 0, ecc: "L")).png) == Self.url)
    }

    @Test func readsBackOnARotatedDisplay() throws {
        #expect(try zbar(try shot(board(size: 240, rotation: 0), size: PixelSize(360, 480), rotation: .quarter).png) == Self.url)
    }
}
