import GadgetCore
import GadgetSystem

/// Fleet reporting in the loop (docs/mqtt.md): health every `--mqtt-health` seconds, gesture
/// events to the endpoints, the Pi's sensors into the metrics. Nothing here waits on a peer:
/// the endpoints queue and return.
extension KioskLoop {
    /// Adds an endpoint before `run()`; the loop closes it when it is destroyed. The first
    /// health is made at once (the endpoint publishes it when its connection is up).
    public func attach(_ endpoint: any ControlEndpoint) {
        fleet.endpoints.append(endpoint)
        if fleet.nextHealth == nil, endpoint.healthInterval != nil { fleet.nextHealth = MonotonicClock.now() }
    }

    /// Once per iteration, after `service.tick`: health when due, sensors for the metrics.
    func fleetTick(now: Microseconds) {
        takeFleetRequests()
        if service.metricsFile != nil {
            if now >= fleet.nextSensorRead { refreshSensors(now: now) }
            for case let m as MQTTEndpoint in fleet.endpoints { service.metrics.mqtt = m.statistics }
        }
        guard let due = fleet.nextHealth, now >= due, let interval = fleet.healthInterval else { return }
        if now >= fleet.nextSensorRead { refreshSensors(now: now) }
        let h = health(now: now)
        for e in fleet.endpoints where e.healthInterval != nil { e.publish(health: h) }
        fleet.nextHealth = now + interval
    }

    private func refreshSensors(now: Microseconds) {
        fleet.sensors.refresh()
        service.metrics.socTemperatureCelsius = fleet.sensors.temperatureCelsius
        service.metrics.throttled = fleet.sensors.throttled
        fleet.nextSensorRead = now + FleetReporting.sensorInterval
    }

    /// The kiosk's health now, from the loop's own figures.
    func health(now: Microseconds) -> KioskHealth {
        let frames = UInt64(stats.framesPresented)
        let fps = fleet.lastHealthTime.map { KioskHealth.rate(frames: frames, since: fleet.lastHealthFrames, over: now - $0) } ?? 0
        fleet.lastHealthTime = now
        fleet.lastHealthFrames = frames
        let m = service.metrics
        func p99(_ count: UInt64, _ value: @autoclosure () -> UInt64) -> Double? { count == 0 ? nil : Double(value()) / 1000 }
        return KioskHealth(node: "", framesPerSecond: fps, framesPresented: frames, missedVblanks: UInt64(stats.missedVblanks),
                           frameTimeP99Milliseconds: p99(stats.frameTimes.totalCount, stats.frameTimes.valueAtPercentile(99)),
                           inputToFlipP99Milliseconds: p99(stats.latencies.totalCount, stats.latencies.valueAtPercentile(99)),
                           uptimeSeconds: Double(now - m.startTime) / 1_000_000,
                           reloadsSucceeded: m.reloadsSucceeded, reloadsFailed: m.reloadsFailed,
                           displayConnected: displayConnected, blanked: m.blanked, board: m.boardName,
                           socTemperatureCelsius: fleet.sensors.temperatureCelsius, throttled: fleet.sensors.throttled)
    }

    /// The endpoints' wake-ups, for the loop's poll (the next health is among its deadlines).
    func fleetDescriptors(_ poll: inout PollSet) {
        for e in fleet.endpoints { poll.add(e.wakeDescriptor) }
    }

    /// A gesture event for every endpoint (MQTT: the event topic).
    func fleetPublish(_ event: GestureEvent) {
        guard !fleet.endpoints.isEmpty else { return }
        let line = JSONWriter.write(event.json)
        for e in fleet.endpoints { e.publish(event: line) }
    }

    /// Requests from the fleet endpoints. Until the control executor (issue 14) is merged, each
    /// is answered with an error, so a peer is never left without a reply.
    func takeFleetRequests() {
        for (i, e) in fleet.endpoints.enumerated() {
            e.takeRequests(into: &fleet.inbox)
            for r in fleet.inbox { fleet.endpoints[i].send(reply: #"{"ok":false,"error":"control requests are not available in this build"}"#, to: r.client) }
            fleet.inbox.removeAll(keepingCapacity: true)
        }
    }

    func closeFleet() {
        for e in fleet.endpoints { e.close() }
        fleet.endpoints.removeAll()
    }
}
