import Testing
@testable import GadgetCore

/// `check --accessibility` warns about a visitor-facing time limit of 20 s or less after the
/// board's `timeoutScale` (WCAG 2.2.1): the warning could not come 20 s before it.
@Suite struct TimeLimitAuditTests {
    func findings(_ extra: String) throws -> [String] {
        let json = #"{"size":[100,100],"gadgets":[]"# + extra + "}"
        return AccessibilityAudit.findings(try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()).map { "\($0.jsonPath): \($0.line)" }
    }

    @Test func aLimitOfTwentySecondsOrLessIsAWarning() throws {
        #expect(try findings(#","idle":{"returnAfterSeconds":15}"#) == [
            #"idle.returnAfterSeconds: warning: the idle return home comes after 15 s, 20 s or less: a visitor cannot be given 20 s to ask for more time; make it longer than 20 s or raise "accessibility": {"timeoutScale"} (WCAG 2.2.1, EN 11.2.2.1)"#,
        ])
        #expect(try findings(#","idle":{"returnAfterSeconds":20}"#).count == 1)
        #expect(try findings(#","idle":{"returnAfterSeconds":21}"#) == [])
        // 10 s × 2 = 20 s: still under; × 3 = 30 s: enough.
        #expect(try findings(#","idle":{"returnAfterSeconds":10},"accessibility":{"timeoutScale":2}"#) == [
            #"idle.returnAfterSeconds: warning: the idle return home comes after 20 s (10 s × timeoutScale 2), 20 s or less: a visitor cannot be given 20 s to ask for more time; make it longer than 20 s or raise "accessibility": {"timeoutScale"} (WCAG 2.2.1, EN 11.2.2.1)"#,
        ])
        #expect(try findings(#","idle":{"returnAfterSeconds":10},"accessibility":{"timeoutScale":3}"#) == [])
    }

    @Test func theAttractLoopsStartToo() throws {
        let board = #","pages":[{"id":"a","gadgets":[]},{"id":"b","gadgets":[]}],"playlist":{"pages":["a","b"],"startAfterIdleSeconds":12}"#
        let json = #"{"size":[100,100]"# + board + "}"
        let decoded = try BoardDecoder.decode(Array(json.utf8), file: "b.json").get()
        #expect(AccessibilityAudit.findings(decoded).map(\.jsonPath) == ["playlist.startAfterIdleSeconds"])
    }
}
