import Glibc
import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// The directory of this test target's fixtures (found from #filePath; no Foundation bundle).
func fixturesDirectory(file: String = #filePath) -> String {
    String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
}

/// A fresh scratch directory under /tmp.
func scratchDirectory(_ tag: String) -> String {
    var template = Array("/tmp/gadgetboard-\(tag)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}

func writeFile(_ path: String, _ text: String) throws { try FileIO.replace(path, with: text) }

/// The demo art's cache for tests that load the built-in demo board: keyed by this test binary
/// like the user's, but under /tmp, so no test writes the user's own ~/.cache (issue 35).
let testDemoArtCache = DemoArtCache.user(environment: ["XDG_CACHE_HOME": testCacheHome])
/// XDG_CACHE_HOME for tests, and for the binaries they run.
let testCacheHome = "/tmp/gadgetboard-tests-cache"
