import Testing
@testable import GadgetCore

@Suite struct HomeAssistantDiscoveryTests {
    @Test func configsPointAtTheKiosksOwnTopics() throws {
        let topics = try MQTTTopics(prefix: "gadgetboard", node: "lobby-1")
        let configs = HomeAssistantDiscovery.configs(topics: topics)
        #expect(Set(configs.map(\.topic)).count == configs.count)
        for c in configs {
            #expect(c.topic.hasPrefix("homeassistant/"))
            #expect(c.topic.hasSuffix("/config"))
            #expect(c.topic.contains("/gadgetboard_lobby_1/"))
            #expect(c.payload["availability_topic"] == .string("gadgetboard/lobby-1/status"))
            #expect(c.payload["device"]?["identifiers"] == .array([.string("gadgetboard_lobby_1")]))
            if c.topic.hasPrefix("homeassistant/sensor/") || c.topic.hasPrefix("homeassistant/binary_sensor/") {
                #expect(c.payload["state_topic"] == .string("gadgetboard/lobby-1/health"))
            }
        }
        let page = try #require(configs.first { $0.topic == "homeassistant/text/gadgetboard_lobby_1/page/config" })
        #expect(page.payload["command_topic"] == .string("gadgetboard/lobby-1/cmd"))
        #expect(page.payload["command_template"] == .string(#"{"id":"homeassistant","cmd":"page","page":{{ value | tojson }}}"#))
    }

    @Test func healthFieldsTheTemplatesReadExist() throws {
        let json = JSONWriter.write(KioskHealth(node: "k").json)
        for field in ["fps", "missedVblanks", "uptimeSeconds", "board", "displayConnected"] {
            #expect(json.contains("\"\(field)\":"), "health has no \(field)")
        }
        let configs = HomeAssistantDiscovery.configs(topics: try MQTTTopics(prefix: "p", node: "k"), prefix: "ha")
        #expect(configs.allSatisfy { $0.topic.hasPrefix("ha/") })
    }
}
