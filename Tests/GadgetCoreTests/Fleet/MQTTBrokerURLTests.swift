import Testing
@testable import GadgetCore

@Suite struct MQTTBrokerURLTests {
    @Test func defaultsThePortByScheme() throws {
        #expect(try MQTTBrokerURL(parsing: "mqtt://broker.local") == MQTTBrokerURL(host: "broker.local", port: 1883, tls: false))
        #expect(try MQTTBrokerURL(parsing: "mqtts://broker.local") == MQTTBrokerURL(host: "broker.local", port: 8883, tls: true))
        #expect(try MQTTBrokerURL(parsing: "mqtt://10.0.0.2:1884/") == MQTTBrokerURL(host: "10.0.0.2", port: 1884, tls: false))
    }

    @Test func takesBracketedIPv6() throws {
        let u = try MQTTBrokerURL(parsing: "mqtt://[fd00::1]:1999")
        #expect(u == MQTTBrokerURL(host: "fd00::1", port: 1999, tls: false))
        #expect(u.description == "mqtt://[fd00::1]:1999")
    }

    @Test(arguments: ["broker:1883", "http://broker", "mqtt://", "mqtt://host:0", "mqtt://host:65536", "mqtt://host:x",
                      "mqtt://host/topic", "mqtt://[::1", "mqtt://ho st"])
    func refuses(_ text: String) {
        #expect(throws: MQTTBrokerURL.Problem.self) { try MQTTBrokerURL(parsing: text) }
    }

    /// Credentials in the URL would be in argv, where `ps` shows them: refused, and the error
    /// does not repeat them.
    @Test func refusesCredentialsWithoutEchoingThem() {
        do {
            _ = try MQTTBrokerURL(parsing: "mqtt://kiosk:hunter2@broker:1883")
            Issue.record("accepted a password in the URL")
        } catch {
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("--mqtt-credentials"))
        }
    }
}
