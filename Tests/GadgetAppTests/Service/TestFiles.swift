#if canImport(Glibc)
import Glibc
#endif
@testable import GadgetApp
import GadgetSystem

/// A fresh directory under /tmp, removed with its files when released.
final class TemporaryDirectory {
    let path: String
    init() throws {
        var template = Array("/tmp/gadgetboard-test-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ buf in buf.baseAddress.flatMap { mkdtemp($0) } }) != nil else {
            throw ServiceError.system(SystemError("mkdtemp", code: errno))
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    deinit {
        // Tests create only plain files and empty directories one level deep.
        for name in (try? DirectoryListing.names(in: path)) ?? [] {
            let full = path + "/" + name
            if unlink(full) != 0 { rmdir(full) }
        }
        rmdir(path)
    }
}

func readFile(_ path: String) throws -> String {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw ServiceError.system(SystemError("open", "\(path)", code: errno)) }
    defer { close(fd) }
    return readAll(fd)
}

func readAll(_ fd: Int32) -> String {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        out += buffer[0..<n]
    }
    return String(decoding: out, as: UTF8.self)
}
