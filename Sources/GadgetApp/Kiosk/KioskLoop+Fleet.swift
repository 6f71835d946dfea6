import GadgetCore
import GadgetSystem

/// Fleet reporting in the loop (docs/mqtt.md): health every `--mqtt-health` seconds to the
/// control endpoints that want it, the Pi's sensors and the MQTT counters into the metrics.
/// Requests and events travel through the control executor (KioskLoop+Control). Nothing here
/// waits on a peer: the endpoints queue and return.
extension KioskLoop {
    /// Once per iteration, after `service.tick`: health when due, sensors for the metrics.
    /// The first health is made at once (an endpoint publishes it when its connection is up).
    func fleetTick(now: Microseconds) {
        if service.metricsFile != nil {
            if now >= fleet.nextSensorRead { refreshSensors(now: now) }
            for case let m as MQTTEndpoint in control.endpoints { service.metrics.mqtt = m.statistics }
        }
        guard let interval = control.endpoints.compactMap(\.healthInterval).min() else { return }
        if let due = fleet.nextHealth, now < due { return }
        if now >= fleet.nextSensorRead { refreshSensors(now: now) }
        let h = health(now: now)
        for e in control.endpoints where e.healthInterval != nil { e.publish(health: h) }
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
        var health = KioskHealth(node: "", framesPerSecond: fps, framesPresented: frames, missedVblanks: UInt64(stats.missedVblanks),
                           frameTimeP99Milliseconds: p99(stats.frameTimes.totalCount, stats.frameTimes.valueAtPercentile(99)),
                           inputToFlipP99Milliseconds: p99(stats.latencies.totalCount, stats.latencies.valueAtPercentile(99)),
                           uptimeSeconds: Double(now - m.startTime) / 1_000_000,
                           reloadsSucceeded: m.reloadsSucceeded, reloadsFailed: m.reloadsFailed,
                           displayConnected: displayConnected, blanked: m.blanked, board: m.boardName,
                           socTemperatureCelsius: fleet.sensors.temperatureCelsius, throttled: fleet.sensors.throttled)
        health.display = schedule?.decision
        return health
    }
}
