/// The allowed name nearest to a misspelt one (`colr` → `color`, `opactiy` → `opacity`,
/// `Color` → `color`), for "unknown field (did you mean …?)". Pure.
public enum FieldNameSuggestion {
    /// The nearest of `candidates` to `name` by edit distance (insertions, deletions,
    /// substitutions and swaps of neighbours, ignoring case), or nil when none is near: no edit
    /// for names of 1 or 2 characters (`x` is not a slip for `z`), 1 for 3 to 5, 2 for longer
    /// ones. Ties go to the alphabetically first.
    public static func nearest(_ name: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        guard !typed.isEmpty, typed.count <= 64 else { return nil }
        let limit = typed.count <= 2 ? 0 : typed.count <= 5 ? 1 : 2
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let d = distance(typed, Array(candidate.lowercased().unicodeScalars))
            guard d <= limit else { continue }
            if best == nil || d < best!.distance || (d == best!.distance && candidate < best!.name) { best = (d, candidate) }
        }
        return best?.name
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
    /// substring): typing errors are mostly one slip or two swapped letters.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                current[j] = d
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
