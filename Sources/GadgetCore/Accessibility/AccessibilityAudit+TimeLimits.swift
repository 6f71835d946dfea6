/// WCAG 2.2.1 / EN 11.2.2.1 for `check --accessibility` (docs/accessibility.md "More time"): a
/// visitor must get at least 20 s to ask for more time. The kiosk warns 20 s before every limit
/// longer than that (`TimeLimitWarning`); a limit of 20 s or less, after the board's
/// `timeoutScale`, cannot leave 20 s, so it is a warning here. Speech mode's doubling is not
/// counted: a sighted visitor meets the board's own times. The fields' clearing always has its
/// 20 s warning after its wait (`FieldClearTimer`), so it is never under. Pure.
extension AccessibilityAudit {
    static func timeLimits(_ board: Board) -> [Finding] {
        let scale = max(1, board.accessibility.timeoutScale ?? 1)
        let lead = Double(TimeLimitWarning.lead) / 1_000_000
        var limits: [(path: String, what: String, seconds: Double)] = []
        if let r = board.idle.returnAfterSeconds { limits.append(("idle.returnAfterSeconds", "the idle return home", r)) }
        if let p = board.schedule.playlist { limits.append(("playlist.startAfterIdleSeconds", "the attract loop's start", p.startAfterIdleSeconds)) }
        return limits.compactMap { l in
            let scaled = l.seconds * scale
            guard scaled <= lead else { return nil }
            let by = scale == 1 ? "" : " (\(JSONWriter.format(l.seconds)) s × timeoutScale \(JSONWriter.format(scale)))"
            return Finding(isError: false, jsonPath: l.path, clause: "WCAG 2.2.1, EN 11.2.2.1",
                           message: "\(l.what) comes after \(JSONWriter.format(JSONWriter.rounded(scaled, places: 2))) s\(by), 20 s or less: a visitor cannot be given 20 s to ask for more time; make it longer than 20 s or raise \"accessibility\": {\"timeoutScale\"}")
        }
    }
}
