@testable import GadgetCore

/// A three-page kiosk (home → menu → details) with buttons, a shared header and an idle return,
/// as an integrator would write it; the core page tests drive it with made-up times.
enum PagedBoardFixture {
    static func button(_ id: String, _ x: Double, _ action: String) -> String {
        """
        {"id":"\(id)","color":"#3478f6","center":[\(x),600],"size":[200,100],"movable":false,"scalable":false,"rotatable":false,
         "doubleTapReset":false,"gestures":["tap"],"action":\(action)}
        """
    }

    static let json = """
    {"size":[1280,720],
     "gadgets":[{"id":"header","color":"#202020","center":[640,40],"size":[1280,80],"movable":false,"scalable":false,
                 "rotatable":false,"doubleTapReset":false,"gestures":[]}],
     "pages":[
       {"id":"home","gadgets":[\(button("toMenu", 200, #"{"page":"menu"}"#)),
                               {"id":"photo","color":"#ff9500","center":[640,300],"size":[200,200]}]},
       {"id":"menu","gadgets":[\(button("toDetails", 200, #"{"page":"details"}"#)),
                               \(button("coffee", 640, #"{"emit":"coffee"}"#))]},
       {"id":"details","gadgets":[\(button("reset", 200, #"{"reset":true}"#)),
                                  \(button("back", 1080, #"{"back":true}"#)),
                                  {"id":"detailPhoto","color":"#34c759","center":[640,300],"size":[200,200]}]}],
     "idle":{"homePage":"home","returnAfterSeconds":60}}
    """

    static func board() -> Board {
        switch BoardDecoder.decode(Array(json.utf8), file: "paged.json") {
        case .success(let b): return b
        case .failure(let p): fatalError("fixture: \(p)")
        }
    }
}

/// Touches for a `BoardSession`, with a manual clock (µs).
struct SessionDriver {
    var session: BoardSession
    var time: Microseconds = 0
    var gestures: [GestureEvent] = []
    var actions: [ActionEvent] = []
    private var nextID = 1

    init(board: Board) { session = BoardSession(board: board, startTime: 0) }

    private mutating func apply(_ touches: [Touch]) {
        gestures += session.apply(TouchFrame(time: time, touches: touches))
        actions += session.takeActionEvents()
    }

    mutating func advance(to t: Microseconds) {
        time = max(time, t)
        gestures += session.advance(to: time)
        actions += session.takeActionEvents()
    }

    /// A 50 ms tap at `p`.
    mutating func tap(_ p: Vector2) {
        let id = TouchID(device: 0, tracking: nextID); nextID += 1
        apply([Touch(id: id, phase: .began, location: p, time: time)])
        time += 50_000
        apply([Touch(id: id, phase: .ended, location: p, time: time)])
    }

    /// A one-finger drag from `from` by `by` in `steps` moves `stepTime` µs apart, then (if
    /// `hold`) 100 ms still before lifting (a release with no speed).
    mutating func drag(from: Vector2, by: Vector2, steps: Int = 10, stepTime: Microseconds = 10_000, hold: Bool = false) {
        let id = TouchID(device: 0, tracking: nextID); nextID += 1
        apply([Touch(id: id, phase: .began, location: from, time: time)])
        var p = from
        for k in 1...steps {
            time += stepTime
            p = from + by * (Double(k) / Double(steps))
            apply([Touch(id: id, phase: .moved, location: p, time: time)])
        }
        if hold {
            time += 100_000
            apply([Touch(id: id, phase: .stationary, location: p, time: time)])
        }
        time += stepTime
        apply([Touch(id: id, phase: .ended, location: p, time: time)])
    }

    func pose(_ id: String) -> GadgetPose {
        let i = session.board.gadgets.firstIndex { $0.id == id }!
        return session.renderPoses()[i]
    }

    func state(_ id: String) -> GadgetState { session.reportStates().first { $0.id == id }! }
}
