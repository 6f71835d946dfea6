import Testing
@testable import GadgetCore

/// The WebVTT parser (W3C WebVTT §4/§6): header, timings, identifiers, multi-line text, skipped
/// blocks, tags and entities, and one problem with its line for what would never show.
@Suite struct WebVTTTests {
    func track(_ text: String) throws -> CaptionTrack { try WebVTT.parse(text).get() }
    func problem(_ text: String) -> String? {
        if case .failure(let p) = WebVTT.parse(text) { return p.description }
        return nil
    }

    @Test func cuesWithAndWithoutIdentifiersAndHours() throws {
        let t = try track("""
        WEBVTT - the lobby loop
        Kind: captions

        1
        00:01.000 --> 00:04.500
        Welcome to the museum.

        00:00:05.250 --> 00:00:07.000 align:start position:10% line:0
        Tickets are on
        the left.

        01:00:00.000 --> 101:00:00.001
        Late.
        """)
        #expect(t.cues == [
            CaptionTrack.Cue(start: 1_000_000, end: 4_500_000, text: "Welcome to the museum.", line: 5),
            CaptionTrack.Cue(start: 5_250_000, end: 7_000_000, text: "Tickets are on\nthe left.", line: 8),
            CaptionTrack.Cue(start: 3_600_000_000, end: 363_600_001_000, text: "Late.", line: 12),
        ])
    }

    @Test func lineEndingsBOMAndTheBareSignature() throws {
        let crlf = try track("\u{FEFF}WEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nA\r\nB\r\n")
        #expect(crlf.cues.map(\.text) == ["A\nB"])
        let cr = try track("WEBVTT\r\r00:01.000 --> 00:02.000\rC\r")
        #expect(cr.cues.map(\.text) == ["C"])
        #expect(try track("WEBVTT").cues.isEmpty)
        #expect(try track("WEBVTT\tx\n").cues.isEmpty)
    }

    @Test func noteStyleAndRegionBlocksAreSkipped() throws {
        let t = try track("""
        WEBVTT

        STYLE
        ::cue { color: lime }

        REGION
        id:fred width:40%

        NOTE this is
        a comment --> with an arrow

        00:01.000 --> 00:02.000
        Shown

        NOTE
        another
        """)
        #expect(t.cues.map(\.text) == ["Shown"])
    }

    @Test func tagsAreStrippedAndEntitiesDecoded() throws {
        let t = try track("""
        WEBVTT

        00:01.000 --> 00:02.000
        <v Roger Bingham>We are in <i>New</i> <b>York</b> &amp; <c.loud>Boston</c></v>
        <lang de>Gr&uuml;&szlig;e</lang> 1 &lt; 2 &gt; 0&nbsp;ok &#65;&#x42; <00:01.500>then
        """)
        #expect(t.cues[0].text == "We are in New York & Boston\nGr&uuml;&szlig;e 1 < 2 > 0\u{00A0}ok AB then")
    }

    @Test func aTextLineWithAnArrowStartsTheNextCue() throws {
        let t = try track("WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n00:03.000 --> 00:04.000\nTwo\n")
        #expect(t.cues.map(\.text) == ["One", "Two"])
        #expect(t.cues.map(\.start) == [1_000_000, 3_000_000])
    }

    @Test func cuesOutOfOrderAreSortedAndEmptyOnesDropped() throws {
        let t = try track("WEBVTT\n\n00:05.000 --> 00:06.000\nB\n\n00:01.000 --> 00:02.000\nA\n\n00:03.000 --> 00:04.000\n<i></i>\n")
        #expect(t.cues.map(\.text) == ["A", "B"])
    }

    @Test func aMalformedCueIsOneProblemNamingItsLine() {
        #expect(problem("WEBVTT\n\n00:01.000 --> 00:02.000\nok\n\n00:03.00 --> 00:04.000\nshort millis\n")
                == "line 6: bad start time (expected [hh:]mm:ss.ttt --> [hh:]mm:ss.ttt)")
        #expect(problem("WEBVTT\n\n00:01.000 -> 00:02.000\nx\n")
                == "line 3: not a cue (no timing line \"start --> end\" here or on the next line) nor a NOTE, STYLE or REGION block")
        #expect(problem("WEBVTT\n\n00:01.000 --> x 00:02.000\nx\n") == "line 3: bad end time (expected [hh:]mm:ss.ttt --> [hh:]mm:ss.ttt)")
        #expect(problem("WEBVTT\n\n00:01.000 00:02.000 -->\nx\n") == "line 3: expected \"-->\" after the start time")
        #expect(problem("WEBVTT\n\n00:01.000 --> 00:61.000\nx\n") == "line 3: bad end time (expected [hh:]mm:ss.ttt --> [hh:]mm:ss.ttt)")
        #expect(problem("WEBVTT\n\n00:02.000 --> 00:01.000\nx\n") == "line 3: the cue ends at or before its start")
        #expect(problem("WEBVTT\n\n00:01.000 --> 00:02.000x\ny\n") == "line 3: unexpected \"x\" after the end time")
        #expect(problem("WEBVTT\n\nid\njust text\n")?.hasPrefix("line 3: not a cue") == true)
        #expect(problem("1\n00:01,000 --> 00:02,000\nSRT\n") == "line 1: not a WebVTT file (the first line must be WEBVTT)")
        #expect(problem("WEBVTTX\n") == "line 1: not a WebVTT file (the first line must be WEBVTT)")
        #expect(problem("") == "line 1: not a WebVTT file (the first line must be WEBVTT)")
    }

    /// Whatever the bytes, one track or one problem: huge numbers, stray bytes, NULs, invalid
    /// UTF-8, unterminated tags and entities, seeded random noise after a valid header.
    @Test func hostileInputGivesOneProblemOrATrackNeverACrash() {
        #expect(problem("WEBVTT\n\n99999999999999999999:00:00.000 --> 00:01.000\nx\n")?.hasPrefix("line 3: bad start time") == true)
        #expect(problem("WEBVTT\n\n00:01.000 --> 00:02.9999999999999\nx\n")?.hasPrefix("line 3: bad end time") == true)
        #expect((try? track("WEBVTT\n\n00:01.000 --> 00:02.000\n<i unterminated &amp\n"))?.cues.isEmpty == true)
        #expect((try? track("WEBVTT\n\n00:01.000 --> 00:02.000\na &bogus; b &#xFFFFFFFF; &#0; &\n"))?.cues.map(\.text)
                == ["a &bogus; b \u{FFFD} \u{FFFD} &"])
        #expect((try? track("WEBVTT\n\n00:01.000 --> 00:02.000\na\0b\n"))?.cues.map(\.text) == ["a\u{FFFD}b"])
        let bad: [UInt8] = Array("WEBVTT\n\n00:01.000 --> 00:02.000\n".utf8) + [0xFF, 0xFE, 0xC3, 0x0A]
        #expect((try? WebVTT.parse(bad).get())?.cues.map(\.text) == ["\u{FFFD}\u{FFFD}\u{FFFD}"])
        #expect(problem(String(repeating: "A", count: 100_000)) != nil)
        #expect(WebVTT.parse([UInt8](repeating: 0x41, count: WebVTT.maximumBytes + 1)).isFailure)
        var rng = SplitMix(seed: 39)
        let alphabet = Array("0123456789:.-> \n\r\t<>&;#xWEBVTNOabc\u{0}é".unicodeScalars)
        for _ in 0..<500 {
            var s = "WEBVTT\n\n"
            for _ in 0..<Int(rng.next() % 200) { s.unicodeScalars.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            switch WebVTT.parse(s) {
            case .success(let t): for c in t.cues { #expect(c.end > c.start && !c.text.isEmpty) }
            case .failure(let p): #expect(p.line >= 1 && !p.description.contains("\n"))
            }
        }
    }
}

/// A seeded generator for the noise test (deterministic).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Result {
    fileprivate var isFailure: Bool { if case .failure = self { return true } else { return false } }
}
