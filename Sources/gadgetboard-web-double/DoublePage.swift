import GadgetCore

/// What the double draws and does, read from the page URL so that a board, a test and the stage
/// choose it without another channel (docs/web.md, "The headless double"):
/// - `/solid/RRGGBB`: one frame of that colour (after open, resize, reload, navigate);
/// - `/pattern`: quadrants red, green, blue, white (top left, top right, bottom left, bottom right);
/// - `/animate`: a bar sweeping left to right, a frame as soon as the last one is done, at most `fps`;
/// - query `crashAfter=N`: SIGKILL after N frames; `hang`: never says ready; `fatal=why`: says
///   `fatal` and exits 1 after loading; `fail=why`: `loadFailed` instead of `loaded`; `fps=N`;
///   `dmabuf`: frames typed as dma-buf (XRGB8888, linear, the slot's memfd standing in for the
///   dma-buf, attached to every frame) until the kiosk says `sharedMemoryOnly`, shared memory after.
struct DoublePage: Equatable {
    enum Kind: Equatable { case solid(UInt8, UInt8, UInt8), pattern, animate }
    var kind: Kind = .solid(255, 255, 255)
    var crashAfter: Int?
    var hang = false
    var fatal: String?
    var fail: String?
    var fps = 30
    var dmabuf = false

    init(url: String) {
        guard let u = WebURL(url) else { return }
        let parts = u.path.split(separator: "/").map(String.init)
        switch parts.first {
        case "solid":
            if parts.count > 1, let c = Color(hex: "#" + parts[1]) {
                kind = .solid(UInt8(c.r * 255), UInt8(c.g * 255), UInt8(c.b * 255))
            }
        case "pattern": kind = .pattern
        case "animate": kind = .animate
        default: break
        }
        let query = url.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        for item in query.split(separator: "&") {
            let kv = item.split(separator: "=", maxSplits: 1).map(String.init)
            let value = kv.count > 1 ? kv[1] : ""
            switch kv[0] {
            case "crashAfter": crashAfter = Int(value)
            case "hang": hang = true
            case "fatal": fatal = value.isEmpty ? "told to fail" : value
            case "fail": fail = value.isEmpty ? "told to fail" : value
            case "fps": fps = max(1, min(240, Int(value) ?? 30))
            case "dmabuf": dmabuf = true
            default: break
            }
        }
    }

    /// Fills `pixels` (B,G,R,A rows of `stride` bytes) for frame `n`.
    func draw(into pixels: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int, frame n: UInt64) {
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b): (UInt8, UInt8, UInt8)
                switch kind {
                case .solid(let rr, let gg, let bb): (r, g, b) = (rr, gg, bb)
                case .pattern:
                    let right = x >= width / 2, bottom = y >= height / 2
                    switch (right, bottom) {
                    case (false, false): (r, g, b) = (255, 0, 0)
                    case (true, false): (r, g, b) = (0, 255, 0)
                    case (false, true): (r, g, b) = (0, 0, 255)
                    case (true, true): (r, g, b) = (255, 255, 255)
                    }
                case .animate:
                    let bar = Int(n % UInt64(max(width, 1)))
                    (r, g, b) = abs(x - bar) < max(width / 16, 2) ? (255, 128, 0) : (16, 16, 48)
                }
                let o = y * stride + x * 4
                pixels[o] = b; pixels[o + 1] = g; pixels[o + 2] = r; pixels[o + 3] = 255
            }
        }
    }
}
