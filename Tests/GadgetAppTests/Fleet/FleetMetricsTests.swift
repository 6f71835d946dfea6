import Testing
import GadgetCore
import GadgetMQTT
@testable import GadgetApp

/// The fleet's figures in the Prometheus textfile: present when their source is, absent otherwise.
@Suite struct FleetMetricsTests {
    @Test func nothingWithoutAPiOrMQTT() {
        let text = KioskMetrics(startTime: 0).exposition(now: 0)
        #expect(!text.contains("gadgetboard_soc_temperature_celsius"))
        #expect(!text.contains("gadgetboard_throttled"))
        #expect(!text.contains("gadgetboard_mqtt_"))
    }

    @Test func piFiguresAndMQTTCounters() {
        var m = KioskMetrics(startTime: 0)
        m.socTemperatureCelsius = 61.5
        m.throttled = ThrottledFlags(rawValue: 0x50005)
        var s = MQTTStatistics()
        s.connected = true; s.connects = 2; s.failures = 3; s.received = 10; s.published = 20; s.dropped = 1
        m.mqtt = s
        let lines = Set(m.exposition(now: 0).split(separator: "\n").map(String.init))
        for expected in [
            "gadgetboard_soc_temperature_celsius 61.5",
            "# TYPE gadgetboard_throttled gauge",
            "gadgetboard_throttled{condition=\"under_voltage\",when=\"now\"} 1",
            "gadgetboard_throttled{condition=\"under_voltage\",when=\"since_boot\"} 1",
            "gadgetboard_throttled{condition=\"arm_frequency_capped\",when=\"now\"} 0",
            "gadgetboard_throttled{condition=\"throttled\",when=\"now\"} 1",
            "gadgetboard_throttled{condition=\"soft_temperature_limit\",when=\"since_boot\"} 0",
            "gadgetboard_mqtt_connected 1",
            "gadgetboard_mqtt_connects_total 2",
            "gadgetboard_mqtt_connection_failures_total 3",
            "gadgetboard_mqtt_messages_total{direction=\"received\"} 10",
            "gadgetboard_mqtt_messages_total{direction=\"published\"} 20",
            "gadgetboard_mqtt_messages_total{direction=\"dropped\"} 1",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)")
        }
    }
}
