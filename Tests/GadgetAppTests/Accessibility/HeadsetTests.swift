import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// A headset plugged into the jack (EN 5.1.3.2, 5.1.3.8/9, 5.2): a recording of a sound card's
/// "Headphone" device whose SW_HEADPHONE_INSERT goes on and, 2 s later, off (replay counts from
/// the first event) turns speech mode
/// on with private output, then makes the output public; on private output a private gadget's
/// text is said (its events still never carry it).
@Suite struct HeadsetTests {
    static let recording = """
    # EVEMU 1.3
    # A sound card's headphone jack (EV_SYN, EV_SW with SW_HEADPHONE_INSERT): in at 1 s, out at 3 s.
    N: HDA Intel PCH Headphone
    I: 0000 0000 0000 0000
    P: 00 00 00 00 00 00 00 00
    B: 00 21 00 00 00 00 00 00 00
    B: 05 04 00 00 00 00 00 00 00
    E: 1.000000 0005 0002 0001
    E: 1.000000 0000 0000 0000
    E: 3.000000 0005 0002 0000
    E: 3.000000 0000 0000 0000

    """

    static let board = ##"{"size":[320,240],"gadgets":["## +
        ##"{"id":"balance","center":[160,120],"size":[200,60],"text":{"string":"Balance 120 EUR"},"private":true}]}"##

    static func replay(speech: Bool) throws -> ReplayRun {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let rec = try EvemuReader.read(Array(Self.recording.utf8))
        let playback = try RecordingPlayer.play(rec, board: board.size)
        var o = ReplayRun.Options()
        o.settle = 1_000_000
        o.speech = speech
        return ReplayRun(board: board, playback: playback, options: o)
    }

    @Test func aRecordedHeadsetTurnsSpeechOnWithPrivateOutput() throws {
        let run = try Self.replay(speech: false)
        #expect(run.playback.kind == .headphoneJack)
        #expect(run.lines.filter { $0.hasPrefix(#"{"type":"accessibility""#) } == [
            #"{"type":"accessibility","event":"output","t":0,"private":true}"#,
            #"{"type":"accessibility","event":"mode","t":0,"speech":true}"#,
            #"{"type":"accessibility","event":"output","t":2,"private":false}"#,
        ])
        #expect(run.access.speaking && !run.access.privateOutput)
    }

    @Test func inSpeechModeAlreadyOnlyTheOutputChanges() throws {
        let run = try Self.replay(speech: true)
        #expect(run.lines.filter { $0.hasPrefix(#"{"type":"accessibility""#) }.map { $0.contains(#""event":"output""#) } == [true, true])
    }

    @Test func theKioskSaysAPrivateGadgetOnlyOnTheHeadset() throws {
        let board = try BoardDecoder.decode(Array(Self.board.utf8), file: "b.json").get()
        let node = try #require(AccessibilityTree(board: board, page: nil).node(id: "balance"))
        let speech = KioskSpeech(choice: .auto, audio: nil)
        var events: [String] = []
        speech.say(node, now: 1, publish: { events.append(JSONWriter.write($0)) })
        #expect(speech.lastSpokenGadget == nil, "the speaker must not say a private gadget's text")
        speech.headset(true, now: 2, publish: { events.append(JSONWriter.write($0)) })
        #expect(speech.enabled && speech.privateOutput)
        speech.say(node, now: 3, publish: { events.append(JSONWriter.write($0)) })
        #expect(speech.lastSpokenGadget == "balance")
        #expect(!events.contains { $0.contains("120 EUR") }, "no event carries a private text")
        speech.headset(false, now: 4, publish: { events.append(JSONWriter.write($0)) })
        #expect(speech.enabled && !speech.privateOutput)
    }

    @Test func runSpeechOffKeepsSpeechOffWithAHeadset() {
        let speech = KioskSpeech(choice: .off, audio: nil)
        speech.headset(true, now: 1, publish: { _ in })
        #expect(!speech.enabled && !speech.privateOutput)
    }
}
