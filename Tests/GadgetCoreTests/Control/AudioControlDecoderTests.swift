import Testing
@testable import GadgetCore

/// `{"cmd":"play","sound"}` and `{"cmd":"volume","level"}`, and the ctl words that make them.
@Suite struct AudioControlDecoderTests {
    func decode(_ s: String) -> Result<ControlRequest, ControlFailure> { ControlRequestDecoder.decode(Array(s.utf8)) }
    func failure(_ s: String) -> ControlFailure? { if case .failure(let f) = decode(s) { return f }; return nil }

    @Test func playAndVolumeDecode() throws {
        #expect(try decode(#"{"cmd":"play","sound":"chime","id":4}"#).get() == ControlRequest(id: .number(4), command: .play("chime")))
        #expect(try decode(#"{"cmd":"volume","level":0.5}"#).get().command == .volume(0.5))
        #expect(try decode(#"{"cmd":"volume","level":0}"#).get().command == .volume(0))
        #expect(try decode(#"{"cmd":"volume","level":1}"#).get().command == .volume(1))
    }

    @Test func mistakesAreOneLine() {
        #expect(failure(#"{"cmd":"play"}"#) == ControlFailure(field: "sound", message: "missing"))
        #expect(failure(#"{"cmd":"play","sound":""}"#) == ControlFailure(field: "sound", message: "expected 1 to 256 bytes"))
        #expect(failure(#"{"cmd":"play","sound":3}"#) == ControlFailure(field: "sound", message: "expected a string, got a number"))
        #expect(failure(#"{"cmd":"play","sound":"a","level":1}"#) == ControlFailure(field: "level", message: "unknown field"))
        #expect(failure(#"{"cmd":"volume"}"#) == ControlFailure(field: "level", message: "missing"))
        #expect(failure(#"{"cmd":"volume","level":1.2}"#) == ControlFailure(field: "level", message: "1.2 is out of range 0...1"))
        #expect(failure(#"{"cmd":"volume","level":-1}"#) == ControlFailure(field: "level", message: "-1 is out of range 0...1"))
        #expect(failure(#"{"cmd":"volume","level":"loud"}"#) == ControlFailure(field: "level", message: "expected a number, got a string"))
        #expect(failure(#"{"cmd":"volume","levle":0.5}"#) == ControlFailure(field: "levle", message: #"unknown field (did you mean "level"?)"#))
    }

    @Test func ctlWords() throws {
        #expect(JSONWriter.write(try ControlCommandLine.request(["play", "chime"]).get()) == #"{"cmd":"play","sound":"chime"}"#)
        #expect(JSONWriter.write(try ControlCommandLine.request(["volume", "0.5"]).get()) == #"{"cmd":"volume","level":0.5}"#)
        #expect(ControlCommandLine.isKnownCommand("play") && ControlCommandLine.isKnownCommand("volume"))
        guard case .failure(let loud) = ControlCommandLine.request(["volume", "11"]) else { Issue.record("volume 11 passed"); return }
        #expect(loud.description == #"level: volume takes one level from 0 to 1, got "11""#)
        guard case .failure(let none) = ControlCommandLine.request(["play"]) else { Issue.record("play without a name passed"); return }
        #expect(none.description == #"play takes one sound name (a name of the board's "sounds")"#)
    }
}
