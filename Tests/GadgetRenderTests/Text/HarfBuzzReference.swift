import Glibc
import Testing

/// What HarfBuzz's own `hb-shape` (Debian's libharfbuzz-bin) says about a string in a font file:
/// the expectations of the text tests, independent of our layout code.
enum HarfBuzzReference {
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    struct Glyph: Equatable { var glyph: UInt32; var advance26_6: Int }

    /// Glyphs in visual order at `pixelSize`, advances in 1/64 pixel (`--font-size` is the scale,
    /// so 64 × the pixel size gives 26.6 fixed point, as our renderer uses). Nil when hb-shape fails.
    static func shape(_ text: String, fontFile: String, index: Int = 0, pixelSize: Int) -> [Glyph]? {
        let escaped = text.replacingAll("'", with: "'\\''")
        let command = "hb-shape --font-file='\(fontFile)' --face-index=\(index) --font-size=\(pixelSize * 64) --font-funcs=ot "
            + "--no-glyph-names --output-format=json '\(escaped)' 2>/dev/null"
        guard let pipe = popen(command, "r") else { return nil }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, pipe)
            if n <= 0 { break }
            output += chunk[0..<n]
        }
        guard pclose(pipe) == 0 else {
            Issue.record("hb-shape failed: needs libharfbuzz-bin (scripts/install-deps.sh --test)")
            return nil
        }
        // [{"g":36,"cl":0,"dx":0,"dy":0,"ax":2418,"ay":0},…]
        let json = String(decoding: output, as: UTF8.self)
        return json.split(separator: "{").dropFirst().compactMap { entry in
            guard let g = number(after: "\"g\":", in: entry), let ax = number(after: "\"ax\":", in: entry) else { return nil }
            return Glyph(glyph: UInt32(g), advance26_6: ax)
        }
    }

    private static func number(after key: String, in text: Substring) -> Int? {
        guard let range = text.firstRange(of: key) else { return nil }
        let digits = text[range.upperBound...].prefix { $0 == "-" || $0.isNumber }
        return Int(digits)
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
