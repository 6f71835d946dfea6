import Testing
@testable import GadgetCore

/// `check --accessibility`'s findings: an unlabelled control is an error (EN 5.1.3.6, WCAG
/// 4.1.2); text under 4.5:1 (3:1 large) against the colour beneath it is a warning (WCAG 1.4.3).
@Suite struct AccessibilityAuditTests {
    static func board(_ gadgets: String, background: String = "#ffffff") throws -> Board {
        try BoardDecoder.decode(Array(##"{"size":[400,300],"background":"\##(background)","gadgets":[\##(gadgets)]}"##.utf8), file: "b.json").get()
    }

    @Test func aButtonWithoutALabelIsAnError() throws {
        let b = try Self.board(##"{"id":"go","center":[100,100],"size":[80,80],"color":"#000000","action":{"emit":"go"}},"## +
                               ##"{"id":"ok","center":[300,100],"size":[80,80],"color":"#000000","action":{"emit":"ok"},"label":"OK"}"##)
        let f = AccessibilityAudit.findings(b)
        #expect(f.count == 1 && f[0].isError && f[0].clause.contains("EN 5.1.3.6"))
        #expect(f[0].line == ##"error: button "go" has no label: speech cannot say it; give it "label" or a text (EN 5.1.3.6, WCAG 4.1.2)"##)
    }

    @Test func greyTextOnWhiteIsAWarningBlackIsNot() throws {
        // #999999 on white: 2.85:1.
        let b = try Self.board(##"{"id":"grey","center":[100,100],"size":[180,60],"text":{"string":"Hello","color":"#999999","size":16}},"## +
                               ##"{"id":"black","center":[300,100],"size":[180,60],"text":{"string":"Hello","color":"#000000","size":16}}"##)
        let f = AccessibilityAudit.findings(b)
        #expect(f.count == 1 && !f[0].isError && f[0].message.contains("\"grey\"") && f[0].message.contains("2.85:1") && f[0].clause.contains("1.4.3"))
    }

    @Test func largeTextNeedsThreeToOne() throws {
        // #767676 on white is 4.54:1 (passes everything); #949494 is 3.03:1: large passes, small fails.
        let b = try Self.board(##"{"id":"big","center":[100,100],"size":[180,60],"text":{"string":"Big","color":"#949494","size":24}},"## +
                               ##"{"id":"bold","center":[100,200],"size":[180,60],"text":{"string":"Bold","color":"#949494","size":19,"weight":"bold"}},"## +
                               ##"{"id":"small","center":[300,100],"size":[180,60],"text":{"string":"Small","color":"#949494","size":18}}"##)
        #expect(AccessibilityAudit.findings(b).map { $0.message.contains("\"small\"") } == [true])
    }

    @Test func theColourBeneathIsTheGadgetsOwnElseWhatIsUnderIt() throws {
        // White text on its own dark gadget: fine on a white board. Clear text over a dark gadget
        // beneath it: fine. Clear text over the white board: a finding.
        let b = try Self.board(##"{"id":"own","center":[100,60],"size":[180,60],"color":"#1d4ed8","text":{"string":"A","color":"#ffffff"}},"## +
                               ##"{"id":"panel","center":[300,150],"size":[180,200],"color":"#222222"},"## +
                               ##"{"id":"over","center":[300,150],"size":[100,40],"text":{"string":"B","color":"#ffffff"}},"## +
                               ##"{"id":"bare","center":[100,250],"size":[100,40],"text":{"string":"C","color":"#ffffff"}}"##)
        #expect(AccessibilityAudit.findings(b).map { $0.message.contains("\"bare\"") } == [true])
        let onWhite = try Self.board(##"{"id":"t","center":[100,100],"size":[100,40],"text":{"string":"D","color":"#ffffff"}}"##, background: "#ffffff")
        #expect(AccessibilityAudit.findings(onWhite).count == 1)
    }
}
