import Testing
@testable import GadgetCore

@Suite struct EvemuReaderTests {
    func read(_ text: String) throws(EvemuError) -> EvemuRecording { try EvemuReader.read(Array(text.utf8)) }
    func error(_ text: String) -> String? {
        do { _ = try read(text); return nil } catch { return error.description }
    }

    static let header13 = """
    # EVEMU 1.3
    # Input device name: "EP0430M09"
    N: EP0430M09
    I: 0018 0000 0000 0000
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 1279 0 0 0
    A: 01 0 767 0 0 0
    A: 2f 0 4 0 0 0
    A: 35 -5 1279 2 1 12
    A: 36 0 767 0 0 0
    A: 39 0 65535 0 0 0
    ################################
    #      Waiting for events      #
    ################################

    """

    @Test func readsA13HeaderExactly() throws {
        let r = try read(Self.header13)
        #expect(r.version == .v1_3)
        let d = try #require(r.device)
        #expect(d.name == "EP0430M09")
        #expect(d.id == InputDeviceID(bustype: 0x18))
        #expect(d.properties == [EV.propDirect])
        #expect(d.codes[EV.syn] == [0, 1, 3])
        // BTN_TOUCH (330) is the 0x04 in byte 41: the 6th `B: 01` line.
        #expect(d.codes[EV.key] == [EV.btnTouch])
        #expect(d.codes[EV.abs] == [0, 1, 47, 53, 54, 57])
        #expect(d.absInfo[EV.absMTPositionX] == AbsInfo(minimum: -5, maximum: 1279, fuzz: 2, flat: 1, resolution: 12))
        #expect(d.absInfo[EV.absMTSlot]?.maximum == 4)
        #expect(d.has(EV.key, EV.btnTouch) && !d.has(EV.key, EV.btnLeft))
        #expect(r.events.isEmpty && r.droppedTrailingEvents == 0)
    }

    @Test func version11HasNoResolutionAndMissingVersionIs10() throws {
        let r = try read("# EVEMU 1.1\nN: x\nI: 0003 0596 0502 0110\nA: 00 0 32767 15 0\n")
        #expect(r.version == .v1_1)
        #expect(r.device?.absInfo[0] == AbsInfo(minimum: 0, maximum: 32767, fuzz: 15, flat: 0, resolution: nil))
        #expect(try read("N: x\n").version == .v1_0)
        // The version comment counts only before the first data line.
        #expect(try read("N: x\n# EVEMU 1.3\n").version == .v1_0)
    }

    @Test func nameIsRawRestOfLineWithHashAndSpaces() throws {
        let r = try read("N: Advanced Silicon S.A. CoolTouch® System #2  \nI: 0003 2575 0204 0111\n")
        #expect(r.device?.name == "Advanced Silicon S.A. CoolTouch® System #2  ")
        #expect(r.device?.id.description == "0003:2575:0204")
        let junk = try EvemuReader.read(Array("N: a".utf8) + [0xFF, 0xFE] + Array("\n".utf8))
        #expect(junk.device?.nameBytes == [0x61, 0xFF, 0xFE])
        #expect(junk.device?.name == "a\u{FFFD}\u{FFFD}")
    }

    @Test func keyMaskContinuationLinesAddressHigherCodes() throws {
        // Line n of a type holds codes 64n…64n+63; BTN_LEFT (0x110 = 272) is bit 0 of byte 34,
        // on the 5th line (bytes 32…39) as its third byte.
        let lines = (0..<5).map { $0 == 4 ? "B: 01 00 00 01 00 00 00 00 00" : "B: 01 00 00 00 00 00 00 00 00" }
        let r = try read("N: m\n" + lines.joined(separator: "\n") + "\nB: 02 03 00 00 00 00 00 00 00\n")
        #expect(r.device?.codes[EV.key] == [EV.btnLeft])
        #expect(r.device?.codes[EV.rel] == [EV.relX, EV.relY])
    }

    @Test func eventsBecomeMicrosecondsRelativeToTheFirst() throws {
        let r = try read("""
        E: 1330495931.101111 0003 0039 0
        E: 1330495931.101114 0003 0035 1269
        E: 1330495931.125122 0003 0039 -1
        E: 1330495932.000000 0000 0000 0

        """)
        #expect(r.device == nil)
        #expect(r.firstEventTime == 1_330_495_931_101_111)
        #expect(r.events == [
            InputEvent(time: 0, type: 3, code: 0x39, value: 0),
            InputEvent(time: 3, type: 3, code: 0x35, value: 1269),
            InputEvent(time: 24_011, type: 3, code: 0x39, value: -1),
            InputEvent(time: 898_889, type: 0, code: 0, value: 0),
        ])
        #expect(r.duration == 898_889)
    }

    @Test func valuesAreSignedDecimalWithLeadingZerosNotHex() throws {
        let r = try read("""
        E: 0.000001 0003 0039 0010\t# EV_ABS / ABS_MT_TRACKING_ID   10
        E: 0.000001 0003 0039 -001\t# EV_ABS / ABS_MT_TRACKING_ID   -1
        E: 0.000002 0003 0036 32767
        E: 0.000002 0003 0000 -2147483648
        E: 0.031808 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +31ms

        """)
        #expect(r.events.map(\.value) == [10, -1, 32767, Int32.min, 0])
        #expect(r.events.map(\.time) == [0, 0, 1, 1, 31_807])
        #expect(r.frameCount == 1)
    }

    @Test func lastFrameCutShortIsDropped() throws {
        let r = try read("E: 0.000001 0003 0039 1\nE: 0.000001 0000 0000 0\nE: 0.010000 0003 0035 5\nE: 0.010000 0003 0036 6\n")
        #expect(r.events.count == 2)
        #expect(r.droppedTrailingEvents == 2)
        // A last line cut off mid-way (no newline) is part of the cut frame, not an error.
        let cut = try read("E: 0.000001 0003 0039 1\nE: 0.000001 0000 0000 0\nE: 0.010000 0003 0035 5\nE: 0.0100")
        #expect(cut.events.count == 2 && cut.droppedTrailingEvents == 2)
        // …but the same broken line with a newline after it is an error.
        #expect(error("E: 0.000001 0003 0039 1\nE: 0.0100\nE: 0.010000 0000 0000 0\n") == "line 2: E: expected 4 fields (time type code value), got 1")
    }

    @Test func commentsBlankLinesJunkAndCRLFAreSkipped() throws {
        let r = try read("# EVEMU 1.1\r\n\r\nN: d\r\n# hello\r\n  indented junk\r\nX: what\r\nE: 0.000000 0000 0000 0 # trailing\r\n")
        #expect(r.device?.name == "d")
        #expect(r.events.count == 1)
    }

    @Test func ledsAndSwitches() throws {
        let r = try read("N: k\nL: 00 1\nL: 01 0\nS: 00 1\n")
        #expect(r.leds == [0: 1, 1: 0])
        #expect(r.switches == [0: 1])
    }

    @Test func errorsNameTheLine() {
        #expect(error("N: d\nE: 0.000001 0003 0039\n") == "line 2: E: expected 4 fields (time type code value), got 3")
        #expect(error("E: 0.000001 0003 0039 1 7\n") == "line 1: E: expected 4 fields (time type code value), got more")
        #expect(error("E: 0.1 0003 0039 1\n") == "line 1: E: bad time '0.1' (expected seconds.microseconds, 6 digits after the point)")
        #expect(error("E: 0.000001 0003 0039 0x1\n") == "line 1: E: bad value '0x1' (expected a signed decimal 32-bit integer)")
        #expect(error("E: 0.000001 0003 0039 2147483648\n") == "line 1: E: bad value '2147483648' (expected a signed decimal 32-bit integer)")
        #expect(error("E: 0.000001 1ffff 0039 1\n") == "line 1: E: bad type '1ffff' (expected up to 4 hex digits)")
        #expect(error("N: a\nI: 0003 zz 0 0\n") == "line 2: I: bad vendor 'zz' (expected up to 4 hex digits)")
        #expect(error("N: a\nA: 40 0 1 0 0\n") == "line 2: A: bad axis code '40' (expected hex below 40)")
        #expect(error("N: a\nA: 00 0 1 0\n") == "line 2: A: expected 5 fields (code min max fuzz flat) or 6 (with resolution), got 4")
        #expect(error("N: a\nB: 20 00 00 00 00 00 00 00 00\n") == "line 2: B: bad event type '20' (expected hex below 20)")
        #expect(error("N: a\nP: 02 00\n") == "line 2: P: expected 8 fields (hex bytes), got 2")
        #expect(error("N: a\nN: b\n") == "line 2: N: a second device name (one device per file)")
        #expect(error("E: 0.000001 0000 0000 0\nN: b\n") == "line 2: N: device description after the first event (one device per file)")
        #expect(error("# EVEMU 2.0\nN: a\n") == "line 2: unsupported evemu format 2.0 (this reader knows 1.0–1.3)")
        #expect(error("\u{89}PNG\r\n\u{1A}\n binary") == "not an evemu recording: no N:, I:, P:, B:, A:, L:, S: or E: line")
        #expect(error("") == "not an evemu recording: no N:, I:, P:, B:, A:, L:, S: or E: line")
    }

    @Test func tooManyMaskLinesIsAnErrorNotAnOverflow() {
        let line = "B: 01 ff ff ff ff ff ff ff ff\n"
        #expect(error("N: a\n" + String(repeating: line, count: 12)) == nil)
        #expect(error("N: a\n" + String(repeating: line, count: 13)) == "line 14: B: too many lines for type 01 (at most 12)")
    }
}
