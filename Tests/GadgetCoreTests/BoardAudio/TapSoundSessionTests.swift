import Testing
@testable import GadgetCore

/// Sounds out of `BoardSession`: the board's tap sound on a tap on a button, a `play` action on a
/// tap and on a long press, each at its touch's time, and nothing for gadgets that are not buttons.
@Suite struct TapSoundSessionTests {
    static func json(tapSound: String = #""tapSound":"click","#) -> String { """
    {"size":[1280,720],"sounds":{"click":"click.wav","chime":"chime.ogg"},\(tapSound)
     "gadgets":[
       \(PagedBoardFixture.button("order", 200, #"{"emit":"order"}"#)),
       {"id":"bell","color":"#3478f6","center":[640,600],"size":[200,100],"movable":false,"scalable":false,"rotatable":false,
        "doubleTapReset":false,"gestures":["tap","longPress"],"action":{"play":"chime"},"longPressAction":{"play":"chime"}},
       {"id":"photo","color":"#ff9500","center":[640,200],"size":[200,200]}]}
    """
    }

    static func board(_ text: String = json()) -> Board {
        switch BoardDecoder.decode(Array(text.utf8), file: "sound.json") {
        case .success(let b): return b
        case .failure(let p): fatalError("fixture: \(p)")
        }
    }

    @Test func aTapOnAButtonPlaysTheTapSoundAtTheTapsTime() {
        var d = SessionDriver(board: Self.board())
        d.time = 1_000_000
        d.tap(Vector2(200, 600))
        // Recognized on lift (the button has no double tap to wait for): 1.05 s.
        #expect(d.session.takeSoundCues() == [SoundCue(time: 1_050_000, sound: "click", gadget: "order")])
        #expect(d.session.takeSoundCues().isEmpty, "taken once")
    }

    @Test func aPlayActionPlaysItsOwnSoundInsteadOfTheClick() {
        var d = SessionDriver(board: Self.board())
        d.tap(Vector2(640, 600))
        #expect(d.session.takeSoundCues() == [SoundCue(time: 50_000, sound: "chime", gadget: "bell")])
        #expect(d.actions.map { JSONWriter.write($0.json) } == [
            #"{"type":"action","t":0.05,"action":"play","name":"chime","gadget":"bell","gesture":"tap","page":null}"#,
        ])
    }

    @Test func aLongPressPlaysItsAction() {
        var d = SessionDriver(board: Self.board())
        d.drag(from: Vector2(640, 600), by: Vector2(0, 0), steps: 1, stepTime: 700_000)
        let cues = d.session.takeSoundCues()
        #expect(cues.map(\.sound) == ["chime"] && cues.map(\.gadget) == ["bell"])
        #expect(cues.first.map { $0.time >= 500_000 && $0.time <= 700_000 } == true, "when the press began")
    }

    @Test func aGadgetWithoutAnActionDoesNotClick() {
        var d = SessionDriver(board: Self.board())
        d.tap(Vector2(640, 200))
        d.advance(to: 1_000_000)
        #expect(d.session.takeSoundCues().isEmpty)
    }

    @Test func noTapSoundNoClick() {
        var d = SessionDriver(board: Self.board(Self.json(tapSound: "")))
        d.tap(Vector2(200, 600))
        #expect(d.session.takeSoundCues().isEmpty)
    }
}
