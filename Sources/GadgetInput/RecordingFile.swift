import GadgetCore
import GadgetSystem

/// Loads evemu recordings from disk for `gadgetboard replay` and tests.
public enum RecordingFile {
    /// The file's bytes. Errors name the call and the path.
    public static func bytes(_ path: String) throws(InputError) -> [UInt8] {
        do { return try FileIO.read(path) } catch { throw .system(error) }
    }

    /// Reads and parses an evemu recording.
    public static func load(_ path: String) throws(InputError) -> EvemuRecording {
        let data = try bytes(path)
        do { return try EvemuReader.read(data) } catch { throw .recording(path: path, error) }
    }

    /// A recording plus, for an events-only file, the description of the device it was recorded
    /// from (another evemu file whose header is used).
    public static func load(_ path: String, deviceFile: String?) throws(InputError) -> EvemuRecording {
        let recording = try load(path)
        guard let deviceFile else { return recording }
        guard let device = try load(deviceFile).device else {
            throw .recording(path: deviceFile, EvemuError(line: nil, "no device description (N:/I:/B:/A: lines)"))
        }
        return recording.with(device: device)
    }
}
