import GadgetCore

/// Live data in the loop (docs/live-data.md): the feature is on the live board from start-up
/// and follows every board the board's own loads bring (`LiveDataFeature.boardReplaced`), so a
/// board without sources costs nothing but an empty check per iteration.
extension KioskLoop {
    func startLiveData(now: Microseconds) {
        let feature = LiveDataFeature(board: live, now: now)
        liveData = feature
        live.add(feature)
        feature.update(now: now, board: live)
        feature.connect(control.endpoints.compactMap { $0 as? MQTTEndpoint })
    }

    /// Once per iteration, before the live board's features run: MQTT source payloads to the
    /// live data (the endpoint's descriptor woke the loop).
    func takeSourceMessages(now: Microseconds) {
        guard let liveData else { return }
        for case let m as MQTTEndpoint in control.endpoints {
            for (topic, messages) in m.takeData() { liveData.receive(topic: topic, messages: messages, at: now) }
        }
    }

    /// After the features ran: source events to subscribers (socket and MQTT, as other events),
    /// the sources' figures into the metrics.
    func followLiveData() {
        guard let liveData else { service.metrics.sources = nil; return }
        service.metrics.sources = liveData.book
        for e in liveData.takeEvents() {
            var o: [(String, JSONValue)] = [("type", .string("source")), ("source", .string(e.source)), ("event", .string(e.kind.rawValue))]
            if let f = e.failure {
                o.append(("message", .string(f.message)))
                if let status = f.httpStatus { o.append(("httpStatus", .number(Double(status)))) }
            }
            control.publish(.object(o))
        }
    }

    func sourcesReport(now: Microseconds) -> JSONValue? { liveData?.book?.report(now: now) }
}
