import Testing
@testable import GadgetDisplay

@Suite struct OutputPlanTests {
    static let resources = DRMResources(connectors: [ConnectorID(40), ConnectorID(41)], encoders: [EncoderID(30), EncoderID(31)],
                                        crtcs: [CRTCID(50), CRTCID(51)], minWidth: 0, maxWidth: 4096, minHeight: 0, maxHeight: 4096)
    static let hd = DisplayMode.synthetic(width: 1280, height: 720, refreshMilliHertz: 60_000)
    static let full = DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 60_000, preferred: true)

    static func connector(encoder: EncoderID?, possible: [EncoderID] = [EncoderID(30), EncoderID(31)]) -> DRMConnectorInfo {
        DRMConnectorInfo(id: ConnectorID(40), name: "HDMI-A-1", status: .connected, modes: [full, hd], encoder: encoder,
                         possibleEncoders: possible, widthMillimetres: 0, heightMillimetres: 0)
    }

    @Test func keepsTheCRTCAlreadyDrivingTheConnector() {
        let encoders = [DRMEncoderInfo(id: EncoderID(30), crtc: CRTCID(51), possibleCRTCs: 0b11)]
        let crtc = OutputPlan.chooseCRTC(connector: Self.connector(encoder: EncoderID(30)), encoders: encoders, resources: Self.resources, busy: [])
        #expect(crtc == CRTCID(51))
    }

    @Test func takesAFreeCRTCTheEncoderCanDrive() {
        let encoders = [DRMEncoderInfo(id: EncoderID(30), crtc: nil, possibleCRTCs: 0b10),
                        DRMEncoderInfo(id: EncoderID(31), crtc: nil, possibleCRTCs: 0b11)]
        let c = Self.connector(encoder: nil)
        #expect(OutputPlan.chooseCRTC(connector: c, encoders: encoders, resources: Self.resources, busy: []) == CRTCID(51))
        // CRTC 51 lights another display: encoder 31 can use 50 instead.
        #expect(OutputPlan.chooseCRTC(connector: c, encoders: encoders, resources: Self.resources, busy: [CRTCID(51)]) == CRTCID(50))
        #expect(OutputPlan.chooseCRTC(connector: c, encoders: encoders, resources: Self.resources, busy: [CRTCID(50), CRTCID(51)]) == nil)
    }

    @Test func picksThePrimaryPlaneOfTheCRTC() {
        let planes = [
            DRMPlaneInfo(id: PlaneID(60), type: .overlay, possibleCRTCs: 0b11, crtc: nil, formats: []),
            DRMPlaneInfo(id: PlaneID(61), type: .primary, possibleCRTCs: 0b01, crtc: CRTCID(50), formats: []),
            DRMPlaneInfo(id: PlaneID(62), type: .primary, possibleCRTCs: 0b10, crtc: nil, formats: []),
            DRMPlaneInfo(id: PlaneID(63), type: .cursor, possibleCRTCs: 0b10, crtc: nil, formats: []),
        ]
        #expect(OutputPlan.choosePrimaryPlane(crtc: CRTCID(50), planes: planes, resources: Self.resources) == PlaneID(61))
        #expect(OutputPlan.choosePrimaryPlane(crtc: CRTCID(51), planes: planes, resources: Self.resources) == PlaneID(62))
        #expect(OutputPlan.choosePrimaryPlane(crtc: CRTCID(52), planes: planes, resources: Self.resources) == nil)
    }

    @Test func preferredModeUnlessRequested() throws {
        let c = Self.connector(encoder: nil)
        let (m, reused) = try OutputPlan.chooseMode(request: nil, connector: c, current: nil)
        #expect(m == Self.full && !reused)
        let (hd, _) = try OutputPlan.chooseMode(request: ModeRequest(width: 1280, height: 720), connector: c, current: nil)
        #expect(hd == Self.hd)
    }

    @Test func reusesTheCurrentModeWhenItFits() throws {
        let c = Self.connector(encoder: nil)
        let (m, reused) = try OutputPlan.chooseMode(request: nil, connector: c, current: Self.full)
        #expect(reused && m == Self.full)
        let (_, reusedOther) = try OutputPlan.chooseMode(request: nil, connector: c, current: Self.hd)
        #expect(!reusedOther)
        let (hd, reusedHD) = try OutputPlan.chooseMode(request: ModeRequest(parsing: "1280x720@60"), connector: c, current: Self.hd)
        #expect(reusedHD && hd == Self.hd)
    }

    @Test func unavailableModeListsTheModes() {
        let c = Self.connector(encoder: nil)
        #expect(throws: DisplayError.self) { try OutputPlan.chooseMode(request: ModeRequest(width: 640, height: 480), connector: c, current: nil) }
        do {
            _ = try OutputPlan.chooseMode(request: ModeRequest(width: 640, height: 480), connector: c, current: nil)
        } catch {
            #expect(error.description.contains("HDMI-A-1 has no mode 640x480"))
            #expect(error.description.contains("1920x1080@60 (preferred)"))
            #expect(error.description.contains("1280x720@60"))
        }
    }
}

/// Issue 24 item 4: a TV that changes its mode while staying connected is followed.
@Suite struct OutputRefitTests {
    static let full = DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 60_000, preferred: true)
    static let xga = DisplayMode.synthetic(width: 1024, height: 768, refreshMilliHertz: 60_000, preferred: true)
    static let hd = DisplayMode.synthetic(width: 1280, height: 720, refreshMilliHertz: 60_000)

    @Test func aNewPreferredModeIsFollowed() {
        // Shown at 1920x1080; the TV comes back from another input preferring 1024x768.
        let next = OutputPlan.refit(request: nil, shown: Self.full, modes: [Self.xga, Self.hd])
        #expect(next == Self.xga)
    }

    @Test func theSamePreferredModeChangesNothing() {
        #expect(OutputPlan.refit(request: nil, shown: Self.full, modes: [Self.full, Self.hd]) == nil)
        // 59.94 Hz against 60 Hz is the same mode (ModeRequest.refreshTolerance).
        let ntsc = DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 59_940, preferred: true)
        #expect(OutputPlan.refit(request: nil, shown: Self.full, modes: [ntsc]) == nil)
    }

    @Test func anotherRefreshAtTheSameSizeIsFollowed() {
        let fifty = DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 50_000, preferred: true)
        #expect(OutputPlan.refit(request: nil, shown: Self.full, modes: [fifty]) == fifty)
    }

    @Test func modeStillWins() throws {
        let request = try #require(ModeRequest(parsing: "1920x1080"))
        #expect(OutputPlan.refit(request: request, shown: Self.full, modes: [Self.xga, Self.hd]) == nil)
    }

    @Test func noModesWaitsForTheNextUevent() {
        #expect(OutputPlan.refit(request: nil, shown: Self.full, modes: []) == nil)
    }

    @Test func withoutAPreferredFlagTheLargestCounts() {
        let plain = DisplayMode.synthetic(width: 1024, height: 768, refreshMilliHertz: 60_000)
        #expect(OutputPlan.refit(request: nil, shown: Self.full, modes: [plain, Self.hd]) == Self.hd)
    }
}
