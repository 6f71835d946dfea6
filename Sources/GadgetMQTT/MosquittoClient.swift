import CMosquitto
import GadgetSystem

/// libmosquitto itself: opened when MQTT is first used (not at every start, CMosquitto), then
/// `mosquitto_lib_init` once per process, before the first client (it sets up OpenSSL and the
/// random source); never cleaned up (clients may live until exit).
enum MosquittoLibrary {
    /// nil when the library is ready; else why not, in one line.
    static let problem: MQTTError? = {
        guard gadget_mosquitto_load() == 0 else { return .unavailable(String(cString: gadget_mosquitto_message())) }
        return mosquitto_lib_init() == Int32(MOSQ_ERR_SUCCESS.rawValue) ? nil : MQTTError("mosquitto_lib_init", code: Int32(MOSQ_ERR_UNKNOWN.rawValue))
    }()
}

/// What a client's callbacks tell (libmosquitto calls them on the thread inside
/// `mosquitto_loop`/`mosquitto_connect`, which is `MQTTSession`'s). None may throw: a Swift error
/// must never unwind through C.
protocol MosquittoEvents: AnyObject {
    func connected(code: Int32)
    func disconnected(code: Int32)
    func received(topic: String, payload: [UInt8], retained: Bool)
    func published(messageID: Int32)
}

/// Owns one `struct mosquitto *` (destroyed in `deinit`) and wraps each call once, turning codes
/// into `MQTTError`. Made with `mosquitto_threaded_set(true)`: `publish` and `disconnect` may be
/// called from any thread while the session's thread runs `connect`/`loop` (libmosquitto locks
/// its queues; a publish only queues the packet and wakes the loop through its socket pair).
final class MosquittoClient: @unchecked Sendable {
    let handle: OpaquePointer
    /// The events' receiver, kept alive as long as the client (the C side holds it unretained).
    private let events: Box

    final class Box { weak var target: MosquittoEvents?; init() {} }

    /// - cleanSession: true: the broker forgets this client's subscriptions and queued messages
    ///   when it disconnects (the session resubscribes on every connect).
    init(clientID: String, cleanSession: Bool) throws(MQTTError) {
        if let problem = MosquittoLibrary.problem { throw problem }
        let box = Box()
        guard let m = mosquitto_new(clientID, cleanSession, Unmanaged.passUnretained(box).toOpaque()) else {
            throw MQTTError.from("mosquitto_new", Int32(MOSQ_ERR_ERRNO.rawValue))
        }
        handle = m
        events = box
        _ = mosquitto_threaded_set(m, true)
        // Commands, replies and events are small and wanted now: Nagle's algorithm would hold a
        // reply back until the broker's ACK of the previous packet (tens of ms with delayed ACKs).
        _ = mosquitto_int_option(m, MOSQ_OPT_TCP_NODELAY, 1)
        mosquitto_connect_callback_set(m) { _, user, code in
            MosquittoClient.target(user)?.connected(code: code)
        }
        mosquitto_disconnect_callback_set(m) { _, user, code in
            MosquittoClient.target(user)?.disconnected(code: code)
        }
        mosquitto_publish_callback_set(m) { _, user, mid in
            MosquittoClient.target(user)?.published(messageID: mid)
        }
        mosquitto_message_callback_set(m) { _, user, message in
            guard let message, let t = MosquittoClient.target(user), let topic = message.pointee.topic else { return }
            let count = Int(max(0, message.pointee.payloadlen))
            let payload: [UInt8] = count == 0 || message.pointee.payload == nil ? [] :
                Array(UnsafeRawBufferPointer(start: message.pointee.payload, count: count))
            t.received(topic: String(cString: topic), payload: payload, retained: message.pointee.retain)
        }
    }

    deinit { mosquitto_destroy(handle) }

    func setEvents(_ target: MosquittoEvents) { events.target = target }

    private static func target(_ user: UnsafeMutableRawPointer?) -> MosquittoEvents? {
        guard let user else { return nil }
        return Unmanaged<Box>.fromOpaque(user).takeUnretainedValue().target
    }

    private func check(_ call: String, _ code: Int32) throws(MQTTError) {
        guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MQTTError.from(call, code) }
    }

    /// The message the broker publishes for us when we vanish without a DISCONNECT (killed, lost
    /// network, missed keep-alives). Set before `connect`.
    func setWill(topic: String, payload: [UInt8], qos: Int32, retain: Bool) throws(MQTTError) {
        try check("mosquitto_will_set", payload.withUnsafeBytes { mosquitto_will_set(handle, topic, Int32($0.count), $0.baseAddress, qos, retain) })
    }

    /// libmosquitto copies both strings.
    func setCredentials(username: String, password: String?) throws(MQTTError) {
        try check("mosquitto_username_pw_set", mosquitto_username_pw_set(handle, username, password))
    }

    /// TLS with the certificate authority in `caFile`, or (nil) the system's (OpenSSL's default paths).
    func setTLS(caFile: String?) throws(MQTTError) {
        if let caFile {
            try check("mosquitto_tls_set(\(caFile))", mosquitto_tls_set(handle, caFile, nil, nil, nil, nil))
        } else {
            try check("mosquitto_int_option(TLS_USE_OS_CERTS)", mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1))
        }
    }

    /// Connects and queues the CONNECT packet; blocks for the name lookup and the TCP handshake.
    func connect(host: String, port: Int, keepAliveSeconds: Int) throws(MQTTError) {
        try check("mosquitto_connect(\(host):\(port))", mosquitto_connect(handle, host, Int32(port), Int32(keepAliveSeconds)))
    }

    /// One round of the network loop: waits up to `timeoutMilliseconds` for the socket (or a
    /// publish from another thread), reads and writes what it can, keeps the connection alive.
    func loop(timeoutMilliseconds: Int32) throws(MQTTError) {
        try check("mosquitto_loop", mosquitto_loop(handle, timeoutMilliseconds, 1))
    }

    func disconnect() throws(MQTTError) { try check("mosquitto_disconnect", mosquitto_disconnect(handle)) }

    @discardableResult
    func publish(topic: String, payload: [UInt8], qos: Int32, retain: Bool) throws(MQTTError) -> Int32 {
        var mid: Int32 = 0
        try check("mosquitto_publish", payload.withUnsafeBytes { mosquitto_publish(handle, &mid, topic, Int32($0.count), $0.baseAddress, qos, retain) })
        return mid
    }

    func subscribe(topic: String, qos: Int32) throws(MQTTError) {
        try check("mosquitto_subscribe(\(topic))", mosquitto_subscribe(handle, nil, topic, qos))
    }

    func unsubscribe(topic: String) throws(MQTTError) {
        try check("mosquitto_unsubscribe(\(topic))", mosquitto_unsubscribe(handle, nil, topic))
    }
}
