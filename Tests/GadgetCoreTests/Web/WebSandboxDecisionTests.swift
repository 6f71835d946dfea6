import Testing
import GadgetCore

/// `ready` says "sandboxed" only where WebKit will use bubblewrap: not where bubblewrap cannot
/// run, not in a Docker container or a Snap (WebKit 2.38 turns its sandbox off there).
@Suite struct WebSandboxDecisionTests {
    @Test func onlyWhereBubblewrapRunsOutsideDockerAndSnapIsItSandboxed() {
        let device = WebSandboxDecision.decide(bubblewrapRuns: true, dockerenvExists: false, environment: ["HOME": "/"])
        #expect(device == WebSandboxDecision(requested: true, sandboxed: true, why: nil))
        #expect(device.engineSuffix == ", sandboxed")

        let docker = WebSandboxDecision.decide(bubblewrapRuns: true, dockerenvExists: true, environment: [:])
        #expect(docker.requested && !docker.sandboxed)
        #expect(docker.engineSuffix == ", unsandboxed: WebKit turns it off in a Docker container (/.dockerenv)")

        let noBwrap = WebSandboxDecision.decide(bubblewrapRuns: false, dockerenvExists: false, environment: [:])
        #expect(!noBwrap.requested && !noBwrap.sandboxed && noBwrap.engineSuffix == ", unsandboxed: bubblewrap cannot run here")

        #expect(!WebSandboxDecision.decide(bubblewrapRuns: true, dockerenvExists: false,
                                           environment: ["SNAP": "/snap/x/1", "SNAP_NAME": "x", "SNAP_REVISION": "1"]).sandboxed)
        // SNAP alone is set by other things: WebKit, and so this, look for all three.
        #expect(WebSandboxDecision.decide(bubblewrapRuns: true, dockerenvExists: false, environment: ["SNAP": "/x"]).sandboxed)
    }
}
