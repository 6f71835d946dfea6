/// What `gadgetboard devices` says about the DRM side: every card with its driver, whether it can
/// modeset and do atomic commits, who is master; each connector with the CRTC and mode it has;
/// each CRTC; the planes; and the render nodes. Plain values: the caller formats them.
/// Thread: any (`survey` opens the cards on the calling thread and closes them before returning).
public struct DRMCardReport: Sendable {
    /// The directory surveyed (`/dev/dri`).
    public var directory: String
    /// /dev/dri/cardN in numeric order.
    public var cards: [Card]
    /// /dev/dri/renderDN, sorted by name: GPU rendering only, no display.
    public var renderNodes: [String]

    public struct Card: Sendable {
        public var path: String
        public var state: State
    }

    public enum State: Sendable {
        /// Opening failed: the error says why (permission with the group to join, missing, …).
        case unopenable(DisplayError)
        /// Opens, but has no KMS resources: a render-only card (a Raspberry Pi 5's v3d card0).
        case renderOnly(driver: String)
        case modeset(Modesetting)
    }

    /// A card that can drive displays.
    public struct Modesetting: Sendable {
        public var driver: String
        public var supportsAtomic: Bool
        /// Opening made us master: no other process (a display server) drives the card. Said
        /// because it explains modeset failures.
        public var isMasterFree: Bool
        public var connectors: [Connector]
        public var crtcs: [DRMCRTCInfo]
        /// Every plane, primary and cursor included (asked after the universal-planes capability).
        public var planes: [DRMPlaneInfo]
    }

    public struct Connector: Sendable {
        public var id: ConnectorID
        /// nil when the kernel would not describe it.
        public var info: DRMConnectorInfo?
        /// The CRTC its current encoder drives, if any.
        public var crtc: CRTCID?
        /// That CRTC's mode, if it is on.
        public var currentMode: DisplayMode?
    }

    /// Opens every card in `directory` (nothing is changed on it: opening only makes this process
    /// master while it holds the card) and lists what it finds. A missing directory is an empty
    /// report.
    public static func survey(directory: String = "/dev/dri") -> DRMCardReport {
        DRMCardReport(directory: directory,
                      cards: DeviceDirectory.cardPaths(in: directory).map { Card(path: $0, state: survey(card: $0)) },
                      renderNodes: DeviceDirectory.renderNodePaths(in: directory))
    }

    static func survey(card path: String) -> State {
        let device: DRMDevice
        do { device = try DRMDevice(path: path) } catch { return .unopenable(error) }
        let isMasterFree = device.isMaster
        guard let resources = try? device.resources() else { return .renderOnly(driver: device.driverName) }
        let driver = device.driverName
        // Asking for atomic sets the universal-planes capability too, which `planes()` needs to
        // see primary and cursor planes: keep this before `planes()`.
        let supportsAtomic = device.supportsAtomic
        var crtcs: [DRMCRTCInfo] = []
        for id in resources.crtcs { if let c = try? device.crtc(id) { crtcs.append(c) } }
        var encoders: [EncoderID: DRMEncoderInfo] = [:]
        for id in resources.encoders { if let e = try? device.encoder(id) { encoders[id] = e } }
        let connectors = resources.connectors.map { id -> Connector in
            guard let info = try? device.connector(id) else { return Connector(id: id, info: nil, crtc: nil, currentMode: nil) }
            let crtc = info.encoder.flatMap { encoders[$0]?.crtc }
            let current = crtc.flatMap { id in crtcs.first { $0.id == id }?.mode }
            return Connector(id: id, info: info, crtc: crtc, currentMode: current)
        }
        return .modeset(Modesetting(driver: driver, supportsAtomic: supportsAtomic, isMasterFree: isMasterFree,
                                    connectors: connectors, crtcs: crtcs, planes: (try? device.planes()) ?? []))
    }
}
