import Testing
import GadgetCore
import GadgetSystem
@testable import GadgetApp

/// `--mqtt-credentials FILE`: read, checked, and never quoted.
@Suite struct MQTTCredentialsFileTests {
    @Test func readsTheFile() throws {
        let dir = try TemporaryDirectory()
        try FileIO.replace(dir.path + "/c", with: "username=k1\npassword=hunter2\n")
        let c = try MQTTEndpoint.readCredentials(dir.path + "/c", log: Loggers.mqtt, warnIfShared: false)
        #expect(c == MQTTCredentials(username: "k1", password: "hunter2"))
    }

    @Test func errorsNameThePathNotTheSecret() throws {
        let dir = try TemporaryDirectory()
        try FileIO.replace(dir.path + "/c", with: "hunter2\n")
        do {
            _ = try MQTTEndpoint.readCredentials(dir.path + "/c", log: Loggers.mqtt)
            Issue.record("accepted a file without key=value lines")
        } catch {
            #expect(error.description.contains(dir.path + "/c"))
            #expect(!error.description.contains("hunter2"))
        }
        #expect(throws: MQTTEndpointError.self) { try MQTTEndpoint.readCredentials(dir.path + "/missing", log: Loggers.mqtt) }
    }
}
