#if canImport(Glibc)
import Glibc
#endif

/// A glibc locale's weekday and month names, AM/PM words and number separators (`LC_TIME`,
/// `LC_NUMERIC`), read through `newlocale` + `nl_langinfo_l` without touching the process's own
/// locale (which stays "C": numbers in board files and logs keep their dots). Debian's
/// `locales-all` has every locale; elsewhere `locale-gen` must have built the one a board names.
///
/// Only UTF-8 locales: the board draws UTF-8, and a Latin-1 locale's `März` would come out as
/// `M�rz`. A name without a codeset (`de_DE`, which glibc gives in ISO-8859-1) means its UTF-8
/// form (`de_DE.UTF-8`); a name whose codeset is another is refused with the UTF-8 name to use.
public struct LocaleTimeNames: Sendable, Equatable {
    /// The locale read (`de_DE.UTF-8` for `de_DE`).
    public var name: String
    /// Sunday first (DAY_1 … DAY_7).
    public var days: [String]
    public var abbreviatedDays: [String]
    /// January first (MON_1 … MON_12).
    public var months: [String]
    public var abbreviatedMonths: [String]
    public var am: String
    public var pm: String
    /// `RADIXCHAR`, `THOUSEP`, and `GROUPING` as group sizes (glibc's bytes, CHAR_MAX included).
    public var decimalSeparator: String
    public var groupSeparator: String
    public var grouping: [Int]

    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// glibc does not have it (`newlocale` failed).
        case notInstalled(SystemError)
        /// Its codeset is not UTF-8 (or a name it gives is not valid UTF-8).
        case notUTF8(name: String, codeset: String)

        public var description: String {
            switch self {
            case .notInstalled(let e): return "not installed (\(e.errno.description))"
            case .notUTF8(let name, let codeset):
                return "\(codeset), not UTF-8: its accents would not draw; use \(LocaleTimeNames.utf8Name(name))"
            }
        }
    }

    /// `de_DE` → `de_DE.UTF-8`, `de_DE@euro` → `de_DE.UTF-8@euro`, `de_DE.ISO-8859-1` → `de_DE.UTF-8`.
    public static func utf8Name(_ name: String) -> String {
        let at = name.firstIndex(of: "@")
        let base = at.map { String(name[..<$0]) } ?? name
        let modifier = at.map { String(name[$0...]) } ?? ""
        let language = base.split(separator: ".", maxSplits: 1).first.map(String.init) ?? base
        return language + ".UTF-8" + modifier
    }

    /// The names of locale `name` (`pt_PT.UTF-8`, or `pt_PT` for the same). `C` and `POSIX` are
    /// ASCII, which UTF-8 contains.
    public static func read(_ name: String) throws(Failure) -> LocaleTimeNames {
        let ascii = name == "C" || name == "POSIX"
        let wanted = ascii || name.contains(".") ? name : utf8Name(name)
        // LC_CTYPE for the codeset, LC_TIME for the names, LC_NUMERIC for `{value|nN}`.
        let found = wanted.withCString { newlocale(LC_CTYPE_MASK | LC_TIME_MASK | LC_NUMERIC_MASK, $0, nil) }
        let code = errno
        guard let locale = found else { throw .notInstalled(SystemError("newlocale", wanted, code: code)) }
        defer { freelocale(locale) }
        let codeset = String(cString: nl_langinfo_l(nl_item(CODESET), locale))
        guard ascii || codeset == "UTF-8" else { throw .notUTF8(name: name, codeset: codeset) }
        var invalid = false
        // Never U+FFFD: a byte sequence that is not UTF-8 refuses the locale instead.
        func item(_ i: nl_item) -> String {
            guard let s = String(validatingCString: nl_langinfo_l(i, locale)) else { invalid = true; return "" }
            return s
        }
        func items(_ first: nl_item, _ count: Int) -> [String] { (0..<count).map { item(first + nl_item($0)) } }
        var grouping: [Int] = []
        if let p = nl_langinfo_l(nl_item(__GROUPING), locale) {
            var q = p
            while q.pointee != 0, grouping.count < 16 { grouping.append(Int(UInt8(bitPattern: q.pointee))); q += 1 }
        }
        let names = LocaleTimeNames(name: wanted, days: items(nl_item(DAY_1), 7), abbreviatedDays: items(nl_item(ABDAY_1), 7),
                                    months: items(nl_item(MON_1), 12), abbreviatedMonths: items(nl_item(ABMON_1), 12),
                                    am: item(nl_item(AM_STR)), pm: item(nl_item(PM_STR)),
                                    decimalSeparator: item(nl_item(RADIXCHAR)), groupSeparator: item(nl_item(THOUSEP)), grouping: grouping)
        if invalid { throw .notUTF8(name: name, codeset: codeset) }
        return names
    }
}
