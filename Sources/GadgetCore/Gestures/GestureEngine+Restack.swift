extension GestureEngine {
    /// The board was put in a new order (`order[new]` = old index, as `World.restack`): every
    /// touch keeps its gadget, every recognizer and manipulation in progress goes on with it.
    /// Only what the engine keeps by gadget index moves: the board itself is the world's.
    mutating func restack(_ order: [Int]) {
        guard World.isPermutation(order, count: order.count) else { return }
        var inverse = Array(repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { inverse[old] = new }
        func moved(_ t: GestureTarget) -> GestureTarget {
            if case .gadget(let i) = t { return .gadget(GadgetIndex(inverse[i.rawValue])) }
            return t
        }
        owners = owners.mapValues(moved)
        var restacked: [GestureTarget: Session] = [:]
        for (target, var session) in sessions {
            if let i = session.manipulator?.index { session.manipulator?.index = GadgetIndex(inverse[i.rawValue]) }
            restacked[moved(target)] = session
        }
        sessions = restacked
        var overs: [GadgetIndex: HandOver] = [:]
        for (i, var h) in handOvers {
            h.gadget = GadgetIndex(inverse[i.rawValue])
            overs[h.gadget] = h
        }
        handOvers = overs
    }
}
