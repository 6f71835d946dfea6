import GadgetSystem
import Glibc
import Testing
@testable import GadgetDisplay

/// `devices`' DRM listing without a GPU: a made-up /dev/dri whose "cards" are symlinks to
/// /dev/null (opens, is no DRM device: render-only) or to nothing (missing), and plain files
/// named like render nodes.
@Suite struct DRMCardReportTests {
    /// A fresh directory under /tmp, removed by `remove`.
    final class FakeDRI {
        let path: String
        private var made: [String] = []

        init() throws {
            var template = Array("/tmp/gadgetboard-dri-XXXXXX".utf8CString)
            guard let dir = mkdtemp(&template) else { throw SystemError("mkdtemp", errno: SystemCall.lastErrno) }
            path = String(cString: dir)
        }

        func link(_ name: String, to target: String) throws {
            try SystemCall.run("symlink", name) { symlink(target, "\(path)/\(name)") }
            made.append(name)
        }

        func file(_ name: String) throws {
            try FileIO.replace("\(path)/\(name)", with: [])
            made.append(name)
        }

        func remove() {
            for name in made { unlink("\(path)/\(name)") }
            rmdir(path)
        }
    }

    @Test func aMissingDirectoryIsAnEmptyReport() {
        let report = DRMCardReport.survey(directory: "/nonexistent-dri")
        #expect(report.directory == "/nonexistent-dri")
        #expect(report.cards.isEmpty && report.renderNodes.isEmpty)
    }

    @Test func cardsInNumericOrderRenderNodesByName() throws {
        let dri = try FakeDRI()
        defer { dri.remove() }
        try dri.link("card10", to: "/dev/null")
        try dri.link("card2", to: "/dev/null")
        try dri.link("card1", to: "/nonexistent-gpu")
        try dri.file("renderD129")
        try dri.file("renderD128")
        try dri.file("by-path")

        let report = DRMCardReport.survey(directory: dri.path)
        #expect(report.cards.map(\.path) == ["card1", "card2", "card10"].map { "\(dri.path)/\($0)" })
        #expect(report.renderNodes == ["renderD128", "renderD129"].map { "\(dri.path)/\($0)" })

        // A dangling node: the sentence the kiosk would print, not an errno.
        guard case .unopenable(let error) = report.cards[0].state else { Issue.record("card1: \(report.cards[0].state)"); return }
        #expect(error == .unavailable(KMSProblem.noDevice(detail: "\(dri.path)/card1 does not exist").message))
        // Opens, but no KMS resources (drmGetVersion fails too: the driver is unknown).
        for card in report.cards.dropFirst() {
            guard case .renderOnly(let driver) = card.state else { Issue.record("\(card.path): \(card.state)"); continue }
            #expect(driver == "unknown")
        }
    }

    @Test func aDeviceThatIsNoCardNamesTheFailedCall() throws {
        let device = try DRMDevice(path: "/dev/null")
        do {
            _ = try device.resources()
            Issue.record("/dev/null has KMS resources")
        } catch {
            guard case .system(let failure) = error else { Issue.record("not a system error: \(error)"); return }
            #expect(failure.call == "drmModeGetResources")
            #expect(error.description.hasPrefix("drmModeGetResources failed: "))
        }
    }
}
