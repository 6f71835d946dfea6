/// A mode asked for on the command line: `WxH` or `WxH@Hz` (Hz may have decimals: `@59.94`).
public struct ModeRequest: Sendable, Hashable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    /// Requested refresh in millihertz; nil: any.
    public var refreshMilliHertz: Int?

    public init(width: Int, height: Int, refreshMilliHertz: Int? = nil) {
        self.width = width; self.height = height; self.refreshMilliHertz = refreshMilliHertz
    }

    /// Parses `1920x1080`, `800x480@60`, `720x480@59.94`; nil when malformed.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else { return nil }
        width = w; height = h
        if parts.count == 2 {
            guard let hz = Double(parts[1]), hz > 0, hz < 1000 else { return nil }
            refreshMilliHertz = Int((hz * 1000).rounded())
        }
    }

    public var description: String {
        "\(width)x\(height)" + (refreshMilliHertz.map { "@" + DisplayMode.format($0) } ?? "")
    }

    /// A refresh request matches a mode within 0.5 Hz, so `@60` finds 59.94 and 60.00 timings.
    static let refreshTolerance = 500

    /// The best mode for this request among `modes`: the right size; within that, the requested
    /// refresh (closest), else the preferred mode, else the highest refresh. nil: none fits.
    public func select(from modes: [DisplayMode]) -> DisplayMode? {
        let sized = modes.filter { $0.width == width && $0.height == height }
        if let want = refreshMilliHertz {
            return sized.filter { abs($0.refreshMilliHertz - want) <= ModeRequest.refreshTolerance }
                .min { abs($0.refreshMilliHertz - want) < abs($1.refreshMilliHertz - want) }
        }
        return sized.first { $0.isPreferred } ?? sized.max { $0.refreshMilliHertz < $1.refreshMilliHertz }
    }
}

extension DisplayMode {
    /// The mode a kiosk uses when none is requested: the connector's preferred mode, else the
    /// largest (area, then refresh), as every KMS peer does.
    static func preferred(in modes: [DisplayMode]) -> DisplayMode? {
        modes.first { $0.isPreferred } ?? modes.max {
            ($0.width * $0.height, $0.refreshMilliHertz) < ($1.width * $1.height, $1.refreshMilliHertz)
        }
    }
}
