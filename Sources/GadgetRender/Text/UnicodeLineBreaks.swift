import CUnibreak

/// Where a line may end, by Unicode's line breaking algorithm (UAX #14) as libunibreak
/// implements it: the full rules (numbers with their currency and units, quotation marks,
/// opening and closing punctuation in every script, CJK, Thai-less scripts…), in place of the
/// hand-written subset GadgetCore keeps for pure tests (`LineBreakOpportunities`).
/// Thread-safe: the library's tables are set up once, then only read.
public enum UnicodeLineBreaks {
    /// libunibreak's `init_linebreak` fills lookup tables once; Swift runs a static's initialiser
    /// exactly once, whichever thread gets there first.
    private static let initialised: Bool = { init_linebreak(); return true }()

    /// `true` at index i when a line may (or must) end after `scalars[i]`. The end of the text
    /// counts as a break, as in `LineBreakOpportunities.breakAfter`.
    public static func breakAfter(_ scalars: [Unicode.Scalar]) -> [Bool] {
        guard !scalars.isEmpty else { return [] }
        _ = initialised
        let text = scalars.map { utf32_t($0.value) }
        var breaks = [CChar](repeating: 0, count: scalars.count)
        let must = gadget_linebreak_must(), allow = gadget_linebreak_allow()
        text.withUnsafeBufferPointer { t in
            breaks.withUnsafeMutableBufferPointer { b in
                set_linebreaks_utf32(t.baseAddress, t.count, nil, b.baseAddress)
            }
        }
        return breaks.map { $0 == must || $0 == allow }
    }
}
