#if canImport(Glibc)
import Glibc
#endif
import GadgetSystem

/// Test clips made at test time with Debian's `ffmpeg` CLI from lavfi sources, in a scratch
/// directory (no binaries in the repo).
final class Clips {
    let directory: String

    init() throws {
        var template = Array("/tmp/gadgetboard-video-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) != nil else {
            throw SystemError("mkdtemp", code: errno)
        }
        directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if let dir = opendir(directory) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { unlink(directory + "/" + name) }
            }
            closedir(dir)
        }
        rmdir(directory)
    }

    struct FFmpegFailed: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "ffmpeg failed: \(arguments.joined(separator: " "))" }
    }

    /// Runs `ffmpeg` with `arguments` (quiet, overwriting), writing `name` in the directory.
    @discardableResult
    func make(_ name: String, _ arguments: [String]) throws -> String {
        let path = directory + "/" + name
        let all = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y"] + arguments + [path]
        guard try ChildProcess.run(all).succeeded else { throw FFmpegFailed(arguments: all) }
        return path
    }

    /// `frames` frames at `fps` whose luma is 8 × their index (flat grey, chroma neutral),
    /// H.264 lossless, with B-frames (the decoder reorders): frame n is told by its Y plane.
    func indexed(_ name: String = "indexed.mp4", frames: Int = 30, fps: Int = 30, size: String = "64x48") throws -> String {
        try make(name, ["-f", "lavfi", "-i", "color=c=black:s=\(size):r=\(fps)",
                        "-frames:v", "\(frames)", "-vf", "geq=lum='N*8':cb=128:cr=128",
                        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-qp", "0"])
    }

    func writeText(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try FileIO.replace(path, with: text)
        return path
    }
}
