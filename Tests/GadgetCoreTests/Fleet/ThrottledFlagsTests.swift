import Testing
@testable import GadgetCore

/// The firmware's get_throttled bits (raspberrypi.com documentation, `vcgencmd get_throttled`).
@Suite struct ThrottledFlagsTests {
    @Test func parsesSysfsAndVcgencmdText() {
        #expect(ThrottledFlags(parsing: "50005\n")?.rawValue == 0x50005)
        #expect(ThrottledFlags(parsing: "throttled=0x50005")?.rawValue == 0x50005)
        #expect(ThrottledFlags(parsing: "0\n")?.rawValue == 0)
        #expect(ThrottledFlags(parsing: "") == nil)
        #expect(ThrottledFlags(parsing: "0x") == nil)
        #expect(ThrottledFlags(parsing: "zz") == nil)
        #expect(ThrottledFlags(parsing: "123456789") == nil)
    }

    /// 0x50005: under-voltage now, throttled now, and both have occurred: a browning-out supply.
    @Test func decodesTheDocumentedBits() throws {
        let f = try #require(ThrottledFlags(parsing: "0x50005"))
        #expect(f.isActive(.underVoltage) && f.isActive(.throttled))
        #expect(!f.isActive(.armFrequencyCapped) && !f.isActive(.softTemperatureLimit))
        #expect(f.hasOccurred(.underVoltage) && f.hasOccurred(.throttled))
        #expect(!f.hasOccurred(.armFrequencyCapped) && !f.hasOccurred(.softTemperatureLimit))
        #expect(!f.isClean)
        let past = ThrottledFlags(rawValue: 0x8_0000)
        #expect(past.hasOccurred(.softTemperatureLimit) && !past.isActive(.softTemperatureLimit))
        #expect(ThrottledFlags(rawValue: 0x2).isActive(.armFrequencyCapped))
        #expect(ThrottledFlags(rawValue: 0).isClean)
        // Bits outside 0–3 and 16–19 are not conditions this decodes.
        #expect(ThrottledFlags(rawValue: 0xFFF0_FFF0).isClean)
    }

    @Test func writesEveryConditionInTheJSON() {
        let json = JSONWriter.write(ThrottledFlags(rawValue: 0x10001).json)
        #expect(json == #"{"raw":"0x10001","under_voltage":true,"arm_frequency_capped":false,"throttled":false,"soft_temperature_limit":false,"under_voltage_occurred":true,"arm_frequency_capped_occurred":false,"throttled_occurred":false,"soft_temperature_limit_occurred":false}"#)
    }

    @Test func readsTheThermalZoneInMillidegrees() {
        #expect(ThermalZoneReading.celsius(parsing: "48850\n") == 48.85)
        #expect(ThermalZoneReading.celsius(parsing: "-5000") == -5)
        #expect(ThermalZoneReading.celsius(parsing: "hot") == nil)
    }
}
