import Testing
@testable import GadgetApp
import GadgetAudio
import GadgetCore
import GadgetDisplay
import GadgetSystem
import SystemPackage

/// A kiosk with `--audio none --audio-out FILE.wav`: a tap on a button plays the board's tap
/// sound into the recorded mix, `volume 0.5` plays it 6.02 dB lower, and `state` reports the
/// audio. The recording is paced by the clock, so only what was mixed is asserted (levels,
/// order), never where in time it fell.
@Suite(.serialized) struct TapSoundKioskTests {
    static let board = ##"{"size":[320,240],"sounds":{"click":"click.wav"},"tapSound":"click","volume":1,"gadgets":["## +
        ##"{"id":"order","center":[80,120],"size":[100,100],"color":"#34c759","movable":false,"scalable":false,"rotatable":false,"## +
        ##""doubleTapReset":false,"gestures":["tap"],"action":{"emit":"order"}},"## +
        ##"{"id":"photo","center":[240,120],"size":[60,60],"color":"#ff8800"}]}"##

    static func kiosk(_ w: VideoSnapshotTests.Workshop, wav: String) throws -> KioskLoop {
        var o = RunOptions()
        o.handleSignals = false
        o.display = .headless
        o.watchBoard = false
        o.boardPath = w.directory + "/board.json"
        o.audio = AudioOptions(device: .none, recordTo: FilePath(wav))
        let loaded = try BoardLoader.load(path: w.directory + "/board.json").get()
        let service = try KioskService(environment: [:], metricsPath: nil, handleSignals: false, now: 0)
        return try KioskLoop(options: o, loaded: loaded, service: service, hotplug: nil, display: try HeadlessDisplay(size: PixelSize(320, 240), buffers: 2))
    }

    /// A 50 ms tap at `p` whose lift is now (the loop's clock); returns the lift's time.
    @discardableResult
    static func tap(_ loop: KioskLoop, at p: Vector2, id: Int) -> Microseconds {
        let t = MonotonicClock.now()
        loop.live.deliver(TouchFrame(time: t - 50_000, touches: [Touch(id: TouchID(device: 0, tracking: id), phase: .began, location: p, time: t - 50_000)]))
        loop.live.deliver(TouchFrame(time: t, touches: [Touch(id: TouchID(device: 0, tracking: id), phase: .ended, location: p, time: t)]))
        loop.live.tick(now: t)
        return t
    }

    /// Waits (a safety bound of 5 s, never reached when the engine plays) until `name` ended.
    static func awaitEnded(_ engine: AudioEngine, _ name: String, seen: inout [AudioEvent]) {
        for _ in 0..<500 {
            seen += engine.drainEvents()
            if seen.contains(.ended(name)) { return }
            var poll = PollSet()
            _ = try? poll.wait(timeoutMilliseconds: 10)
        }
    }

    /// The float samples of a WAV file (the `data` chunk).
    static func samples(_ bytes: [UInt8]) -> [Float] {
        var i = 12
        while i + 8 <= bytes.count {
            let id = String(decoding: bytes[i..<i + 4], as: UTF8.self)
            let s0 = Int(bytes[i + 4]), s1 = Int(bytes[i + 5]) << 8
            let s2 = Int(bytes[i + 6]) << 16, s3 = Int(bytes[i + 7]) << 24
            let size = s0 | s1 | s2 | s3
            if id == "data" {
                let end = min(bytes.count, i + 8 + size)
                var out: [Float] = []
                var k = i + 8
                while k + 4 <= end {
                    let b0 = UInt32(bytes[k]), b1 = UInt32(bytes[k + 1]) << 8
                    let b2 = UInt32(bytes[k + 2]) << 16, b3 = UInt32(bytes[k + 3]) << 24
                    out.append(Float(bitPattern: b0 | b1 | b2 | b3))
                    k += 4
                }
                return out
            }
            i += 8 + size + (size & 1)
        }
        return []
    }

    /// Runs of non-silent samples (gaps of at least 50 ms between them) and each one's peak.
    static func bursts(_ s: [Float]) -> [(start: Int, peak: Float)] {
        var out: [(Int, Float)] = []
        var lastLoud = -1_000_000
        for (i, v) in s.enumerated() where abs(v) > 1e-4 {
            if i - lastLoud > 4800 { out.append((i, 0)) }
            out[out.count - 1].1 = max(out[out.count - 1].1, abs(v))
            lastLoud = i
        }
        return out
    }

    @Test func aTapOnAButtonClicksAndVolumeHalvesIt() throws {
        let w = VideoSnapshotTests.Workshop()
        try w.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=1000:duration=0.1", w.directory + "/click.wav"])
        try FileIO.replace(w.directory + "/board.json", with: Self.board)
        let wav = w.directory + "/out.wav"
        // The recording starts while the loop is made (its audio engine starts there): between
        // these two instants. A figure for the log, not an assertion (real time).
        let before = MonotonicClock.now()
        let loop = try Self.kiosk(w, wav: wav)
        let after = MonotonicClock.now()
        let engine = try #require(loop.audio.engine)
        var seen: [AudioEvent] = []
        // A tap on the photo (not a button): no click.
        Self.tap(loop, at: Vector2(240, 120), id: 1)
        // A tap on the button: the click at full volume.
        let lift = Self.tap(loop, at: Vector2(80, 120), id: 2)
        Self.awaitEnded(engine, "click", seen: &seen)
        #expect(seen.first == .started("click"))
        // `volume 0.5` over the control protocol, then the click again by name.
        let state = loop.controlSetVolume(0.5)
        #expect(JSONWriter.write(state) == #"{"device":"none","deviceUp":false,"volume":0.5,"playing":[]}"#)
        seen = []
        // Apart in the recording (it runs in real time), so the two clicks are told apart.
        var pause = PollSet()
        _ = try? pause.wait(timeoutMilliseconds: 200)
        guard case .success = loop.controlPlay("click", now: MonotonicClock.now()) else { Issue.record("play refused"); return }
        Self.awaitEnded(engine, "click", seen: &seen)
        guard case .failure(let unknown) = loop.controlPlay("bell", now: MonotonicClock.now()) else { Issue.record("an unknown sound played"); return }
        #expect(unknown.description == #"sound: unknown sound "bell" (sounds: click)"#)
        loop.destroy()

        let mix = Self.samples(try FileIO.read(wav))
        let b = Self.bursts(mix)
        #expect(b.count == 2, "two clicks, not \(b.count)")
        guard b.count == 2 else { return }
        // Tap → first non-zero sample of the click in the mix, from the lift's time.
        let heard = Double(b[0].start / 2) / 48_000
        let early = heard - Double(lift - before) / 1e6, late = heard - Double(lift - after) / 1e6
        print("figure: tap lift -> first non-zero mixed sample: \((early * 1000).rounded()) to \((late * 1000).rounded()) ms (recording began within \(Double(after - before) / 1000) ms of making the loop; --audio none, paced by the clock)")
        // ffmpeg's sine is 1/8 full scale; the board's volume is 1.
        #expect(abs(b[0].peak - 0.125) < 0.005, "first click's peak \(b[0].peak)")
        let db = 20 * Math.log(Double(b[1].peak / b[0].peak)) / Math.log(10)
        #expect(abs(db - (-6.02)) < 0.1, "volume 0.5: \(db) dB")
    }
}
