import GadgetSystem

/// A certificate authority made for one test with openssl(1): its certificate (`ca`), a server
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
        // P-256 keys: quick to make. The server certificate names 127.0.0.1 as an IP SAN, which
        // is what libcurl checks the loopback URL's host against.
        let script = """
        set -e
        cd '\(directory)'
        key() { openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 "$@" 2>/dev/null; }
        key -keyout ca.key -out ca.pem -subj /CN=gadgetboard-test-ca
        key -keyout other-ca.key -out other-ca.pem -subj /CN=gadgetboard-other-ca
        openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n' > server.ext
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext -out server.pem 2>/dev/null
        """
        let run = try ChildProcess.run(["/bin/sh", "-c", script])
        guard run.succeeded else { throw OpenSSLFailed(status: run.status) }
    }

    func remove() {
        _ = try? ChildProcess.run(["rm", "-rf", directory])
    }
}
