import CGLES2
import GadgetCore
import GadgetSystem
import Glibc
import Testing
@testable import GadgetDisplay

/// The real KMS paths on a real card: run where a card can be driven (the VM test runs these
/// with GADGETBOARD_KMS_CARD=/dev/dri/card0 in a QEMU guest with virtio-gpu; see Tests/vm/).
/// Elsewhere they are disabled: this machine has no /dev/dri.
@Suite(.serialized, .enabled(if: KMSTestCard.path != nil, "set GADGETBOARD_KMS_CARD to a card this test may take over"))
struct KMSHardwareTests {
    static var card: String? { KMSTestCard.path }

    /// Clears to a colour, presents, and waits for the flip like the main loop does (poll on
    /// the event descriptor, then dispatch).
    static func frame(_ display: KMSDisplay, _ r: Float, _ g: Float, _ b: Float) throws -> [FlipEvent] {
        try display.beginFrame()
        glClearColor(r, g, b, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        try display.present()
        var events: [FlipEvent] = []
        var poll = PollSet()
        poll.add(try #require(display.eventDescriptor))
        while display.isFlipPending {
            // The bound only keeps a lost flip from hanging the suite; emulation speed decides nothing.
            #expect(try poll.wait(timeoutMilliseconds: 30_000), "flip event within 30 s")
            events += try display.dispatchEvents()
        }
        return events
    }

    static func monotonicNow() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }

    func presentsThroughPageFlips(forceLegacy: Bool) throws {
        let card = try #require(Self.card)
        let display = try KMSDisplay.open(card: card, forceLegacy: forceLegacy, logger: KMSTestLog.printing)
        // A second, non-master handle to watch the CRTC (opened after the display: the first
        // opener of a card becomes master).
        let observer = try DRMDevice(path: card)
        #expect(!observer.isMaster)
        print("kms test: \(display.summary), renderer \(display.renderer)")
        #expect(display.commitPath == (forceLegacy ? "legacy" : "atomic"))
        #expect(display.pixelSize == PixelSize(display.mode.width, display.mode.height))
        #expect(display.eventDescriptor != nil)

        // The first present modesets (no event); every later one flips.
        #expect(try Self.frame(display, 0, 0, 0).isEmpty)
        var flips: [FlipEvent] = []
        let start = Self.monotonicNow()
        for i in 0..<30 { flips += try Self.frame(display, Float(i % 2), 0, 1) }
        #expect(flips.count == 30)
        if let first = flips.first, let last = flips.last, flips.count > 1 {
            let mean = Double(last.time - first.time) / Double(flips.count - 1) / 1000
            print("kms test: \(flips.count) flips, mean interval \(mean) ms, sequences \(first.sequence)...\(last.sequence)")
        }
        // Kernel timestamps on CLOCK_MONOTONIC, in order, within this test's run.
        #expect(zip(flips, flips.dropFirst()).allSatisfy { $0.time < $1.time && $0.sequence <= $1.sequence })
        #expect(flips.first.map { $0.time >= start - 1000 } == true)
        #expect(flips.last.map { $0.time <= Self.monotonicNow() } == true)

        // The last frame is on screen: red, as scanned out.
        _ = try Self.frame(display, 1, 0, 0)
        let image = try display.readPixels()
        #expect(image.width == display.mode.width && image.height == display.mode.height)
        let centre = image.pixel(image.width / 2, image.height / 2)
        #expect(centre.r == 255 && centre.g == 0 && centre.b == 0)

        // Our framebuffer is on the CRTC now; restore puts the console's back.
        let crtcs = try observer.resources().crtcs
        let ours = try #require(try crtcs.map { try observer.crtc($0) }.first { $0.mode != nil })
        let saved = try #require(Self.consoleState)
        #expect(ours.framebuffer != nil && ours.framebuffer != saved.framebuffer)
        display.restore()
        let after = try observer.crtc(ours.id)
        #expect(after.framebuffer == saved.framebuffer)
        #expect(after.mode == saved.mode)
    }

    /// The CRTC state before any test took the card (the console's framebuffer).
    static let consoleState: DRMCRTCInfo? = {
        guard let card, let d = try? DRMDevice(path: card), let res = try? d.resources() else { return nil }
        return res.crtcs.compactMap { try? d.crtc($0) }.first { $0.mode != nil }
    }()

    @Test func atomicPresentsThroughPageFlips() throws {
        _ = Self.consoleState
        try presentsThroughPageFlips(forceLegacy: false)
    }

    @Test func legacyPresentsThroughPageFlips() throws {
        _ = Self.consoleState
        try presentsThroughPageFlips(forceLegacy: true)
    }

    @Test func fullModesetToAnotherModeAndBack() throws {
        let card = try #require(Self.card)
        let saved = try #require(Self.consoleState)
        let other = try #require(try DRMDevice(path: card).connector(CardProbe.find(card: card).connector.id).modes
            .first { $0.width != saved.mode?.width && $0.width <= 1024 })
        let display = try KMSDisplay.open(card: card, mode: ModeRequest(width: other.width, height: other.height), logger: KMSTestLog.printing)
        let observer = try DRMDevice(path: card)
        #expect(!display.reusedMode)
        _ = try Self.frame(display, 0, 1, 0)
        #expect(try Self.frame(display, 0, 1, 0).count == 1)
        #expect(try observer.crtc(saved.id).mode?.width == other.width)
        #expect(try display.readPixels().pixel(0, 0) == (0, 255, 0, 255))
        display.restore()
        #expect(try observer.crtc(saved.id).mode == saved.mode)
        #expect(try observer.crtc(saved.id).framebuffer == saved.framebuffer)
    }

    /// The VM's virtio-gpu has a second output (max_outputs=2) with nothing attached.
    @Test func disconnectedConnectorIsDistinguishable() throws {
        let card = try #require(Self.card)
        let names = try CardProbe.connectorNames(card: card)
        try #require(names.contains("Virtual-2"), "needs a second, disconnected output")
        do {
            _ = try KMSDisplay.open(card: card, connector: "Virtual-2", logger: KMSTestLog.silent)
            Issue.record("opened a disconnected connector")
        } catch {
            print("kms test: \(error)")
            guard case .noConnectedDisplay = error else { Issue.record("not noConnectedDisplay: \(error)"); return }
        }
    }

    @Test func unavailableModeAndConnectorAreExplained() throws {
        let card = try #require(Self.card)
        do {
            _ = try KMSDisplay.open(card: card, mode: ModeRequest(width: 123, height: 45), logger: KMSTestLog.silent)
            Issue.record("opened an impossible mode")
        } catch {
            print("kms test: \(error)")
            #expect(error.description.contains("has no mode 123x45; it offers"))
        }
        do {
            _ = try KMSDisplay.open(card: card, connector: "HDMI-A-9", logger: KMSTestLog.silent)
            Issue.record("opened a connector that does not exist")
        } catch {
            print("kms test: \(error)")
            #expect(error.description.contains("no connector named HDMI-A-9"))
        }
    }

    @Test func anotherMasterIsNamed() throws {
        let card = try #require(Self.card)
        let first = try KMSDisplay.open(card: card, manageConsole: false, logger: KMSTestLog.silent)
        _ = try Self.frame(first, 0, 1, 0)
        do {
            _ = try KMSDisplay.open(card: card, manageConsole: false, logger: KMSTestLog.silent)
            Issue.record("two masters on one card")
        } catch {
            print("kms test: \(error)")
            #expect(error.description.contains("another program is driving"))
        }
        first.restore()
    }

    @Test func powerOffAndOn() throws {
        let card = try #require(Self.card)
        let display = try KMSDisplay.open(card: card, manageConsole: false, logger: KMSTestLog.printing)
        _ = try Self.frame(display, 0, 0, 1)
        #expect(display.setPowered(false))
        // Blanked: presenting recycles buffers without flips.
        #expect(try Self.frame(display, 0, 1, 1).isEmpty)
        #expect(display.setPowered(true))
        _ = try Self.frame(display, 0, 0, 1)
        #expect(try Self.frame(display, 0, 0, 1).count == 1)
        display.restore()
    }

    /// EGL_EXT_buffer_age on this card's swap chain, as damage-tracked redraw trusts it: a back
    /// buffer of age n holds the frame presented n frames ago. Each frame is cleared to its own
    /// shade; before clearing, the back buffer's centre is read and must be frame (this − age)'s
    /// shade. The ages seen are printed (the VM log shows what virtio-gpu's Mesa hands out).
    @Test func bufferAgeNamesTheFrameTheBackBufferHolds() throws {
        let card = try #require(Self.card)
        let display = try KMSDisplay.open(card: card, manageConsole: false, logger: KMSTestLog.printing)
        func shade(_ frame: Int) -> UInt8 { UInt8(10 * (frame + 1)) }
        var ages: [Int] = []
        for i in 0..<12 {
            try display.beginFrame()
            let age = display.bufferAge
            ages.append(age)
            #expect(age >= 0 && age <= i, "frame \(i): age \(age)")
            if age > 0 {
                var pixel = [UInt8](repeating: 0, count: 4)
                glReadPixels(GLint(display.mode.width / 2), GLint(display.mode.height / 2), 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixel)
                #expect(pixel[0] == shade(i - age), "frame \(i), age \(age): the back buffer holds red \(pixel[0]), frame \(i - age) drew \(shade(i - age))")
            }
            glClearColor(Float(shade(i)) / 255, 0, 1, 1)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            try display.present()
            var poll = PollSet()
            poll.add(try #require(display.eventDescriptor))
            while display.isFlipPending {
                #expect(try poll.wait(timeoutMilliseconds: 30_000), "flip event within 30 s")
                _ = try display.dispatchEvents()
            }
        }
        print("kms test: buffer ages \(ages.map(String.init).joined(separator: " "))")
        display.restore()
    }
}

/// Loggers for the hardware tests: printed (the VM test's log shows them) or dropped.
enum KMSTestLog {
    static let printing = GadgetLogging.logger("kms", sink: LogSink(threshold: .info, isJournal: false) { print($0, terminator: "") })
    static let silent = GadgetLogging.logger("kms", sink: LogSink(threshold: .critical, isJournal: false) { _ in })
}

/// The card the hardware tests may take over, from GADGETBOARD_KMS_CARD.
enum KMSTestCard {
    static var path: String? { getenv("GADGETBOARD_KMS_CARD").map { String(cString: $0) } }
}
