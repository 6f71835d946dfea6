import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender
import GadgetSystem

/// `set … image` of a picture the board has not decoded: decoded on a worker, the old look shown
/// until it is ready, then the whole change in one frame, the picture in a room of its own (no
/// new atlas); a picture that cannot be decoded changes nothing and its client hears one line.
@Suite(.serialized) struct HeldImageTests {
    @Test func aNewPictureIsDecodedOffTheLoopAndSwappedInWithoutANewAtlas() throws {
        let h = try ControlSocketTests.Harness()
        let c = try ControlClient(path: h.socket)
        try FileIO.replace(h.dir + "/new.png", with: try FileIO.read(h.dir + "/checker.png") )
        let work = h.loop.live.scene.atlasWork
        // The request is taken, its picture decodes on a worker: frames meanwhile show the old look.
        try c.send(##"{"cmd":"set","id":7,"gadget":"red","image":"new.png","center":[70,50]}"##)
        var wait = PollSet()
        wait.add(h.loop.control.endpoints[0].wakeDescriptor)
        #expect(try wait.wait(timeoutMilliseconds: 10_000))
        h.loop.control.take(now: h.now)
        try h.loop.drawFrame(now: h.now)
        #expect(try h.pixel(60, 50) == (255, 0, 0, 255))
        #expect(h.loop.live.board.gadgets[0].appearance == .color(Color(r: 1, g: 0, b: 0)))
        #expect(h.loop.live.session.world.pose(0).center == Vector2(60, 50))   // the change is whole: not moved yet
        // Once decoded, the whole change lands in one frame; the reply says so.
        try h.loop.live.awaitLoad(now: h.now)
        let reply = try #require(try c.readLine(timeoutMilliseconds: 10_000))
        #expect(try JSONParser.parse(reply) == .object([("id", .number(7)), ("ok", .bool(true))]))
        try h.frame()
        #expect(try h.pixel(70, 50) != (255, 0, 0, 255))
        #expect(h.loop.live.session.world.pose(0).center == Vector2(70, 50))
        #expect(h.loop.live.scene.atlasWork.builds == work.builds, "a new atlas was built for one picture")
        #expect(h.loop.live.scene.atlasWork.roomUploads == work.roomUploads + 1)
        // The frame equals a board that had the picture from the start.
        let drawn = try h.loop.display.readPixels()
        let json = String(decoding: try FileIO.read(h.dir + "/board.json"), as: UTF8.self).replacing(
            ##"{ "id": "red", "color": "#ff0000", "center": [60, 50]"##, with: ##"{ "id": "red", "image": "new.png", "center": [70, 50]"##)
        try FileIO.replace(h.dir + "/fresh.json", with: Array(json.utf8))
        guard case .success(let loaded) = BoardLoader.load(path: h.dir + "/fresh.json") else { Issue.record("fresh board"); return }
        #expect(drawn.maximumDifference(try TextSceneHarness(loaded).frame()) <= 1)
    }

    @Test func aPictureThatCannotBeDecodedChangesNothing() throws {
        let h = try ControlSocketTests.Harness()
        let c = try ControlClient(path: h.socket)
        try FileIO.replace(h.dir + "/bad.png", with: Array("not a png at all".utf8))
        let r = try h.roundTrip(c, ##"{"cmd":"set","id":3,"gadget":"red","image":"bad.png","opacity":0.5}"##)
        #expect(r?["ok"] == .bool(false) && r?["field"] == .string("image") && r?["id"] == .number(3))
        try h.frame()
        #expect(try h.pixel(60, 50) == (255, 0, 0, 255))
        #expect(h.loop.live.board.gadgets[0].opacity == 1)
        #expect(h.loop.live.heldImages.isEmpty)
        // The connection stays usable.
        #expect(try h.roundTrip(c, ##"{"cmd":"state"}"##)?["ok"] == .bool(true))
    }
}
