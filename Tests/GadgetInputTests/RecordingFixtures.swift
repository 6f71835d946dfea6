import GadgetCore
import GadgetInput

/// The real recordings (../shared/touch-recordings, also copied with their licences into
/// Fixtures/recordings so the tests do not depend on the shared folder being beside the repo).
enum RecordingFixtures {
    /// Tests/GadgetInputTests/Fixtures/recordings, found from this file's path.
    static let directory: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/Fixtures/recordings"
    }()

    /// ../shared/touch-recordings relative to the repository root (three levels up from here).
    static let shared: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/../shared/touch-recordings"
    }()

    static let files = [
        "edt-ep0430m09_1finger-drag-up-down.evemu",
        "edt-ep0430m09_2finger-scroll-down.evemu",
        "edt-ep0430m09_2finger-touch-release.evemu",
        "atmel-maxtouch-800x480_1finger-9-fast-taps.evemu",
        "wacom-isdv4-e6-finger_device.evemu",
        "wacom-isdv4-e6-finger_single-tap.events.evemu",
        "wacom-isdv4-e6-finger_double-tap.events.evemu",
        "dell-canvas-cooltouch_multifinger-and-fast-swipe.evemu",
        "3m-microtouch-22in_session-with-rotation.evemu",
    ]

    /// File `n` of the README's table (1-based), read from the fixtures.
    static func load(_ n: Int) throws -> EvemuRecording {
        var r = try RecordingFile.load(directory + "/" + files[n - 1])
        // Files 6 and 7 are events only; their device is file 5.
        if n == 6 || n == 7, let device = try RecordingFile.load(directory + "/" + files[4]).device { r = r.with(device: device) }
        return r
    }
}

/// One contact's life in a replay.
struct ContactLife: Equatable {
    var id: TouchID
    var began: Microseconds
    var end: Microseconds
    var endPhase: TouchPhase
    var first: Vector2
    var last: Vector2
    var moves: Int
    /// Every location the contact had, in order.
    var path: [Vector2]
    var downTime: Microseconds { end - began }
}

enum Replay {
    /// The lives of all contacts, in order of their beginning; records a test issue for any
    /// phase out of order (a phase after the end, a move before the beginning).
    static func lives(_ frames: [TouchFrame]) -> (lives: [ContactLife], problems: [String]) {
        var open: [TouchID: ContactLife] = [:]
        var done: [ContactLife] = []
        var problems: [String] = []
        var lastTime = Microseconds.min
        for f in frames {
            if f.time < lastTime { problems.append("frame at \(f.time) before \(lastTime)") }
            lastTime = f.time
            for t in f.touches {
                switch t.phase {
                case .began:
                    if open[t.id] != nil || done.contains(where: { $0.id == t.id }) { problems.append("\(t.id) began twice") }
                    open[t.id] = ContactLife(id: t.id, began: f.time, end: f.time, endPhase: .began, first: t.location, last: t.location, moves: 0, path: [t.location])
                case .moved, .stationary:
                    guard open[t.id] != nil else { problems.append("\(t.id) \(t.phase) while not down"); continue }
                    open[t.id]?.last = t.location
                    open[t.id]?.path.append(t.location)
                    if t.phase == .moved { open[t.id]?.moves += 1 }
                case .ended, .cancelled:
                    guard var life = open.removeValue(forKey: t.id) else { problems.append("\(t.id) \(t.phase) while not down"); continue }
                    life.end = f.time; life.endPhase = t.phase; life.last = t.location
                    life.path.append(t.location)
                    done.append(life)
                }
            }
        }
        if !open.isEmpty { problems.append("still down at the end: \(open.keys.sorted())") }
        return (done.sorted { ($0.began, $0.id) < ($1.began, $1.id) }, problems)
    }

    /// The most contacts down at once.
    static func maxDown(_ frames: [TouchFrame]) -> Int {
        frames.map { $0.touches.filter { !$0.phase.isTerminal }.count }.max() ?? 0
    }
}
