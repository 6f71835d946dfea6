/// Finds the card and connector a kiosk shows its board on. Never assumes card0: on a Raspberry
/// Pi 5 card0 is the render-only v3d node and card numbering changes across boots, so every
/// /dev/dri/card* is probed for a connector with something plugged in.
public enum CardProbe {
    /// /dev/dri/cardN paths in numeric order.
    public static func cardPaths(in directory: String = "/dev/dri") -> [String] {
        DeviceDirectory.cardPaths(in: directory)
    }

    /// The names of a card's connectors, in the kernel's order.
    public static func connectorNames(card: String) throws(DisplayError) -> [String] {
        let device = try DRMDevice(path: card)
        var names: [String] = []
        for id in try device.resources().connectors { names.append(try device.connector(id).name) }
        return names
    }

    /// A card that can modeset, opened, with the connector to use on it.
    public struct Found {
        public let device: DRMDevice
        public let resources: DRMResources
        public let connector: DRMConnectorInfo
    }

    /// The card (`card`, or the first that fits) and connector (`connector` by name, or the first
    /// usable one, preferring one already lit, which is what the console shows).
    ///
    /// Throws `.noConnectedDisplay` when cards can modeset but nothing is plugged in (the caller may
    /// wait and retry), and `.unavailable` with a sentence for: no DRM device, no permission (naming
    /// the group), no card that can modeset, no connector of that name.
    public static func find(card: String? = nil, connector wanted: String? = nil) throws(DisplayError) -> Found {
        let paths = card.map { [$0] } ?? cardPaths()
        if paths.isEmpty { throw .unavailable(KMSProblem.noDevice(detail: "/dev/dri has no card*").message) }

        var firstPermissionError: DisplayError?
        var otherErrors: [DisplayError] = []
        var renderOnly: [String] = []
        var disconnected: [(card: String, connectors: [String])] = []
        var namesSeen: [String] = []

        for path in paths {
            let device: DRMDevice
            switch DRMDevice.open(path) {
            case .success(let file): device = DRMDevice(path: path, file: file)
            case .failure(let failure):
                if case .permission = failure { firstPermissionError = firstPermissionError ?? failure.error } else { otherErrors.append(failure.error) }
                continue
            }
            guard let resources = try? device.resources() else { renderOnly.append(path); continue }
            var connectors: [DRMConnectorInfo] = []
            for id in resources.connectors {
                if let c = try? device.connector(id) { connectors.append(c) }
            }
            namesSeen += connectors.map { "\($0.name) on \(path)" }
            let candidates = connectors.filter { c in wanted.map { c.name.lowercased() == $0.lowercased() } ?? true }
            let usable = candidates.filter(\.isUsable)
            if let chosen = usable.first(where: { $0.encoder != nil }) ?? usable.first {
                return Found(device: device, resources: resources, connector: chosen)
            }
            if wanted == nil || !candidates.isEmpty {
                disconnected.append((path, candidates.map { "\($0.name) \($0.status.rawValue)" }))
            }
        }

        if let wanted, disconnected.isEmpty, !namesSeen.isEmpty || !renderOnly.isEmpty {
            throw .unavailable(KMSProblem.connectorNotFound(name: wanted, card: card ?? "any card", available: namesSeen).message)
        }
        if let first = disconnected.first {
            throw .noConnectedDisplay(KMSProblem.noConnectedConnector(card: first.card, connectors: first.connectors).message)
        }
        if let firstPermissionError { throw firstPermissionError }
        if let error = otherErrors.first { throw error }
        throw .unavailable(KMSProblem.noModesetCard(tried: paths).message)
    }
}
