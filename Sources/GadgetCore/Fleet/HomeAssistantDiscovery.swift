/// Home Assistant's MQTT discovery (https://www.home-assistant.io/integrations/mqtt/#mqtt-discovery):
/// retained config messages under `DISCOVERY/<component>/gadgetboard_NODE/<object>/config` that
/// make a kiosk a device in Home Assistant, its entities fed by the kiosk's own topics: health
/// figures as sensors (from the retained health JSON), presence as availability, and a text
/// entity whose value is sent as a `page` command. Nothing new is published for Home Assistant
/// beyond these configs. Pure: the app publishes what this returns on every connect.
public enum HomeAssistantDiscovery {
    /// One config message: the topic and its JSON payload.
    public struct Config: Equatable, Sendable {
        public var topic: String
        public var payload: JSONValue
    }

    /// - prefix: Home Assistant's discovery prefix (its default is `homeassistant`).
    public static func configs(topics: MQTTTopics, prefix: String = "homeassistant") -> [Config] {
        let id = "gadgetboard_" + String(topics.node.map { $0 == "-" || $0 == "." ? "_" : $0 })
        let device: JSONValue = .object([
            ("identifiers", .array([.string(id)])),
            ("name", .string("Gadgetboard \(topics.node)")),
            ("manufacturer", .string("Gadgetboard")),
            ("model", .string("kiosk")),
        ])
        func config(_ component: String, _ object: String, _ name: String, _ fields: [(String, JSONValue)]) -> Config {
            var o: [(String, JSONValue)] = [
                ("name", .string(name)),
                ("unique_id", .string("\(id)_\(object)")),
                ("object_id", .string("\(id)_\(object)")),
                ("device", device),
                ("availability_topic", .string(topics.status)),
                ("payload_available", .string(MQTTTopics.online)),
                ("payload_not_available", .string(MQTTTopics.offline)),
            ]
            o += fields
            return Config(topic: "\(prefix)/\(component)/\(id)/\(object)/config", payload: .object(o))
        }
        func sensor(_ object: String, _ name: String, _ template: String, _ extra: [(String, JSONValue)] = []) -> Config {
            config("sensor", object, name, [("state_topic", .string(topics.health)), ("value_template", .string(template))] + extra)
        }
        func flag(_ object: String, _ name: String, _ template: String, _ deviceClass: String) -> Config {
            config("binary_sensor", object, name, [("state_topic", .string(topics.health)), ("value_template", .string(template)),
                                                   ("payload_on", .string("ON")), ("payload_off", .string("OFF")),
                                                   ("device_class", .string(deviceClass))])
        }
        return [
            sensor("fps", "Frame rate", "{{ value_json.fps }}", [("unit_of_measurement", .string("fps")), ("state_class", .string("measurement"))]),
            sensor("missed_vblanks", "Missed vblanks", "{{ value_json.missedVblanks }}", [("state_class", .string("total_increasing"))]),
            sensor("uptime", "Uptime", "{{ value_json.uptimeSeconds }}",
                   [("unit_of_measurement", .string("s")), ("device_class", .string("duration")), ("entity_category", .string("diagnostic"))]),
            sensor("board", "Board", "{{ value_json.board }}", [("entity_category", .string("diagnostic"))]),
            flag("display", "Display connected", "{{ 'ON' if value_json.displayConnected else 'OFF' }}", "connectivity"),
            // Absent off a Pi: reads OFF there.
            flag("under_voltage", "Under-voltage", "{{ 'ON' if value_json.throttled is defined and value_json.throttled.under_voltage else 'OFF' }}", "problem"),
            flag("throttled", "Throttled since boot",
                 "{{ 'ON' if value_json.throttled is defined and (value_json.throttled.throttled_occurred or value_json.throttled.under_voltage_occurred) else 'OFF' }}",
                 "problem"),
            config("text", "page", "Page", [
                ("command_topic", .string(topics.command)),
                ("command_template", .string(#"{"id":"homeassistant","cmd":"page","page":{{ value | tojson }}}"#)),
                ("mode", .string("text")),
            ]),
        ]
    }
}
