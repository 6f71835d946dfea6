import Testing
@testable import GadgetCore

/// `"volume"`, `"sounds"`, `"tapSound"` and the `play` action: what decodes, and one line with
/// its JSON path for each mistake.
@Suite struct BoardAudioDecoderTests {
    func decode(_ root: String, gadgets: String = ##"{"id":"a","color":"#ffffff","center":[10,10],"size":[5,5]}"##) -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array(#"{"size":[100,100],"gadgets":[\#(gadgets)]\#(root)}"#.utf8), file: "b.json")
    }

    func problems(_ root: String, gadgets: String = ##"{"id":"a","color":"#ffffff","center":[10,10],"size":[5,5]}"##) -> [String] {
        if case .failure(let p) = decode(root, gadgets: gadgets) { return p.problems.map(\.description) }
        return []
    }

    static func button(_ action: String, field: String = "action", gestures: String = #"["tap","longPress"]"#) -> String {
        ##"{"id":"buy","color":"#ffffff","center":[10,10],"size":[5,5],"gestures":\##(gestures),"\##(field)":\##(action)}"##
    }

    @Test func decodesVolumeSoundsAndTapSound() throws {
        let board = try decode(#","volume":0.8,"sounds":{"chime":"sounds/chime.ogg","click":"click.wav"},"tapSound":"click""#,
                               gadgets: Self.button(#"{"play":"chime"}"#)).get()
        #expect(board.audio.volume == 0.8)
        #expect(board.audio.sounds == [SoundReference(name: "chime", path: "sounds/chime.ogg", jsonPath: "sounds.chime"),
                                       SoundReference(name: "click", path: "click.wav", jsonPath: "sounds.click")])
        #expect(board.audio.tapSound == "click")
        #expect(board.gadget(id: "buy")?.action == .play("chime"))
        #expect(board.gadget(id: "buy")?.action?.kindName == "play")
    }

    @Test func aBoardWithoutSoundIsSilentAtFullVolume() throws {
        let board = try decode("").get()
        #expect(board.audio == BoardAudio())
        #expect(board.audio.volume == 1 && board.audio.sounds.isEmpty && board.audio.tapSound == nil)
    }

    @Test func aVolumeOutsideZeroToOneIsRefused() {
        #expect(problems(#","volume":1.5"#) == ["b.json: volume: 1.5 is out of range 0...1"])
        #expect(problems(#","volume":-0.1"#) == ["b.json: volume: -0.1 is out of range 0...1"])
        #expect(problems(#","volume":"loud""#) == ["b.json: volume: expected a number, got a string"])
    }

    @Test func anUnknownSoundInAnActionIsOneLine() {
        #expect(problems(#","sounds":{"chime":"c.ogg"}"#, gadgets: Self.button(#"{"play":"ding"}"#))
                == [#"b.json: gadgets[0] (buy).action.play: unknown sound "ding" (sounds: chime)"#])
        #expect(problems(#","sounds":{"chime":"c.ogg"}"#, gadgets: Self.button(#"{"play":"ding"}"#, field: "longPressAction"))
                == [#"b.json: gadgets[0] (buy).longPressAction.play: unknown sound "ding" (sounds: chime)"#])
        #expect(problems("", gadgets: Self.button(#"{"play":"ding"}"#))
                == [#"b.json: gadgets[0] (buy).action.play: names sound "ding", but the board has no "sounds""#])
        #expect(problems("", gadgets: Self.button(#"{"play":""}"#)) == ["b.json: gadgets[0] (buy).action.play: expected a non-empty string"])
        #expect(problems("", gadgets: Self.button(#"{"play":"a","emit":"b"}"#))
                == ["b.json: gadgets[0] (buy).action: give exactly one of page, back, emit, reset, play"])
    }

    @Test func anUnknownTapSoundIsOneLine() {
        #expect(problems(#","sounds":{"chime":"c.ogg"},"tapSound":"click""#) == [#"b.json: tapSound: unknown sound "click" (sounds: chime)"#])
        #expect(problems(#","tapSound":"click""#) == [#"b.json: tapSound: names sound "click", but the board has no "sounds""#])
        #expect(problems(#","sounds":{"chime":"c.ogg"},"tapSound":3"#) == ["b.json: tapSound: expected a sound name, got a number"])
    }

    @Test func badSoundsAreOneLineEachAndSuppressTheNamesTheyCouldBe() {
        #expect(problems(#","sounds":["c.ogg"]"#) == ["b.json: sounds: expected an object of name: file path, got an array"])
        #expect(problems(#","sounds":{"chime":""}"#) == ["b.json: sounds.chime: expected a file path string, got a string"])
        #expect(problems(#","sounds":{"chime":"a.ogg","chime":"b.ogg"}"#) == ["b.json: sounds.chime: sound given twice"])
        // The sound that failed may be the one named: its name is not called unknown too.
        #expect(problems(#","sounds":{"chime":5},"tapSound":"chime""#, gadgets: Self.button(#"{"play":"chime"}"#))
                == ["b.json: sounds.chime: expected a file path string, got a number"])
        let many = (0...BoardDecoder.maximumSounds).map { #""s\#($0)":"s.ogg""# }.joined(separator: ",")
        #expect(problems(#","sounds":{\#(many)}"#) == ["b.json: sounds: more than 64 sounds"])
    }

    @Test func quietHoursDecodeWithTheirLevel() throws {
        let board = try decode(#","schedule":{"volume":[{"days":"mon-fri","from":"22:00","to":"07:00","level":0.3},{"from":"12:00","to":"13:00","level":0}]}"#).get()
        #expect(board.schedule.volume.map(\.level) == [0.3, 0])
        #expect(board.schedule.volume.map(\.jsonPath) == ["schedule.volume[0]", "schedule.volume[1]"])
        #expect(board.schedule.volume[0].crossesMidnight)
        #expect(board.schedule.isTimed, "quiet hours need the clock")
    }

    @Test func quietHoursRefusals() {
        #expect(problems(#","schedule":{"volume":[{"from":"22:00","to":"07:00","level":2}]}"#)
                == ["b.json: schedule.volume[0].level: 2 is out of range 0...1"])
        #expect(problems(#","schedule":{"volume":[{"from":"22:00","to":"07:00"}]}"#)
                == ["b.json: schedule.volume[0].level: missing required field"])
        #expect(problems(#","schedule":{"volume":[{"from":"22:00","to":"07:00","level":0.5,"page":"x"}]}"#)
                == [#"b.json: schedule.volume[0].page: unknown field (allowed: days, from, level, to)"#])
        #expect(problems(#","schedule":{"displayOn":[{"from":"08:00","to":"20:00","level":0.5}]}"#)
                == [#"b.json: schedule.displayOn[0].level: unknown field (allowed: days, from, to)"#])
    }
}
