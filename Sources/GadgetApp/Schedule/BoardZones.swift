import GadgetCore
import GadgetSystem

/// The board's time zone from the installed tzdata: `"timezone"` when the board names one, else
/// the system's zone. Where GadgetCore's `BoardTimeZone` meets GadgetSystem's files.
public enum BoardZones {
    /// The zone named `name` in `directory`.
    public static func named(_ name: String, directory: String = ZoneInfoFiles.defaultDirectory) -> Result<BoardTimeZone, ZoneProblem> {
        do {
            let bytes = try ZoneInfoFiles.read(name: name, directory: directory)
            return .success(try BoardTimeZone(name: name, tzif: bytes))
        } catch let failure as ZoneInfoFiles.Failure {
            return .failure(ZoneProblem(message: failure.description))
        } catch let error as TimeZoneError {
            return .failure(ZoneProblem(message: "\(directory)/\(name): \(error.description)"))
        } catch {
            return .failure(ZoneProblem(message: "\(error)"))
        }
    }

    /// The system's zone (`TZ`, /etc/localtime); UTC, with the reason, when it cannot be read.
    public static func system(environment: [String: String], localtime: String = "/etc/localtime",
                              directory: String = ZoneInfoFiles.defaultDirectory) -> (BoardTimeZone, ZoneProblem?) {
        switch ZoneInfoFiles.systemZone(environment: environment, localtime: localtime, directory: directory) {
        case .utc: return (.utc, nil)
        case .named(let name, let bytes), .file(let name, let bytes):
            do { return (try BoardTimeZone(name: name, tzif: bytes), nil) } catch {
                return (.utc, ZoneProblem(message: "system time zone \(name): \(error.description); using UTC"))
            }
        case .posixRule(let rule):
            do { return (BoardTimeZone(name: rule, rule: try POSIXTimeZoneRule(parsing: rule)), nil) } catch {
                return (.utc, ZoneProblem(message: "TZ=\(rule): \(error.description); using UTC"))
            }
        }
    }

    /// The zone a board's schedule runs in: its own, else the system's.
    public static func zone(for board: Board, environment: [String: String]) -> (BoardTimeZone, ZoneProblem?) {
        guard let name = board.schedule.timeZoneName else { return system(environment: environment) }
        switch named(name) {
        case .success(let z): return (z, nil)
        case .failure(let p): return (.utc, p)
        }
    }

    /// `check`'s and the loader's problem for a board that names a zone this system lacks.
    public static func problems(_ board: Board, file: String, directory: String = ZoneInfoFiles.defaultDirectory) -> [BoardProblem] {
        guard let name = board.schedule.timeZoneName, case .failure(let p) = named(name, directory: directory) else { return [] }
        return [BoardProblem(file: file, jsonPath: "timezone", message: p.message)]
    }

    public struct ZoneProblem: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
