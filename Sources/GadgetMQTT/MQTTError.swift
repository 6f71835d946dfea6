import CMosquitto
import GadgetSystem
import SystemPackage

/// A libmosquitto call that failed: the call, libmosquitto's code and its words, and for
/// `MOSQ_ERR_ERRNO` the system's errno (`mosquitto_connect failed: Connection refused (ECONNREFUSED)`).
/// Never carries a payload or a credential.
public struct MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    public let call: String
    /// libmosquitto's `MOSQ_ERR_*`.
    public let code: Int32
    /// errno when `code` is `MOSQ_ERR_ERRNO`.
    public let errno: Errno?

    public init(_ call: String, code: Int32, errno: Errno? = nil) {
        self.call = call; self.code = code; self.errno = errno
    }

    /// From a return code, reading errno at once (before anything else can change it).
    static func from(_ call: String, _ code: Int32) -> MQTTError {
        code == Int32(MOSQ_ERR_ERRNO.rawValue) ? MQTTError(call, code: code, errno: SystemCall.lastErrno) : MQTTError(call, code: code)
    }

    public var description: String {
        if let errno { return "\(call) failed: \(errno.description) (\(errno.symbolicName))" }
        return "\(call) failed: \(MQTTError.words(code)) (MOSQ_ERR \(code))"
    }

    /// libmosquitto's own words for a code (`mosquitto_strerror`), also for `on_connect`'s
    /// CONNACK codes through `mosquitto_connack_string`.
    public static func words(_ code: Int32) -> String { String(cString: mosquitto_strerror(code)) }
    public static func connackWords(_ code: Int32) -> String { String(cString: mosquitto_connack_string(code)) }
}
