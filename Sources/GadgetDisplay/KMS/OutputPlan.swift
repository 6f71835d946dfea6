/// Everything chosen before the first frame: which CRTC and primary plane drive the connector, in
/// which mode, and whether the CRTC already shows that mode (then no modeset is needed).
struct OutputPlan: Sendable, Hashable {
    var connector: DRMConnectorInfo
    var mode: DisplayMode
    var crtc: CRTCID
    var primaryPlane: PlaneID?
    /// The CRTC's state before we touched it (restored on exit).
    var previous: DRMCRTCInfo
    /// The CRTC already scans out this timing: attach our framebuffer without a full modeset.
    var reusesCurrentMode: Bool

    /// The mode to use: `request` (or the preferred mode), but the CRTC's current mode when it
    /// fits, so a kiosk started over a console at the same resolution does not blank the panel.
    static func chooseMode(request: ModeRequest?, connector: DRMConnectorInfo, current: DisplayMode?) throws(DisplayError) -> (DisplayMode, reused: Bool) {
        let wanted: DisplayMode
        if let request {
            guard let m = request.select(from: connector.modes) else {
                throw .unavailable(KMSProblem.modeUnavailable(requested: request, connector: connector.name, available: connector.modes).message)
            }
            wanted = m
        } else {
            guard let m = DisplayMode.preferred(in: connector.modes) else {
                throw .noConnectedDisplay(KMSProblem.noConnectedConnector(card: "the card", connectors: ["\(connector.name) has no modes"]).message)
            }
            wanted = m
        }
        if let current, current.width == wanted.width, current.height == wanted.height,
           abs(current.refreshMilliHertz - (request?.refreshMilliHertz ?? wanted.refreshMilliHertz)) <= ModeRequest.refreshTolerance {
            return (current, true)
        }
        return (wanted, false)
    }

    /// After a change uevent on a connector that stayed connected: the mode to fit the board to
    /// now, when the connector's preferred mode is no longer the one `shown` (another size, or a
    /// refresh outside `ModeRequest.refreshTolerance`); nil when nothing changed, when it offers
    /// no modes (mid-switch: the next uevent tells), or when a `request` (`--mode`) chose the mode,
    /// which always wins.
    static func refit(request: ModeRequest?, shown: DisplayMode, modes: [DisplayMode]) -> DisplayMode? {
        guard request == nil, let preferred = DisplayMode.preferred(in: modes) else { return nil }
        if preferred.width == shown.width, preferred.height == shown.height,
           abs(preferred.refreshMilliHertz - shown.refreshMilliHertz) <= ModeRequest.refreshTolerance {
            return nil
        }
        return preferred
    }

    /// The CRTC for `connector`: the one already driving it, else the first CRTC one of its encoders
    /// can drive that no other connector is using.
    static func chooseCRTC(connector: DRMConnectorInfo, encoders: [DRMEncoderInfo], resources: DRMResources, busy: Set<CRTCID>) -> CRTCID? {
        if let current = connector.encoder, let e = encoders.first(where: { $0.id == current }), let crtc = e.crtc {
            return crtc
        }
        for encoderID in connector.possibleEncoders {
            guard let e = encoders.first(where: { $0.id == encoderID }) else { continue }
            for crtc in resources.crtcs where resources.mask(of: crtc) & e.possibleCRTCs != 0 && !busy.contains(crtc) {
                return crtc
            }
        }
        return nil
    }

    /// The primary plane that can scan out on `crtc`, preferring the one already on it.
    static func choosePrimaryPlane(crtc: CRTCID, planes: [DRMPlaneInfo], resources: DRMResources) -> PlaneID? {
        let mask = resources.mask(of: crtc)
        let primaries = planes.filter { $0.type == .primary && $0.possibleCRTCs & mask != 0 }
        return (primaries.first { $0.crtc == crtc } ?? primaries.first)?.id
    }

    /// Builds the plan on an open card.
    static func make(device: DRMDevice, resources: DRMResources, connector: DRMConnectorInfo, request: ModeRequest?) throws(DisplayError) -> OutputPlan {
        var encoders: [DRMEncoderInfo] = []
        for id in resources.encoders { encoders.append(try device.encoder(id)) }
        // CRTCs other connectors are using: taking one would turn another display off.
        var busy = Set<CRTCID>()
        for id in resources.connectors where id != connector.id {
            if let other = try? device.connector(id), let enc = other.encoder, let e = encoders.first(where: { $0.id == enc }), let c = e.crtc { busy.insert(c) }
        }
        guard let crtc = chooseCRTC(connector: connector, encoders: encoders, resources: resources, busy: busy) else {
            throw .unavailable(KMSProblem.noCRTC(connector: connector.name).message)
        }
        let previous = try device.crtc(crtc)
        let (mode, reused) = try chooseMode(request: request, connector: connector, current: previous.mode)
        let planes = (try? device.planes()) ?? []
        let plane = choosePrimaryPlane(crtc: crtc, planes: planes, resources: resources)
        return OutputPlan(connector: connector, mode: mode, crtc: crtc, primaryPlane: plane, previous: previous, reusesCurrentMode: reused)
    }
}
