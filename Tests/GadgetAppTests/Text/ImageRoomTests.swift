import Testing
@testable import GadgetApp
@testable import GadgetCore
@testable import GadgetRender

/// Photos placed into the room the atlas kept for them (`BoardScene.placeImage`), instead of a
/// new scene per arrival: the result is what a scene built with the photo draws.
@Suite(.serialized) struct ImageRoomTests {
    static let json = """
    {"size": [320, 200], "background": "#000000", "gadgets": [
      {"id": "a", "image": "checker.png", "center": [90, 100], "size": [120, 120], "rotation": 5},
      {"id": "b", "color": "#ff8000", "center": [240, 100], "size": [100, 60],
       "text": {"string": "Room", "size": 24, "align": "center", "verticalAlign": "middle"}}]}
    """

    @Test func aPlacedPhotoDrawsAsInASceneBuiltWithIt() throws {
        let full = try textBoard(Self.json)
        let photo = try #require(full.images["checker.png"])
        var empty = full
        empty.images = [:]
        let harness = try TextSceneHarness(empty)
        // As `run` does: a scene with room for the photo, placeholders until it arrives.
        let scene = try BoardScene(loaded: empty, displaySize: harness.display.pixelSize, reserving: ["checker.png": photo.size])
        defer { scene.destroy() }
        let reference = try TextSceneHarness(full).frame()
        try harness.display.beginFrame()   // that harness made its own context current
        #expect(try scene.placeImage(photo, path: "checker.png", board: full.board))
        #expect(scene.contentRevisions == [1, 0])
        #expect(try !scene.placeImage(photo, path: "checker.png", board: full.board))   // placed already: no room waiting
        try harness.display.beginFrame()
        harness.batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: full.board, poses: World(board: full.board).poses, into: harness.batcher)
        try harness.batcher.end()
        #expect(harness.batcher.drawCalls == 1)
        try harness.display.present()
        let placed = try harness.display.readPixels()
        #expect(placed.maximumDifference(reference) == 0)
        // A rebuild after it (a settled pinch) keeps it.
        var poses = World(board: full.board).poses
        poses[1].scale = 2
        #expect(try scene.sharpenText(poses: poses, board: full.board))
        try harness.display.beginFrame()
        harness.batcher.begin(transform: scene.viewport.clipTransform)
        scene.draw(board: full.board, poses: World(board: full.board).poses, into: harness.batcher)
        try harness.batcher.end()
        try harness.display.present()
        let rebuilt = try harness.display.readPixels()
        // Another page layout: texture coordinates round differently by a step at most.
        #expect(rebuilt.maximumDifference(reference, in: (20, 30, 160, 170)) <= 1)
    }
}
