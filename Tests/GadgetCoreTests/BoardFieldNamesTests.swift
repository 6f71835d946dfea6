import Testing
@testable import GadgetCore

/// Issue 24, item 9: one spelling rule for `color`/`colour`, near-name suggestions for unknown
/// fields, and gadget ids in error paths.
@Suite struct BoardFieldNamesTests {
    func decode(_ text: String) -> Result<Board, BoardProblems> { BoardDecoder.decode(Array(text.utf8), file: "board.json") }
    func problems(_ text: String) -> [String] {
        if case .failure(let p) = decode(text) { return p.problems.map(\.description) }
        return []
    }

    @Test func colourIsAcceptedWhereverColorIs() throws {
        let board = try decode("""
        {"size":[100,100],"background":{"image":"b.png","colour":"#102030"},"gadgets":[
          {"id":"a","colour":"#ff0000","center":[1,1],"size":[1,1]},
          {"id":"t","center":[1,1],"size":[50,20],"text":{"string":"hi","colour":"#00ff00"}}]}
        """).get()
        #expect(board.gadgets[0].appearance == .color(Color(hex: "#ff0000")!))
        #expect(board.gadgets[1].text?.style.color == Color(hex: "#00ff00")!)
        #expect(board.background == .image(ImageReference(path: "b.png", jsonPath: "background.image"), fill: Color(hex: "#102030")!))
        // The same board the American spelling gives.
        let american = try decode("""
        {"size":[100,100],"background":{"image":"b.png","color":"#102030"},"gadgets":[
          {"id":"a","color":"#ff0000","center":[1,1],"size":[1,1]},
          {"id":"t","center":[1,1],"size":[50,20],"text":{"string":"hi","color":"#00ff00"}}]}
        """).get()
        #expect(board == american)
    }

    @Test func bothSpellingsAreOneFieldGivenTwice() {
        #expect(problems(##"{"size":[100,100],"gadgets":[{"id":"a","color":"#ff0000","colour":"#00ff00","center":[1,1],"size":[1,1]}]}"##)
                == [##"board.json: gadgets[0] (a).colour: same field as "color" (give one)"##])
        // Where no colour is allowed, neither spelling is.
        #expect(problems(##"{"size":[100,100],"colour":"#000000","gadgets":[]}"##).first?.hasPrefix("board.json: colour: unknown field") == true)
    }

    @Test func unknownFieldsSuggestTheNearName() {
        let p = problems("""
        {"size":[100,100],"gadgets":[{"id":"a","color":"#ff0000","center":[1,1],"size":[1,1]},{"id":"b","color":"#ff0000","center":[1,1],"size":[1,1]},
          {"id":"c","color":"#ff0000","center":[1,1],"size":[1,1]},{"id":"toGallery","colr":"#ff0000","center":[1,1],"size":[1,1],"opactiy":1}]}
        """)
        #expect(p.contains(##"board.json: gadgets[3] (toGallery).colr: unknown field (did you mean "color"?)"##), "\(p)")
        #expect(p.contains(##"board.json: gadgets[3] (toGallery).opactiy: unknown field (did you mean "opacity"?)"##), "\(p)")
        // Nothing near: every allowed name, as before.
        #expect(problems(##"{"size":[100,100],"gadgets":[],"zzzzzz":1}"##).first?.contains("unknown field (allowed: $schema, accessibility, background,") == true)
    }

    @Test func errorPathsNameTheGadgetsID() {
        let p = problems("""
        {"size":[100,100],"pages":[{"id":"home","gadgets":[{"id":"a","color":"#ff0000","center":[1,1],"size":[1,1]},
          {"id":"b","color":"#ff0000","center":[1,1],"size":[1,1]},{"id":"c","color":"#ff0000","center":[1,1],"size":[1,1]},
          {"id":"d","color":"#ff0000","center":[1,1],"size":[1,1]},{"id":"toGallery","color":"red","center":[1,1],"size":[1,1]}]}]}
        """)
        #expect(p == [##"board.json: pages[0].gadgets[4] (toGallery).color: invalid colour "red" (expected #rrggbb or #rrggbbaa)"##])
        // Image references carry it too, so `check`'s "file not found" says which gadget.
        let board = try? decode(##"{"size":[10,10],"gadgets":[{"id":"photo","image":"p.png","center":[1,1],"size":[1,1]}]}"##).get()
        #expect(board?.imageReferences.first?.jsonPath == "gadgets[0] (photo).image")
    }

    @Test func suggestionDistance() {
        #expect(FieldNameSuggestion.nearest("colr", among: ["color", "center"]) == "color")
        #expect(FieldNameSuggestion.nearest("Color", among: ["color"]) == "color")
        #expect(FieldNameSuggestion.nearest("roation", among: ["rotation", "rotatable"]) == "rotation")
        #expect(FieldNameSuggestion.nearest("x", among: ["z"]) == nil)
        #expect(FieldNameSuggestion.nearest("banana", among: ["image", "color"]) == nil)
        #expect(FieldNameSuggestion.distance(Array("ab".unicodeScalars), Array("ba".unicodeScalars)) == 1)
        #expect(FieldNameSuggestion.distance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }
}
