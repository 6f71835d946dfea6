/// The idempotency key of a submission: a random UUID (RFC 9562 version 4) in its lower-case
/// text form. A receiver that has seen the key drops the copy, so a retry after a lost reply is
/// harmless. The random numbers are handed in: the kiosk passes the OS's generator
/// (`SystemRandomNumberGenerator`, getrandom(2)), tests a seeded `SplitMix64`.
public enum SubmissionKey {
    public static func make<G: RandomNumberGenerator>(using random: inout G) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for _ in 0..<2 {
            let word = random.next()
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // variant 10xx (RFC 9562)
        let hex = Array("0123456789abcdef")
        var text = ""
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { text += "-" }
            text.append(hex[Int(b >> 4)])
            text.append(hex[Int(b & 15)])
        }
        return text
    }

    /// Whether `text` is a version-4 UUID as `make` writes it (a spool file's key is checked on
    /// reading: a file with a damaged key is set aside, not sent under a wrong one).
    public static func isValid(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count == 36 else { return false }
        for (i, c) in u.enumerated() {
            switch i {
            case 8, 13, 18, 23: if c != UInt8(ascii: "-") { return false }
            case 14: if c != UInt8(ascii: "4") { return false }
            case 19: if !"89ab".utf8.contains(c) { return false }
            default: if !"0123456789abcdef".utf8.contains(c) { return false }
            }
        }
        return true
    }
}
