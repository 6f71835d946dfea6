import Testing
@testable import GadgetCore

@Suite struct MQTTTopicsTests {
    @Test func buildsTheInterfaceTopics() throws {
        let t = try MQTTTopics(prefix: "gadgetboard", node: "lobby-1")
        #expect(t.command == "gadgetboard/lobby-1/cmd")
        #expect(t.broadcastCommand == "gadgetboard/all/cmd")
        #expect(t.reply == "gadgetboard/lobby-1/reply")
        #expect(t.event == "gadgetboard/lobby-1/event")
        #expect(t.status == "gadgetboard/lobby-1/status")
        #expect(t.health == "gadgetboard/lobby-1/health")
        #expect(t.subscriptions == ["gadgetboard/lobby-1/cmd", "gadgetboard/all/cmd"])
    }

    @Test func matchesOnlyItsOwnAndTheBroadcastCommandTopics() throws {
        let t = try MQTTTopics(prefix: "acme/shop-12", node: "k2")
        #expect(t.isCommand("acme/shop-12/k2/cmd"))
        #expect(t.isCommand("acme/shop-12/all/cmd"))
        #expect(!t.isCommand("acme/shop-12/k3/cmd"))
        #expect(!t.isCommand("acme/shop-12/k2/reply"))
        #expect(!t.isCommand("acme/k2/cmd"))
    }

    @Test(arguments: ["", "a/b", "+", "#", "all", "k 1", "ké", ".", "..", String(repeating: "x", count: 65)])
    func refusesNode(_ node: String) {
        #expect(throws: MQTTTopics.Problem.self) { try MQTTTopics(prefix: "gadgetboard", node: node) }
    }

    @Test(arguments: ["", "/gadgetboard", "gadgetboard/", "a//b", "fleet/+", "#", "$SYS"])
    func refusesPrefix(_ prefix: String) {
        #expect(throws: MQTTTopics.Problem.self) { try MQTTTopics(prefix: prefix, node: "k1") }
    }
}
