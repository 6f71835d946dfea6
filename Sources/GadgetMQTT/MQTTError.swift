import CMosquitto
import GadgetSystem
import SystemPackage

/// What can go wrong in an MQTT session, naming the call: a libmosquitto call that failed, with
/// libmosquitto's code and its words, and for `MOSQ_ERR_ERRNO` the system's errno
/// (`mosquitto_connect failed: Connection refused (ECONNREFUSED)`); or a system call the session
/// makes itself (its wake pipes, its thread), as GadgetSystem's `SystemError`, the way every
/// module wraps it (`InputError.system`, `DisplayError.system`). Never carries a payload or a
/// credential.
public enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A libmosquitto call failed with `MOSQ_ERR_*` `code`; `errno` when that is `MOSQ_ERR_ERRNO`.
    case library(call: String, code: Int32, errno: Errno?)
    /// A system call failed.
    case system(SystemError)
    /// libmosquitto could not be opened (it is loaded when MQTT is first used, CMosquitto): the
    /// loader's one line, "MQTT needs libmosquitto.so.1: …".
    case unavailable(String)

    public init(_ call: String, code: Int32, errno: Errno? = nil) {
        self = .library(call: call, code: code, errno: errno)
    }

    /// From a return code, reading errno at once (before anything else can change it).
    static func from(_ call: String, _ code: Int32) -> MQTTError {
        code == Int32(MOSQ_ERR_ERRNO.rawValue) ? MQTTError(call, code: code, errno: SystemCall.lastErrno) : MQTTError(call, code: code)
    }

    public var description: String {
        switch self {
        case .library(let call, _, let errno?): return "\(call) failed: \(errno.description) (\(errno.symbolicName))"
        case .library(let call, let code, nil): return "\(call) failed: \(MQTTError.words(code)) (MOSQ_ERR \(code))"
        case .system(let error): return error.description
        case .unavailable(let message): return message
        }
    }

    /// libmosquitto's own words for a code (`mosquitto_strerror`), also for `on_connect`'s
    /// CONNACK codes through `mosquitto_connack_string`.
    public static func words(_ code: Int32) -> String { String(cString: mosquitto_strerror(code)) }
    public static func connackWords(_ code: Int32) -> String { String(cString: mosquitto_connack_string(code)) }
}
