import Testing
import GadgetCore
import GadgetInput

/// SYNTHETIC DATA: no public recording contains a SYN_DROPPED (README §3), so these tests inject
/// one into real recordings. A kernel buffer overflow loses the frames in a gap; the client sees
/// part of a frame, SYN_DROPPED, the tail of a later frame up to its SYN_REPORT, and then asks
/// the device for its real state (libevdev's sync; EVIOCGMTSLOTS). The real state here is a
/// mirror that applied the whole original stream.
@Suite struct SyncDroppedTests {
    /// The events of each SYN_REPORT frame.
    static func frames(_ events: [InputEvent]) -> [[InputEvent]] {
        var out: [[InputEvent]] = [], cur: [InputEvent] = []
        for e in events {
            cur.append(e)
            if e.type == EV.syn && e.code == EV.synReport { out.append(cur); cur = [] }
        }
        return out
    }

    /// The contacts down, by slot, as the frames told them.
    struct ContactSet: Equatable {
        var bySlot: [Int: DevicePoint] = [:]
        /// Which contact is in each slot: compared only within one run (numbers differ between runs).
        var ids: [Int: TouchID] = [:]
        mutating func apply(_ f: DeviceFrame?) {
            for c in f?.contacts ?? [] {
                bySlot[c.slot] = c.phase.isTerminal ? nil : c.position
                ids[c.slot] = c.phase.isTerminal ? nil : c.id
            }
        }
        /// Positions only: two runs number their contacts differently.
        static func == (l: ContactSet, r: ContactSet) -> Bool { l.bySlot == r.bySlot }
        /// The slots whose contact is still the one `before` had there.
        func continued(from before: ContactSet) -> Set<Int> { Set(ids.keys.filter { ids[$0] == before.ids[$0] }) }
    }

    /// What a frame says, without the ids (a contact replaced in a gap gets a new number).
    static func shape(_ f: DeviceFrame?) -> [String] {
        (f?.contacts ?? []).map { "\($0.slot):\($0.phase):\($0.position)" }
    }

    struct Outcome {
        var afterResync: ContactSet
        var truthAtGapEnd: ContactSet
        var laterShapes: [[String]]
        var truthLaterShapes: [[String]]
        var final: ContactSet
        var truthFinal: ContactSet
        var resyncFrame: DeviceFrame?
        var activeBeforeGap: ContactSet
    }

    /// The state before a frame: the client and the truth agree up to the gap, so runs start here.
    struct Checkpoint {
        var assembler: TouchAssembler
        var truthState: EvdevState
        var contacts: ContactSet
    }

    /// Checkpoints before each frame in `wanted`, from one pass over the stream.
    static func checkpoints(_ device: InputDeviceDescription, _ frames: [[InputEvent]], at wanted: Set<Int>) throws -> [Int: Checkpoint] {
        var a = try TouchAssembler(device: 0, description: device)
        var state = a.state
        var set = ContactSet()
        var out: [Int: Checkpoint] = [:]
        for (k, frame) in frames.enumerated() {
            if wanted.contains(k) { out[k] = Checkpoint(assembler: a, truthState: state, contacts: set) }
            var produced: DeviceFrame?
            for e in frame {
                state.apply(e)
                if case .frame(let f) = a.handle(e) { produced = f }
            }
            set.apply(produced)
        }
        return out
    }

    /// From `start` (before frame `gap.lowerBound`), drops frames `gap` (lower bound: the frame
    /// cut in half; upper bound: the frame whose tail and SYN_REPORT arrive), injecting
    /// SYN_DROPPED; resyncs to the true state unless `naive`. Stops `horizon` frames after the
    /// gap (once 40 frames agree the states are equal, so the rest cannot differ).
    static func run(from start: Checkpoint, _ frames: [[InputEvent]], gap: ClosedRange<Int>, naive: Bool = false, horizon: Int = 40) -> Outcome {
        var truthAssembler = start.assembler
        var truthState = start.truthState
        var truth = start.contacts
        var a = start.assembler
        var got = start.contacts
        var outcome = Outcome(afterResync: .init(), truthAtGapEnd: .init(), laterShapes: [], truthLaterShapes: [], final: .init(), truthFinal: .init(),
                              activeBeforeGap: start.contacts)

        for k in gap.lowerBound..<min(frames.count, gap.upperBound + horizon + 1) {
            let frame = frames[k]
            // The truth sees every frame.
            var truthFrame: DeviceFrame?
            for e in frame {
                truthState.apply(e)
                if case .frame(let f) = truthAssembler.handle(e) { truthFrame = f }
            }
            truth.apply(truthFrame)
            // The client sees a broken stream.
            var feed: [InputEvent]
            if k > gap.upperBound {
                feed = frame
            } else if k == gap.lowerBound {
                let body = frame.dropLast()
                feed = Array(body.prefix(body.count / 2)) + [InputEvent(time: frame[frame.count - 1].time, type: EV.syn, code: EV.synDropped, value: 0)]
            } else if k == gap.upperBound {
                feed = Array(frame.suffix(max(1, frame.count / 2)))
            } else {
                feed = []  // lost in the kernel
            }
            var produced: DeviceFrame?
            for e in feed {
                switch a.handle(e) {
                case .none: break
                case .frame(let f): produced = f
                case .resyncNeeded:
                    #expect(k == gap.upperBound)
                    if !naive {
                        produced = a.resync(to: truthState, time: e.time)
                        outcome.resyncFrame = produced
                    }
                }
            }
            got.apply(produced)
            if k == gap.upperBound { outcome.afterResync = got; outcome.truthAtGapEnd = truth }
            if k > gap.upperBound { outcome.laterShapes.append(shape(produced)); outcome.truthLaterShapes.append(shape(truthFrame)) }
        }
        outcome.final = got
        outcome.truthFinal = truth
        return outcome
    }

    @Test(arguments: [8, 9])
    func aGapAnywhereResyncsToTheRealState(file: Int) throws {
        let r = try RecordingFixtures.load(file)
        let device = try #require(r.device)
        let frames = Self.frames(r.events)
        var gapsOverALift = 0, gapsOverALanding = 0, gapsOverAReplacement = 0, naiveWrong = 0
        let starts = Array(stride(from: 1, to: frames.count - 25, by: file == 9 ? 11 : 3))
        let checkpoints = try Self.checkpoints(device, frames, at: Set(starts))
        for start in starts {
            let checkpoint = try #require(checkpoints[start])
            for length in [1, 3, 20] {
                let gap = start...(start + length)
                let o = Self.run(from: checkpoint, frames, gap: gap)
                #expect(o.afterResync == o.truthAtGapEnd, "gap \(gap): contacts after the resync differ from the device's")
                // The same fingers continue; a finger replaced in the gap (same slot, new
                // tracking id) is a new contact, as in the truth.
                #expect(o.afterResync.continued(from: o.activeBeforeGap) == o.truthAtGapEnd.continued(from: o.activeBeforeGap), "gap \(gap)")
                #expect(o.laterShapes == o.truthLaterShapes, "gap \(gap): frames after the resync differ")
                #expect(o.final == o.truthFinal, "gap \(gap)")
                // A contact down before the gap and gone after it was reported ended.
                let lifted = o.activeBeforeGap.bySlot.keys.filter { o.truthAtGapEnd.bySlot[$0] == nil }
                if !lifted.isEmpty {
                    gapsOverALift += 1
                    let ended = Set((o.resyncFrame?.contacts ?? []).filter { $0.phase == .ended }.map(\.slot))
                    #expect(Set(lifted).isSubset(of: ended), "gap \(gap): a finger lifted in the gap did not end")
                }
                if o.truthAtGapEnd.bySlot.keys.contains(where: { o.activeBeforeGap.bySlot[$0] == nil }) { gapsOverALanding += 1 }
                if o.truthAtGapEnd.ids.keys.contains(where: { o.activeBeforeGap.ids[$0] != nil && o.truthAtGapEnd.ids[$0] != o.activeBeforeGap.ids[$0] }) { gapsOverAReplacement += 1 }
                // Without the resync the same gap leaves the client wrong: the test can fail.
                if Self.run(from: checkpoint, frames, gap: gap, naive: true, horizon: 0).afterResync != o.truthAtGapEnd { naiveWrong += 1 }
            }
        }
        // The sampled gaps really cover lifts and landings, and skipping the resync is caught.
        #expect(gapsOverALift > 3 && gapsOverALanding > 3 && naiveWrong > 3, "lifts \(gapsOverALift), landings \(gapsOverALanding), naive wrong \(naiveWrong)")
        if file == 9 { #expect(gapsOverAReplacement > 3, "replacements \(gapsOverAReplacement)") }  // file 9 reuses slots
    }

    @Test func replayOfARecordingWithADropStillLiftsEveryFinger() throws {
        // File 3 with SYN_DROPPED in the frame where slot 0 lifts (0.513 s): the partial frame
        // and the events up to the SYN_REPORT are discarded, the resync (from what the file
        // implies) still ends slot 0 there, and slot 1 lifts at 0.528 s as recorded.
        var r = try RecordingFixtures.load(3)
        let lift = try #require(r.events.firstIndex { $0.type == EV.abs && $0.code == EV.absMTTrackingID && $0.value == -1 })
        r.events.insert(InputEvent(time: r.events[lift].time, type: EV.syn, code: EV.synDropped, value: 0), at: lift - 1)
        let result = try RecordingPlayer.play(r, board: Size2(1279, 767))
        let (lives, problems) = Replay.lives(result.frames)
        #expect(problems.isEmpty)
        #expect(lives.map(\.end) == [513_463, 527_809])
        #expect(lives.map(\.endPhase) == [.ended, .ended])
        #expect(result.stats.syncDrops == 1 && result.stats.resyncs == 1 && result.stats.droppedEvents > 0)
    }
}
