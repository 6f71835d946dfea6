#if canImport(Glibc)
import Glibc
#endif

/// A glibc locale's weekday and month names and AM/PM words (`LC_TIME`), read through
/// `newlocale` + `nl_langinfo_l` without touching the process's own locale (which stays "C":
/// numbers in board files and logs keep their dots). Debian's `locales-all` has every locale;
/// elsewhere `locale-gen` must have built the one a board names.
public struct LocaleTimeNames: Sendable, Equatable {
    /// Sunday first (DAY_1 … DAY_7).
    public var days: [String]
    public var abbreviatedDays: [String]
    /// January first (MON_1 … MON_12).
    public var months: [String]
    public var abbreviatedMonths: [String]
    public var am: String
    public var pm: String

    /// The names of locale `name` (`pt_PT.UTF-8`); a locale glibc does not have is an error
    /// (`newlocale(xx_XX) failed: No such file or directory (ENOENT)`).
    public static func read(_ name: String) throws(SystemError) -> LocaleTimeNames {
        // LC_TIME only: the names; LC_CTYPE is UTF-8 by the name's codeset.
        guard let locale = newlocale(LC_TIME_MASK, name, nil) else { throw SystemError("newlocale", name, code: errno) }
        defer { freelocale(locale) }
        func item(_ i: nl_item) -> String { String(cString: nl_langinfo_l(i, locale)) }
        func items(_ first: nl_item, _ count: Int) -> [String] { (0..<count).map { item(first + nl_item($0)) } }
        return LocaleTimeNames(days: items(nl_item(DAY_1), 7), abbreviatedDays: items(nl_item(ABDAY_1), 7),
                               months: items(nl_item(MON_1), 12), abbreviatedMonths: items(nl_item(ABMON_1), 12),
                               am: item(nl_item(AM_STR)), pm: item(nl_item(PM_STR)))
    }
}
