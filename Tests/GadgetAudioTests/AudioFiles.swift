import GadgetSystem

/// Reading back what the engine wrote: little-endian fields and float samples.
enum AudioFiles {
    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(b[at + $1]) << (8 * UInt32($1)) }
    }
    static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    static func floats(_ b: ArraySlice<UInt8>) -> [Float] {
        let bytes = Array(b)
        return stride(from: 0, to: bytes.count - 3, by: 4).map { Float(bitPattern: u32(bytes, $0)) }
    }
    static func bytes(_ samples: [Float]) -> [UInt8] {
        samples.flatMap { s in (0..<4).map { UInt8(truncatingIfNeeded: s.bitPattern >> (8 * UInt32($0))) } }
    }

    /// A scratch directory, removed (with the files the test named) when done.
    final class Scratch {
        let path: String
        var files: [String] = []
        init() throws { path = try FileIO.makeTemporaryDirectory(prefix: "/tmp/gadget-audio") }
        func file(_ name: String) -> String { let f = path + "/" + name; files.append(f); return f }
        deinit {
            for f in files { FileIO.remove(f) }
            FileIO.removeDirectory(path)
        }
    }

    /// `sox FILE -n stat`'s figures (it prints them on stderr), by name; nil without sox.
    /// `effects` go before `stat` (`trim 0 9600s`: the first 9600 frames).
    static func soxStat(_ wav: String, effects: String = "", scratch: Scratch) throws -> [String: Double]? {
        guard FileIO.exists("/usr/bin/sox") else { return nil }
        let out = scratch.file("sox-stat.txt")
        let run = try ChildProcess.run(["sh", "-c", "sox '\(wav)' -n \(effects) stat 2>'\(out)'"])
        guard run.succeeded else { return nil }
        var figures: [String: Double] = [:]
        for line in String(decoding: try FileIO.read(out), as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let v = Double(parts[1].trimmingCharacters(in: " ")) else { continue }
            figures[String(parts[0].trimmingCharacters(in: " "))] = v
        }
        return figures
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self[...]
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
