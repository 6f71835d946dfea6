import Testing
@testable import GadgetApp
import GadgetCore
import GadgetDisplay
import GadgetSystem

/// In speech mode the kiosk says what changes under the visitor's focus (issue 39 §2: live data
/// that changes under focus is announced) and a form's input error (EN 5.1.3.15), not what
/// changes elsewhere. No audio engine: what is said is the speech owner's record.
@Suite(.serialized) struct AnnounceKioskTests {
    static let board = ##"{"size":[320,240],"forms":[{"id":"guests","submit":{"url":"https://example.org/guests"}}],"gadgets":["## +
        ##"{"id":"price","center":[160,40],"size":[200,40],"text":{"string":"Coffee 2.50"}},"## +
        ##"{"id":"queue","center":[160,100],"size":[200,40],"text":{"string":"3 waiting"}},"## +
        ##"{"id":"name","center":[160,180],"size":[200,40],"label":"Your name","## +
        ##""field":{"placeholder":"Name","required":true,"form":"guests","name":"name"}}]}"##

    static func kiosk() throws -> (KioskLoop, String) {
        let dir = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-announce")
        try FileIO.replace(dir + "/board.json", with: Array(board.utf8))
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.boardPath = dir + "/board.json"
        o.speech = .on
        let loaded = try BoardLoader.load(path: dir + "/board.json").get()
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        return (try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240), buffers: 2)), dir)
    }

    static func set(_ loop: KioskLoop, _ id: String, _ text: String, at now: Microseconds) {
        var c = GadgetChange(gadget: id)
        c.text = .plain(text)
        _ = loop.live.apply(c, now: now)
    }

    @Test func liveDataUnderTheFocusIsSaidAndElsewhereIsNot() throws {
        let (loop, dir) = try Self.kiosk()
        defer { loop.destroy(); FileIO.remove(dir + "/board.json"); FileIO.removeDirectory(dir) }
        let t0 = MonotonicClock.now()
        _ = loop.keypad.take(KeyStroke(code: EvdevKey.right, action: .down, time: t0), shift: false)
        #expect(loop.keypad.focused == "price")
        #expect(loop.speech.lastSpokenText == "Coffee 2.50")
        Self.set(loop, "queue", "4 waiting", at: t0 + 100_000)
        #expect(loop.speech.lastSpokenText == "Coffee 2.50", "a change away from the focus is not said")
        Self.set(loop, "price", "Coffee 2.80", at: t0 + 200_000)
        #expect(loop.speech.lastSpokenText == "Coffee 2.80")
        #expect(loop.speech.lastSpokenGadget == "price")
    }

    @Test func aRefusedFormSaysTheFieldAndItsProblem() throws {
        let (loop, dir) = try Self.kiosk()
        defer { loop.destroy(); FileIO.remove(dir + "/board.json"); FileIO.removeDirectory(dir) }
        guard case .failure = loop.live.submitForm("guests") else { Issue.record("an empty required field was accepted"); return }
        #expect(loop.speech.lastSpokenGadget == "name")
        #expect(loop.speech.lastSpokenText?.hasPrefix("Your name: ") == true, "\(loop.speech.lastSpokenText ?? "nothing said")")
    }
}
