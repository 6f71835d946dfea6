import Testing
@testable import GadgetCore

@Suite struct MQTTCredentialsTests {
    @Test func readsKeyValueLines() throws {
        let c = try MQTTCredentials(parsing: "# kiosk 12\n\nusername=kiosk-12\r\npassword=s3cret with spaces = and more\n")
        #expect(c.username == "kiosk-12")
        #expect(c.password == "s3cret with spaces = and more")
        #expect(try MQTTCredentials(parsing: "username=only").password == nil)
    }

    /// Neither the description nor any error repeats the password.
    @Test func neverShowsThePassword() throws {
        let c = try MQTTCredentials(parsing: "username=u\npassword=hunter2\n")
        #expect(!c.description.contains("hunter2"))
        #expect(!"\(c)".contains("hunter2"))
        for text in ["password=hunter2\n", "username=u\npassword=hunter2\npassword=hunter2\n", "hunter2\n", "username=u\nhunter2=x\n"] {
            do {
                _ = try MQTTCredentials(parsing: text)
                Issue.record("accepted \(text.count) bytes of bad credentials")
            } catch {
                #expect(!error.description.contains("hunter2"), "\(error)")
            }
        }
    }

    @Test func refusesAFileWithoutAUser() {
        #expect(throws: MQTTCredentials.Problem.self) { try MQTTCredentials(parsing: "") }
        #expect(throws: MQTTCredentials.Problem.self) { try MQTTCredentials(parsing: "username=\npassword=x") }
    }
}
