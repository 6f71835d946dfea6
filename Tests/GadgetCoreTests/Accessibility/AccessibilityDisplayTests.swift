import Testing
@testable import GadgetCore

/// The visitor's high-contrast and large-text modes (EN 5.1, WCAG 1.4.3/1.4.6/1.4.4): the text
/// colour and plate reach 7:1 over anything, large text is 1.5× (or the board's factor), normal
/// changes nothing, and the board's and the control protocol's fields decode.
@Suite struct AccessibilityDisplayTests {
    static let style = TextStyle("Platform 4", size: 20, color: Color(r: 0.5, g: 0.5, b: 0.5))

    @Test func normalDrawsTheBoardAsItIs() {
        let d = AccessibilityDisplay.normal
        #expect(d.isNormal && d.modeNames.isEmpty)
        #expect(d.plate(beneath: .white) == nil)
        #expect(d.style(Self.style, beneath: Color(r: 0.4, g: 0.4, b: 0.4)) == Self.style)
    }

    /// Over every colour of a 9-step cube (and an image: unknown) the plate and the text drawn on
    /// it are black and white, 21:1 (WCAG 1.4.6 asks 7:1).
    @Test func highContrastReachesSevenToOneOverAnything() {
        let d = AccessibilityDisplay(highContrast: true)
        let steps = (0...8).map { Double($0) / 8 }
        var beneaths: [Color?] = [nil]
        for r in steps { for g in steps { for b in steps { beneaths.append(Color(r: r, g: g, b: b)) } } }
        for beneath in beneaths {
            let plate = try! #require(d.plate(beneath: beneath))
            let text = d.style(Self.style, beneath: beneath).color
            #expect(ContrastRatio.ratio(text, plate) >= 7, "over \(String(describing: beneath))")
            #expect(text.a == 1 && plate.a == 1)
        }
        // The board's light or dark look is kept: a light plate where the board is light.
        #expect(d.plate(beneath: .white) == .white && d.style(Self.style, beneath: .white).color == .black)
        #expect(d.plate(beneath: Color(r: 0.1, g: 0.1, b: 0.3)) == .black)
        #expect(d.plate(beneath: nil) == .black && d.style(Self.style, beneath: nil).color == .white)
        #expect(d.style(Self.style, beneath: nil).size == 20)
        #expect(d.modeNames == ["highContrast"])
    }

    /// The one choice the keyboard, the notices, problem lines and captions take: the plate a
    /// text gadget would get over the same colour, and black or white on it; swapped for a lit key.
    @Test func contrastColoursAreTheTextGadgetsChoice() {
        #expect(AccessibilityDisplay.normal.contrastColours(beneath: .white) == nil)
        let d = AccessibilityDisplay(highContrast: true)
        let keyCap = Color(r: 0.26, g: 0.28, b: 0.32)
        #expect(d.contrastColours(beneath: keyCap) == ContrastColours(plate: .black, text: .white))
        #expect(d.contrastColours(beneath: keyCap)?.inverted == ContrastColours(plate: .white, text: .black))
        #expect(d.contrastColours(beneath: .white) == ContrastColours(plate: .white, text: .black))
        #expect(d.contrastColours(beneath: nil) == ContrastColours(plate: .black, text: .white))
        for beneath in [Color?.none, .white, keyCap, Color(r: 0.5, g: 0.5, b: 0.5)] {
            let c = try! #require(d.contrastColours(beneath: beneath))
            #expect(c.plate == d.plate(beneath: beneath) && ContrastRatio.ratio(c.plate, c.text) >= 7)
        }
        #expect(AccessibilityDisplay(largeText: true).textSize(20) == 30 && AccessibilityDisplay(largeText: true).textScale == 1.5)
        #expect(AccessibilityDisplay(largeTextScale: 2).textSize(20) == 20 && AccessibilityDisplay.normal.textScale == 1)
    }

    @Test func largeTextIsOneAndAHalfTimesOrTheBoardsFactor() {
        var s = Self.style
        s.minSize = 12
        let large = AccessibilityDisplay(largeText: true).style(s, beneath: .white)
        #expect(large.size == 30 && large.minSize == 18)
        #expect(large.color == s.color, "large text alone keeps the board's colour")
        let both = AccessibilityDisplay(highContrast: true, largeText: true, largeTextScale: 2).style(s, beneath: .white)
        #expect(both.size == 40 && both.color == .black)
        #expect(AccessibilityDisplay(highContrast: true, largeText: true).modeNames == ["highContrast", "largeText"])
        // The scale matters only while large text is on.
        #expect(AccessibilityDisplay(largeTextScale: 2).drawsLike(.normal))
        #expect(!AccessibilityDisplay(largeText: true, largeTextScale: 2).drawsLike(AccessibilityDisplay(largeText: true)))
    }

    func decode(_ accessibility: String) -> Result<Board, BoardProblems> {
        BoardDecoder.decode(Array(#"{"size":[100,100],"gadgets":[],"accessibility":\#(accessibility)}"#.utf8), file: "b.json")
    }

    @Test func theBoardSetsTheLargeTextScale() throws {
        #expect(try decode(#"{"largeTextScale":1.25}"#).get().accessibility.largeTextScale == 1.25)
        #expect(try decode(#"{}"#).get().accessibility.largeTextScale == 1.5)
        guard case .failure(let p) = decode(#"{"largeTextScale":3}"#) else { Issue.record("3 decoded"); return }
        #expect(p.problems.map(\.description) == ["b.json: accessibility.largeTextScale: 3 is out of range 1.1...2"])
    }

    @Test func theControlCommandTurnsThemOnAndOff() {
        func command(_ line: String) -> ControlRequest.Command? { try? ControlRequestDecoder.decode(Array(line.utf8)).get().command }
        #expect(command(#"{"cmd":"accessibility","contrast":true,"largeText":true}"#) == .accessibility(AccessibilityControl(contrast: true, largeText: true)))
        #expect(command(#"{"cmd":"accessibility","largeText":false}"#) == .accessibility(AccessibilityControl(largeText: false)))
        guard case .failure(let f) = ControlRequestDecoder.decode(Array(#"{"cmd":"accessibility","contrast":"high"}"#.utf8)) else { Issue.record("decoded"); return }
        #expect(f.description == "contrast: expected true or false, got a string")
    }

    @Test func theEventSaysWhatChangedAndWhy() {
        let e = AccessibilityEvent.display(AccessibilityDisplay(highContrast: true), cause: "control", time: 1_500_000)
        #expect(JSONWriter.write(e) == #"{"type":"accessibility","event":"display","t":1.5,"highContrast":true,"largeText":false,"cause":"control"}"#)
        let r = AccessibilityEvent.reach(true, cause: "control", time: 2_000_000)
        #expect(JSONWriter.write(r) == #"{"type":"accessibility","event":"reach","t":2,"reach":true,"cause":"control"}"#)
    }
}
