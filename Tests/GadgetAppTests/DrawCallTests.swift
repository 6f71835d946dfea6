import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetDisplay
@testable import GadgetRender

@Suite struct DrawCallTests {
    /// Issue 2: a board of 1,000 gadgets over 2 image textures plus solid colours takes at most
    /// 3 draw calls, however the images and colours interleave in z order.
    @Test func thousandGadgetsOverTwoImagesAndColours() throws {
        var gadgets: [String] = []
        for i in 0..<1000 {
            let kind: String
            switch i % 5 {
            case 0: kind = "\"image\": \"checker.png\""
            case 1: kind = "\"color\": \"#ff000080\""
            case 2: kind = "\"image\": \"disc.png\""
            case 3: kind = "\"color\": \"#00ff00\""
            default: kind = "\"image\": \"checker.png\""
            }
            gadgets.append("{\"id\": \"g\(i)\", \(kind), \"center\": [\(i % 40 * 8), \(i / 40 * 8)], \"size\": [12, 12], \"rotation\": \(i % 90)}")
        }
        let json = "{\"size\": [320, 200], \"background\": \"#000000\", \"gadgets\": [\(gadgets.joined(separator: ","))]}"
        let loaded = try BoardLoader.load(bytes: Array(json.utf8), name: "many.json",
                                          images: FileImageSource(directory: fixturesDirectory() + "/golden-board")).get()
        let shot = try Snapshot.render(loaded, size: nil)
        #expect(shot.drawCalls <= 3)
        #expect(shot.drawCalls == 1)   // both images share one atlas page
    }
}
