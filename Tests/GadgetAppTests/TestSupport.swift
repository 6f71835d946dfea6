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
