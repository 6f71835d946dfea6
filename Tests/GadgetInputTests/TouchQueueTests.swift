import Testing
import Glibc
import Synchronization
import GadgetCore
import SystemPackage
@testable import GadgetInput

/// Runs a closure on its own pthread; `join()` waits for it.
final class TestThread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        let me = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, { arg in
            guard let arg else { return nil }
            let t = Unmanaged<TestThread>.fromOpaque(arg).takeRetainedValue()
            t.body()
            return nil
        }, me)
        precondition(rc == 0, "pthread_create: \(rc)")
    }

    func join() { pthread_join(thread, nil) }
}

/// True if `fd` is readable right now.
func readable(_ fd: FileDescriptor, timeoutMs: Int32 = 0) -> Bool {
    var p = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
    return poll(&p, 1, timeoutMs) == 1
}

@Suite struct TouchQueueTests {
    let a = TouchID(device: 1, tracking: 1), b = TouchID(device: 1, tracking: 2)
    func frame(_ time: Microseconds, _ touches: (TouchID, TouchPhase, Double)...) -> InputMessage {
        .frame(TouchFrame(time: time, touches: touches.map { Touch(id: $0.0, phase: $0.1, location: Vector2($0.2, 0), time: time) }))
    }

    @Test func wakesTheConsumerOnlyWhileMessagesWait() throws {
        let q = try TouchQueue(capacity: 8)
        #expect(!readable(q.wakeDescriptor))
        q.push(frame(1, (a, .began, 0)))
        q.push(frame(2, (a, .moved, 1)))
        #expect(readable(q.wakeDescriptor))
        var out: [InputMessage] = []
        q.drain(into: &out)
        #expect(out == [frame(1, (a, .began, 0)), frame(2, (a, .moved, 1))])
        #expect(!readable(q.wakeDescriptor))
        q.drain(into: &out)
        #expect(out.isEmpty)
    }

    @Test func aFullQueueMergesMovesAndKeepsBeginningsAndEnds() throws {
        let q = try TouchQueue(capacity: 4)
        q.push(frame(1, (a, .began, 0)))
        for t in 2...10 { q.push(frame(Microseconds(t), (a, .moved, Double(t)))) }
        q.push(.cursor(device: 9, at: Vector2(1, 1)))
        q.push(.cursor(device: 9, at: Vector2(2, 2)))
        q.push(frame(11, (a, .ended, 11)))
        var out: [InputMessage] = []
        q.drain(into: &out)
        #expect(out.count <= 4)
        #expect(out.first == frame(1, (a, .began, 0)) || out.first.map { if case .frame(let f) = $0 { return f.touches.first?.phase == .began } else { return false } } == true)
        #expect(out.last == frame(11, (a, .ended, 11)))
        #expect(out.contains(.cursor(device: 9, at: Vector2(2, 2))) && !out.contains(.cursor(device: 9, at: Vector2(1, 1))))
        let s = q.statistics
        #expect(s.pushed == 13 && s.overflows == 9 && s.coalesced == 9 && s.lostContacts == 0 && s.maxDepth == 4)
    }

    @Test func lifecycleMessagesUseTheReserveThenMergeWithoutVanishing() throws {
        let q = try TouchQueue(capacity: 2)
        // Taps (began, ended) of distinct contacts: nothing moves-only to merge. Six taps are 12
        // frames; merged as far as possible without a tap vanishing they are 7 (began 0,
        // 5 × (ended i + began i+1), ended 5), within the hard limit of 8.
        for i in 0..<6 {
            let id = TouchID(device: 1, tracking: i)
            q.push(frame(Microseconds(2 * i), (id, .began, 0)))
            q.push(frame(Microseconds(2 * i + 1), (id, .ended, 0)))
        }
        var s = q.statistics
        #expect(s.reserveUsed == 6 && s.maxDepth == 8 && s.lostContacts == 0)
        // Past the hard limit a (began A) + (ended A) pair cannot merge without A vanishing, but
        // an (ended A) + (began B) pair can: every tap still begins and ends.
        var out: [InputMessage] = []
        q.drain(into: &out)
        var phases: [Int: [TouchPhase]] = [:]
        for case .frame(let f) in out { for t in f.touches { phases[t.id.tracking, default: []].append(t.phase) } }
        #expect(phases.count == 6 && phases.values.allSatisfy { $0 == [.began, .ended] })
        #expect(q.statistics.lostContacts == 0)
        s = q.statistics
        #expect(s.maxDepth <= q.hardLimit)
    }

    @Test func pastTheHardLimitAContactMayVanishWholeButNeverHalf() throws {
        let q = try TouchQueue(capacity: 2)
        // One contact per pair of frames with the same id: (began A)(ended A)(began B)… merging
        // any adjacent pair would lose something; the queue drops whole contacts.
        for i in 0..<20 {
            let id = TouchID(device: 1, tracking: i)
            q.push(frame(Microseconds(3 * i), (id, .began, 0), (TouchID(device: 1, tracking: 100 + i), .began, 0)))
            q.push(frame(Microseconds(3 * i + 1), (id, .ended, 0), (TouchID(device: 1, tracking: 100 + i), .ended, 0)))
        }
        var out: [InputMessage] = []
        q.drain(into: &out)
        var phases: [Int: [TouchPhase]] = [:]
        for case .frame(let f) in out { for t in f.touches { phases[t.id.tracking, default: []].append(t.phase) } }
        #expect(phases.values.allSatisfy { $0 == [.began, .ended] })
        #expect(q.statistics.maxDepth <= q.hardLimit)
        #expect(q.statistics.lostContacts == 40 - phases.count)
    }

    /// Seeded contacts for a 1 kHz producer: up to three fingers at once, each down 5–200 ms.
    struct ContactScript {
        var rng: SplitMix64
        var active: [(id: Int, left: Int, x: Double)] = []
        var next = 1
        var ids: [Int] = []

        /// The frame for millisecond `step` (nil when nothing is down or changes).
        mutating func frame(at step: Int) -> InputMessage? {
            let now = Microseconds(step) * 1000
            var touches: [Touch] = []
            // Lift contacts whose time is up; land new ones (up to 3 at once).
            for i in active.indices.reversed() where active[i].left == 0 {
                touches.append(Touch(id: TouchID(device: 1, tracking: active[i].id), phase: .ended, location: Vector2(active[i].x, 0), time: now))
                active.remove(at: i)
            }
            for i in active.indices {
                active[i].left -= 1
                active[i].x += 1
                touches.append(Touch(id: TouchID(device: 1, tracking: active[i].id), phase: .moved, location: Vector2(active[i].x, 0), time: now))
            }
            if active.count < 3 && Int.random(in: 0..<40, using: &rng) == 0 {
                active.append((next, Int.random(in: 5...200, using: &rng), 0))
                ids.append(next)
                touches.append(Touch(id: TouchID(device: 1, tracking: next), phase: .began, location: .zero, time: now))
                next += 1
            }
            return touches.isEmpty ? nil : .frame(TouchFrame(time: now, touches: touches))
        }

        /// Lifts every contact still down, so each has an end.
        mutating func liftAll(at step: Int) -> InputMessage? {
            let now = Microseconds(step) * 1000
            let lifts = active.map { Touch(id: TouchID(device: 1, tracking: $0.id), phase: .ended, location: Vector2($0.x, 0), time: now) }
            active.removeAll()
            return lifts.isEmpty ? nil : .frame(TouchFrame(time: now, touches: lifts))
        }
    }

    /// Per contact, its phases in delivery order; checks frame times never go back.
    static func phasesByContact(_ received: [InputMessage]) -> [Int: [TouchPhase]] {
        var phases: [Int: [TouchPhase]] = [:]
        var lastTime = Microseconds.min
        for case .frame(let f) in received {
            #expect(f.time >= lastTime)
            lastTime = f.time
            for t in f.touches { phases[t.id.tracking, default: []].append(t.phase) }
        }
        return phases
    }

    static func expectWhole(_ phases: [Int: [TouchPhase]]) {
        for (id, list) in phases {
            #expect(list.first == .began && list.last == .ended, "contact \(id): \(list.first.map { "\($0)" } ?? "-")…\(list.last.map { "\($0)" } ?? "-")")
            #expect(list.filter { $0 == .began }.count == 1 && list.filter { $0.isTerminal }.count == 1, "contact \(id)")
        }
    }

    /// A 1 kHz producer and a slow consumer that drains every 20–150 ms and once stalls for
    /// 600 ms, on a simulated clock (seeded, so the same interleaving every run on any machine):
    /// the queue overflows and merges, yet every contact arrives with exactly one beginning and
    /// one end, in order. Producer and consumer share this thread, so a push that waited for the
    /// consumer would deadlock the test: pushes never wait.
    @Test func oneKilohertzProducerSlowConsumerLosesNoBeganOrEnded() throws {
        let q = try TouchQueue(capacity: 64)
        var script = ContactScript(rng: SplitMix64(seed: 0x70_0c4))
        var consumer = SplitMix64(seed: 0xd4a1)
        var received: [InputMessage] = []
        var batch: [InputMessage] = []
        var nextDrain = 0, drains = 0
        for step in 0...2000 {
            let message = step < 2000 ? script.frame(at: step) : script.liftAll(at: step)
            if let message { q.push(message) }
            if step >= nextDrain || step == 2000 {
                q.drain(into: &batch)
                received.append(contentsOf: batch)
                drains += 1
                nextDrain = step + Int.random(in: 20...150, using: &consumer) + (drains == 3 ? 600 : 0)
            }
        }
        q.drain(into: &batch)
        received.append(contentsOf: batch)

        let phases = Self.phasesByContact(received)
        #expect(script.ids.count > 10)
        #expect(Set(phases.keys) == Set(script.ids))
        Self.expectWhole(phases)
        let s = q.statistics
        // The run really overflowed and merged, and never dropped a contact.
        #expect(s.overflows > 0 && s.coalesced > 0 && s.lostContacts == 0, "\(s)")
        #expect(s.maxDepth <= q.hardLimit)
    }

    /// The same traffic from a real producer thread against a consumer on this one, with no
    /// sleeps: whatever the interleaving (a busy machine may deschedule either side for long),
    /// every contact that arrives arrives whole, and a contact that does not is counted lost.
    @Test func producerThreadAndConsumerAgreeUnderAnyInterleaving() throws {
        let q = try TouchQueue(capacity: 64)
        let ids = Mutex<[Int]>([])
        let done = Atomic<Bool>(false)
        let producer = TestThread {
            var script = ContactScript(rng: SplitMix64(seed: 0x70_0c4))
            for step in 0..<2000 { if let m = script.frame(at: step) { q.push(m) } }
            if let m = script.liftAll(at: 2000) { q.push(m) }
            ids.withLock { $0 = script.ids }
            done.store(true, ordering: .releasing)
        }
        var received: [InputMessage] = []
        var batch: [InputMessage] = []
        while true {
            let finished = done.load(ordering: .acquiring)
            _ = readable(q.wakeDescriptor, timeoutMs: 10)
            q.drain(into: &batch)
            received.append(contentsOf: batch)
            if finished && batch.isEmpty { break }
        }
        producer.join()
        let produced = ids.withLock { $0 }
        let phases = Self.phasesByContact(received)
        Self.expectWhole(phases)
        #expect(Set(phases.keys).isSubset(of: Set(produced)))
        #expect(q.statistics.lostContacts == produced.count - phases.count, "\(q.statistics)")
    }
}
