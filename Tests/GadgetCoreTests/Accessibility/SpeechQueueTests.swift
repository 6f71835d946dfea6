import Testing
@testable import GadgetCore

/// EN 5.1.3.4/5: new speech replaces old, a user action interrupts, the last can be repeated;
/// EN 5.1.3.13: the volume goes back to the default after a session.
@Suite struct SpeechQueueTests {
    @Test func newSpeechReplacesOld() {
        var q = SpeechQueue()
        let first = q.say("Tickets")
        #expect(first == [.speak(Utterance(id: 1, text: "Tickets"), rate: 175)])
        let second = q.say("Buy", language: "de", gadget: "buy", publicText: "Buy")
        #expect(second == [.speak(Utterance(id: 2, text: "Buy", language: "de", gadget: "buy", publicText: "Buy"), rate: 175)])
        #expect(q.current?.id == 2)
        q.finished(1)  // the replaced one ending late changes nothing
        #expect(q.current?.id == 2)
        q.finished(2)
        #expect(q.current == nil)
    }

    @Test func aUserActionStopsSpeechOnlyWhileSpeaking() {
        var q = SpeechQueue()
        #expect(q.interrupt() == [])
        _ = q.say("Welcome")
        #expect(q.interrupt() == [.stop])
        #expect(q.interrupt() == [])
    }

    @Test func theLastUtteranceCanBeRepeatedFromItsStart() {
        var q = SpeechQueue()
        #expect(q.repeatLast() == [])
        _ = q.say("Platform 4", language: "en-GB", gadget: "platform")
        _ = q.interrupt()
        #expect(q.repeatLast() == [.speak(Utterance(id: 2, text: "Platform 4", language: "en-GB", gadget: "platform"), rate: 175)])
    }

    @Test func blankTextSaysNothingAndWhitespaceFolds() {
        var q = SpeechQueue()
        #expect(q.say(" \n\t ") == [])
        #expect(q.say("  Two\nlines\t here ") == [.speak(Utterance(id: 1, text: "Two lines here"), rate: 175)])
    }

    @Test func rateAndVolumeAreClampedAndResetAfterASession() {
        var q = SpeechQueue()
        q.setRate(1000)
        q.setVolume(-1)
        #expect(q.rate == 450 && q.volume == 0)
        q.setRate(200)
        q.setVolume(0.4)
        #expect(q.say("Hi") == [.speak(Utterance(id: 1, text: "Hi"), rate: 200)])
        #expect(q.sessionEnded() == [.stop])
        #expect(q.rate == SpeechQueue.defaultRate && q.volume == SpeechQueue.defaultVolume && q.last == nil)
    }
}
