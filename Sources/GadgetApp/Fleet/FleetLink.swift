import GadgetCore
import GadgetSystem

/// The kiosk's link to its fleet (docs/mqtt.md): health every `--mqtt-health` seconds to the
/// control endpoints that want it, the Pi's sensors and the MQTT counters into the metrics, and
/// the board's MQTT data sources through the `--mqtt` connection. Requests and events travel
/// through the control executor (`KioskControl`). Nothing here waits on a peer: the endpoints
/// queue and return. Thread: the loop's.
final class FleetLink {
    private var reporting = FleetReporting()
    private let control: KioskControl
    private let service: KioskService
    private let pacing: FramePacing
    private let log = Loggers.app

    init(control: KioskControl, service: KioskService, pacing: FramePacing) {
        self.control = control
        self.service = service
        self.pacing = pacing
    }

    /// When the next health is due (nil: none is).
    var nextHealth: Microseconds? { reporting.nextHealth }

    private var mqttEndpoints: [MQTTEndpoint] { control.endpoints.compactMap { $0 as? MQTTEndpoint } }

    /// Once per iteration, after `service.tick`: health when due, sensors for the metrics.
    /// The first health is made at once (an endpoint publishes it when its connection is up).
    /// `displayConnected` and `display` (the schedule's decision) go into the health.
    func tick(now: Microseconds, displayConnected: Bool, display: DisplayPowerPolicy.Decision?) {
        if service.metricsFile != nil {
            if now >= reporting.nextSensorRead { refreshSensors(now: now) }
            for m in mqttEndpoints { service.metrics.mqtt = m.statistics }
        }
        guard let interval = control.endpoints.compactMap(\.healthInterval).min() else { return }
        if let due = reporting.nextHealth, now < due { return }
        if now >= reporting.nextSensorRead { refreshSensors(now: now) }
        var h = health(now: now, displayConnected: displayConnected)
        h.display = display
        for e in control.endpoints where e.healthInterval != nil { e.publish(health: h) }
        reporting.nextHealth = now + interval
    }

    private func refreshSensors(now: Microseconds) {
        reporting.sensors.refresh()
        service.metrics.socTemperatureCelsius = reporting.sensors.temperatureCelsius
        service.metrics.throttled = reporting.sensors.throttled
        reporting.nextSensorRead = now + FleetReporting.sensorInterval
    }

    /// The kiosk's health now, from the loop's own figures.
    private func health(now: Microseconds, displayConnected: Bool) -> KioskHealth {
        let stats = pacing.stats
        let frames = UInt64(stats.framesPresented)
        let fps = reporting.lastHealthTime.map { KioskHealth.rate(frames: frames, since: reporting.lastHealthFrames, over: now - $0) } ?? 0
        reporting.lastHealthTime = now
        reporting.lastHealthFrames = frames
        let m = service.metrics
        func p99(_ count: UInt64, _ value: @autoclosure () -> UInt64) -> Double? { count == 0 ? nil : Double(value()) / 1000 }
        return KioskHealth(node: "", framesPerSecond: fps, framesPresented: frames, missedVblanks: UInt64(stats.missedVblanks),
                           frameTimeP99Milliseconds: p99(stats.frameTimes.totalCount, stats.frameTimes.valueAtPercentile(99)),
                           inputToFlipP99Milliseconds: p99(stats.latencies.totalCount, stats.latencies.valueAtPercentile(99)),
                           uptimeSeconds: Double(now - m.startTime) / 1_000_000,
                           reloadsSucceeded: m.reloadsSucceeded, reloadsFailed: m.reloadsFailed,
                           displayConnected: displayConnected, blanked: m.blanked, board: m.boardName,
                           socTemperatureCelsius: reporting.sensors.temperatureCelsius, throttled: reporting.sensors.throttled)
    }

    /// The `--mqtt` connections the board's MQTT sources subscribe through (`LiveDataFeature.connect`).
    var sourceConnections: [MQTTEndpoint] { mqttEndpoints }

    /// MQTT source payloads that arrived (the endpoint's descriptor woke the loop), in order.
    func takeSourceMessages(_ each: (String, SourceMessages) -> Void) {
        for m in mqttEndpoints {
            for (topic, messages) in m.takeData() { each(topic, messages) }
        }
    }
}
