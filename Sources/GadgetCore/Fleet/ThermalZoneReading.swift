/// The SoC temperature from a thermal zone's `temp` (millidegrees Celsius, e.g. `48850`), in °C;
/// nil for anything that is not an integer.
public enum ThermalZoneReading {
    public static func celsius(parsing text: String) -> Double? {
        var t = Substring(text)
        while let c = t.last, c.isWhitespace { t.removeLast() }
        while let c = t.first, c.isWhitespace { t.removeFirst() }
        guard let milli = Int(t) else { return nil }
        return Double(milli) / 1000
    }
}
