import GadgetCore
import GadgetMQTT

/// The fleet's figures in the Prometheus textfile: the Pi's SoC temperature and throttling
/// (the same values the MQTT health carries) and the MQTT session's counters. A family whose
/// source is absent (not a Pi, no `--mqtt`) is left out rather than exported as 0.
extension KioskMetrics {
    func fleetExposition(into p: inout PrometheusExposition) {
        if let t = socTemperatureCelsius {
            p.gauge("gadgetboard_soc_temperature_celsius", help: "The SoC's temperature (Raspberry Pi: thermal_zone0).", value: t)
        }
        if let f = throttled {
            p.gauge("gadgetboard_throttled",
                    help: "The Raspberry Pi firmware's get_throttled flags: 1 while a condition holds (when=now) or if it held since boot (when=since_boot).",
                    samples: ThrottledFlags.Condition.allCases.flatMap { c in
                        [([("condition", c.name), ("when", "now")], f.isActive(c) ? 1.0 : 0.0),
                         ([("condition", c.name), ("when", "since_boot")], f.hasOccurred(c) ? 1.0 : 0.0)]
                    })
        }
        if let m = mqtt {
            p.gauge("gadgetboard_mqtt_connected", help: "1 while the MQTT broker connection is up.", value: m.connected ? 1 : 0)
            p.counter("gadgetboard_mqtt_connects_total", help: "Connections the MQTT broker accepted (reconnects included).", value: Double(m.connects))
            p.counter("gadgetboard_mqtt_connection_failures_total", help: "MQTT connection attempts that failed and connections lost.",
                      value: Double(m.failures))
            p.counter("gadgetboard_mqtt_messages_total",
                      help: "MQTT messages by direction: received (on the command topics), published (written or acknowledged), dropped (not connected, or the outgoing bound reached).",
                      samples: [([("direction", "received")], Double(m.received)), ([("direction", "published")], Double(m.published)),
                                ([("direction", "dropped")], Double(m.dropped))])
        }
    }
}
