import Glibc
import Testing
import GadgetCore

/// Makes the photos the photo tests decode with Debian's own tools (cjpeg and djpeg from
/// libjpeg-turbo-progs, cwebp from webp, exiftool from libimage-exiftool-perl: see
/// scripts/install-deps.sh --test), so what the tests expect does not come from our code.
/// One scratch directory per instance, removed by `close()`.
final class PhotoWorkshop {
    let directory: String

    init() {
        var template = Array("/tmp/gadget-photos-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        directory = made.map { String(cString: $0) } ?? "/tmp"
    }

    func close() { _ = system("rm -rf '\(directory)'") }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Runs a shell command in the directory; records an issue (naming the tool's package) when it fails.
    @discardableResult
    func run(_ command: String) -> Bool {
        let status = system("cd '\(directory)' && { \(command); } >/dev/null 2>'\(directory)/stderr'")
        if status != 0 {
            Issue.record("`\(command)` failed (status \(status)); needs libjpeg-turbo-progs, webp and libimage-exiftool-perl (scripts/install-deps.sh --test)")
            return false
        }
        return true
    }

    /// Four flat quadrants, top left red, top right green, bottom left blue, bottom right yellow
    /// (as stored: before any orientation).
    static let quadrantColours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
    static let red = 0, green = 1, blue = 2, yellow = 3

    /// Writes a binary PPM of `width`×`height` quadrants (cjpeg's and cwebp's input).
    func writeQuadrantPPM(_ name: String, width: Int, height: Int) {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let q = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)
                let c = Self.quadrantColours[q]
                bytes += [c.0, c.1, c.2]
            }
        }
        write(name, bytes)
    }

    /// Writes a smooth, deterministic gradient PPM (a photo-like image that compresses realistically).
    func writeGradientPPM(_ name: String, width: Int, height: Int) {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), UInt8((x + y) & 255)]
            }
        }
        write(name, bytes)
    }

    func write(_ name: String, _ bytes: [UInt8]) {
        guard let f = fopen(path(name), "wb") else { Issue.record("cannot write \(path(name))"); return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }

    func read(_ name: String) -> [UInt8] {
        guard let f = fopen(path(name), "rb") else { Issue.record("cannot read \(path(name))"); return [] }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            if n <= 0 { break }
            out += buf[0..<n]
        }
        return out
    }

    /// A binary PPM (djpeg's output) as RGBA.
    func readPPM(_ name: String) -> RGBAImage? {
        let b = read(name)
        // "P6", whitespace-separated width, height, maxval, one whitespace byte, then RGB.
        var fields: [Int] = [], i = 2, current = ""
        while fields.count < 3, i < b.count {
            let c = b[i]
            if c >= 0x30 && c <= 0x39 { current.append(Character(UnicodeScalar(c))) } else if !current.isEmpty { fields.append(Int(current)!); current = "" }
            i += 1
        }
        guard fields.count == 3, b.starts(with: Array("P6".utf8)) else { return nil }
        let w = fields[0], h = fields[1]
        guard b.count - i >= w * h * 3 else { return nil }
        var rgba = [UInt8](repeating: 255, count: w * h * 4)
        for p in 0..<(w * h) { rgba[p * 4] = b[i + p * 3]; rgba[p * 4 + 1] = b[i + p * 3 + 1]; rgba[p * 4 + 2] = b[i + p * 3 + 2] }
        return RGBAImage(width: w, height: h, pixels: rgba)
    }
}

/// Whether `p` is within `tolerance` of `c` on every channel (JPEG is lossy).
func near(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ c: (UInt8, UInt8, UInt8), tolerance: Int = 24) -> Bool {
    abs(Int(p.r) - Int(c.0)) <= tolerance && abs(Int(p.g) - Int(c.1)) <= tolerance && abs(Int(p.b) - Int(c.2)) <= tolerance && p.a == 255
}
