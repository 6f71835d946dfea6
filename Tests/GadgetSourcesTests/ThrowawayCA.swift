import GadgetSystem

/// A certificate authority made for one test with openssl(1) (Fixtures/make-test-ca.sh, which
/// GadgetAppTests' live-data tests run too): its certificate (`ca`), a server
/// certificate for IP 127.0.0.1 signed by it (`certificate`, `key`), and an unrelated CA
/// (`otherCA`) that did not sign it. Removed on `remove`.
struct ThrowawayCA {
    let directory: String
    var ca: String { directory + "/ca.pem" }
    var otherCA: String { directory + "/other-ca.pem" }
    var certificate: String { directory + "/server.pem" }
    var key: String { directory + "/server.key" }

    struct OpenSSLFailed: Error, CustomStringConvertible {
        var status: Int32
        var description: String { "openssl failed making the test CA (wait status \(status))" }
    }

    init() throws {
        directory = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-ca")
        let script = String(#filePath.dropLast("ThrowawayCA.swift".count)) + "Fixtures/make-test-ca.sh"
        let run = try ChildProcess.run(["/bin/sh", script, directory])
        guard run.succeeded else { throw OpenSSLFailed(status: run.status) }
    }

    func remove() {
        _ = try? ChildProcess.run(["rm", "-rf", directory])
    }
}
