import Glibc
import GadgetCore

/// Loads evemu recordings from disk for `gadgetboard replay` and tests.
public enum RecordingFile {
    /// The file's bytes. Errors name the call and the path.
    public static func bytes(_ path: String) throws(InputError) -> [UInt8] {
        let fd = try FileDescriptor.open(path, O_RDONLY)
        var out: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = try fd.read(into: chunk)
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
        }
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
