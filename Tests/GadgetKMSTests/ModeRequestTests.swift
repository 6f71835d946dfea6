import Testing
@testable import GadgetDisplay

@Suite struct ModeRequestTests {
    @Test func parsesSizeAndRefresh() {
        #expect(ModeRequest(parsing: "1920x1080") == ModeRequest(width: 1920, height: 1080))
        #expect(ModeRequest(parsing: "800x480@60") == ModeRequest(width: 800, height: 480, refreshMilliHertz: 60_000))
        #expect(ModeRequest(parsing: "720x480@59.94") == ModeRequest(width: 720, height: 480, refreshMilliHertz: 59_940))
    }

    @Test(arguments: ["", "1920", "1920x", "x1080", "0x480", "800x480@", "800x480@abc", "800x480@-60", "axb", "800x480x3"])
    func rejectsMalformed(_ text: String) {
        #expect(ModeRequest(parsing: text) == nil)
    }

    @Test func describesItself() {
        #expect(ModeRequest(width: 800, height: 480, refreshMilliHertz: 59_940).description == "800x480@59.94")
        #expect(ModeRequest(width: 800, height: 480).description == "800x480")
    }

    static let modes = [
        DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 60_000, preferred: true),
        DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 50_000),
        DisplayMode.synthetic(width: 1920, height: 1080, refreshMilliHertz: 59_940),
        DisplayMode.synthetic(width: 1280, height: 720, refreshMilliHertz: 50_000),
        DisplayMode.synthetic(width: 1280, height: 720, refreshMilliHertz: 60_000),
    ]

    @Test func sizeOnlyPrefersThePreferredModeThenTheFastest() {
        #expect(ModeRequest(width: 1920, height: 1080).select(from: Self.modes)?.isPreferred == true)
        let hd = ModeRequest(width: 1280, height: 720).select(from: Self.modes)
        #expect(hd.map { abs($0.refreshMilliHertz - 60_000) < 100 } == true)
    }

    @Test func refreshPicksTheClosestWithinHalfAHertz() {
        let m = ModeRequest(width: 1920, height: 1080, refreshMilliHertz: 59_940).select(from: Self.modes)
        #expect(m.map { abs($0.refreshMilliHertz - 59_940) < 20 } == true)
        let fifty = ModeRequest(width: 1920, height: 1080, refreshMilliHertz: 50_000).select(from: Self.modes)
        #expect(fifty.map { abs($0.refreshMilliHertz - 50_000) < 20 } == true)
        #expect(ModeRequest(width: 1920, height: 1080, refreshMilliHertz: 75_000).select(from: Self.modes) == nil)
        #expect(ModeRequest(width: 640, height: 480).select(from: Self.modes) == nil)
    }

    @Test func preferredModeFallsBackToTheLargest() {
        let modes = [DisplayMode.synthetic(width: 640, height: 480, refreshMilliHertz: 60_000),
                     DisplayMode.synthetic(width: 1024, height: 768, refreshMilliHertz: 60_000)]
        #expect(DisplayMode.preferred(in: modes)?.width == 1024)
        #expect(DisplayMode.preferred(in: []) == nil)
    }
}

@Suite struct DisplayModeTests {
    @Test func refreshFromTimingMatchesTheKernel() {
        // CEA 1080p60: 148.5 MHz, 2200 x 1125 → exactly 60 Hz; the 1000/1001 variant 59.94.
        #expect(DisplayMode.refreshMilliHertz(clockKHz: 148_500, htotal: 2200, vtotal: 1125, flags: 0, vscan: 0) == 60_000)
        #expect(DisplayMode.refreshMilliHertz(clockKHz: 148_352, htotal: 2200, vtotal: 1125, flags: 0, vscan: 0) == 59_940)
        // Interlaced 1080i: fields at twice the frame rate.
        #expect(DisplayMode.refreshMilliHertz(clockKHz: 74_250, htotal: 2200, vtotal: 1125, flags: 1 << 4, vscan: 0) == 60_000)
        #expect(DisplayMode.refreshMilliHertz(clockKHz: 74_250, htotal: 0, vtotal: 1125, flags: 0, vscan: 0) == 0)
    }

    @Test func describesAndTimesFrames() {
        let m = DisplayMode.synthetic(width: 800, height: 480, refreshMilliHertz: 60_000)
        #expect(m.name == "800x480")
        #expect(m.description.hasPrefix("800x480@"))
        let interval = m.frameInterval ?? 0
        #expect(abs(interval - 16_667) < 30)
        #expect(DisplayMode.format(59_940) == "59.94")
        #expect(DisplayMode.format(60_000) == "60")
        #expect(DisplayMode.format(59_999) == "60")
        #expect(DisplayMode.format(50_500) == "50.5")
        #expect(DisplayMode.format(30_050) == "30.05")
    }
}
