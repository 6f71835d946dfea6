import Testing
@testable import GadgetCore

/// `{"cmd":"video",…}`: strict fields, one-line errors naming the field.
@Suite struct VideoControlDecoderTests {
    func decode(_ s: String) -> Result<ControlRequest, ControlFailure> { ControlRequestDecoder.decode(Array(s.utf8)) }

    func failure(_ s: String) -> ControlFailure? {
        if case .failure(let f) = decode(s) { return f }
        return nil
    }

    @Test func everyAction() throws {
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"play","id":1}"##).get()
            == ControlRequest(id: .number(1), command: .video(VideoControl(gadget: "v", action: .play))))
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"pause"}"##).get().command == .video(VideoControl(gadget: "v", action: .pause)))
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"restart"}"##).get().command == .video(VideoControl(gadget: "v", action: .restart)))
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"seek","time":2.5}"##).get().command
            == .video(VideoControl(gadget: "v", action: .seek, time: 2_500_000)))
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"volume","level":0.5}"##).get().command
            == .video(VideoControl(gadget: "v", action: .volume, level: 0.5)))
    }

    @Test func volumeTakesALevelFromZeroToOne() {
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"volume"}"##) == ControlFailure(field: "level", message: "missing (0 to 1, for volume)"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"volume","level":1.5}"##) == ControlFailure(field: "level", message: "1.5 is out of range 0...1"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"volume","level":"loud"}"##)
            == ControlFailure(field: "level", message: "expected a number from 0 to 1, got a string"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"play","level":1}"##) == ControlFailure(field: "level", message: "only with action \"volume\""))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"volume","level":1,"time":2}"##)?.field == "time")
    }

    /// The visitor's captions (issue 39): `show` true or false, with `captions` only.
    @Test func captionsTakeShow() throws {
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"captions","show":true}"##).get().command
            == .video(VideoControl(gadget: "v", action: .captions, show: true)))
        #expect(try decode(##"{"cmd":"video","gadget":"v","action":"captions","show":false}"##).get().command
            == .video(VideoControl(gadget: "v", action: .captions, show: false)))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"captions"}"##) == ControlFailure(field: "show", message: "missing (true or false, for captions)"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"captions","show":"yes"}"##) == ControlFailure(field: "show", message: "expected true or false, got a string"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"play","show":true}"##) == ControlFailure(field: "show", message: "only with action \"captions\""))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"captions","show":true,"level":1}"##)?.field == "level")
    }

    @Test func mistakesNameTheirField() {
        #expect(failure(##"{"cmd":"video","action":"play"}"##) == ControlFailure(field: "gadget", message: "missing"))
        #expect(failure(##"{"cmd":"video","gadget":"v"}"##) == ControlFailure(field: "action", message: "missing (one of play, pause, seek, restart, volume, captions)"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"stop"}"##)
            == ControlFailure(field: "action", message: "unknown action \"stop\" (one of play, pause, seek, restart, volume, captions)"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":3}"##) == ControlFailure(field: "action", message: "expected a string, got a number"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"seek"}"##)?.field == "time")
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"seek","time":-1}"##) == ControlFailure(field: "time", message: "-1 is out of range 0...86400"))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"seek","time":"1"}"##)?.field == "time")
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"play","time":1}"##) == ControlFailure(field: "time", message: "only with action \"seek\""))
        #expect(failure(##"{"cmd":"video","gadget":"v","action":"play","speed":2}"##)?.field == "speed")
        for s in [##"{"cmd":"video","gadget":"v","action":"stop"}"##, ##"{"cmd":"video","gadget":"v","action":"seek","time":1e400}"##] {
            #expect(failure(s).map { !$0.description.contains("\n") } == true)
        }
    }
}
