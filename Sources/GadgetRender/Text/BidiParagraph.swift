import CFriBidi

/// A paragraph's bidi embedding levels from FriBidi (the Unicode Bidirectional Algorithm): even
/// levels run left to right, odd ones right to left. The base direction comes from the first strong
/// character, so an Arabic paragraph starts at the right.
struct BidiParagraph {
    let levels: [UInt8]
    let isRightToLeft: Bool

    init(_ scalars: [UInt32]) throws(TextError) {
        guard !scalars.isEmpty else { levels = []; isRightToLeft = false; return }
        let count = scalars.count
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: count)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        var levels = [FriBidiLevel](repeating: 0, count: count)
        var base = gadget_fribidi_par_on()
        let ok = scalars.withUnsafeBufferPointer { text -> Bool in
            fribidi_get_bidi_types(text.baseAddress, FriBidiStrIndex(count), &types)
            fribidi_get_bracket_types(text.baseAddress, FriBidiStrIndex(count), types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(count), &base, &levels) != 0
        }
        guard ok else { throw .library(call: "fribidi_get_par_embedding_levels_ex") }
        self.levels = levels.map { UInt8(bitPattern: $0) }
        isRightToLeft = base == gadget_fribidi_par_rtl()
    }
}
