import GadgetCore
import GadgetSystem

/// The demo art that depends on no installed font (all but the weather card's lettering), kept
/// between runs in the user's cache directory. Painting it is most of a demo `snapshot`'s start
/// (issue 35's start-up target: about 80 ms of CPU in a release build); reading it back takes a
/// few. The key is the binary that painted it (its file's device, inode, size and modification
/// time), so a rebuilt or upgraded binary paints afresh and the cache never shows art another
/// version drew. Any failure (no cache directory, a short or damaged file, a read-only disk)
/// means painting, as without a cache.
public struct DemoArtCache: Sendable {
    public let directory: String
    /// Part of the file name: the painting binary's identity.
    public let key: String

    public init(directory: String, key: String) {
        self.directory = directory
        self.key = key
    }

    /// `$CACHE_DIRECTORY` (systemd's `CacheDirectory=`), else `$XDG_CACHE_HOME/gadgetboard`, else
    /// `~/.cache/gadgetboard`, keyed by this process's binary; nil when none is set or the binary
    /// cannot be identified.
    public static func user(environment: [String: String] = ProcessEnvironment.current()) -> DemoArtCache? {
        guard let binary = FileIO.identity("/proc/self/exe") else { return nil }
        let key = "\(binary.device)-\(binary.inode)-\(binary.size)-\(binary.modifiedSeconds).\(binary.modifiedNanoseconds)"
        func set(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let systemd = set("CACHE_DIRECTORY") {
            // systemd may list several, separated by colons: the first is this unit's.
            return DemoArtCache(directory: String(systemd.split(separator: ":").first ?? ""), key: key)
        }
        if let xdg = set("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return DemoArtCache(directory: xdg + "/gadgetboard", key: key) }
        if let home = set("HOME"), home.hasPrefix("/") { return DemoArtCache(directory: home + "/.cache/gadgetboard", key: key) }
        return nil
    }

    static let prefix = "demo-art-"
    static let magic = Array("gadgetboard demo art 1\n".utf8)
    public var path: String { FileIO.resolve("\(DemoArtCache.prefix)\(key).rgba", against: directory) }

    /// The images named `names`, or nil when the file is missing, for another set of names, or
    /// damaged (its length or checksum disagrees).
    public func read(names: [String]) -> [String: RGBAImage]? {
        guard let bytes = try? FileIO.read(path, limit: 64 << 20) else { return nil }
        return DemoArtCache.decode(bytes, names: names)
    }

    /// Writes `images` (replacing the file atomically) and removes the files of other binaries.
    /// Failures are ignored: the next start paints again.
    public func write(_ images: [String: RGBAImage]) {
        // ~/.cache itself may not exist yet on a fresh account.
        try? FileIO.makeDirectory(FileIO.directory(of: directory))
        guard (try? FileIO.makeDirectory(directory)) != nil else { return }
        // Not flushed to disk: a file lost in a crash is painted again.
        guard (try? FileIO.replace(path, with: DemoArtCache.encode(images), durability: .unflushed)) != nil else { return }
        let mine = "\(DemoArtCache.prefix)\(key).rgba"
        for name in (try? DirectoryListing.names(in: directory)) ?? []
        where name.hasPrefix(DemoArtCache.prefix) && name.hasSuffix(".rgba") && name != mine {
            FileIO.remove(FileIO.resolve(name, against: directory))
        }
    }

    /// magic, count (u32); per image in name order: name length (u16), name, width, height
    /// (u32); then the pixels in the same order; then a checksum of the pixels (u64). Little-endian.
    static func encode(_ images: [String: RGBAImage]) -> [UInt8] {
        let sorted = images.sorted { $0.key < $1.key }
        var out = magic
        out.reserveCapacity(magic.count + 64 * sorted.count + sorted.reduce(0) { $0 + $1.value.pixels.count } + 8)
        append(UInt64(sorted.count), bytes: 4, to: &out)
        for (name, image) in sorted {
            let utf8 = Array(name.utf8)
            append(UInt64(utf8.count), bytes: 2, to: &out)
            out += utf8
            append(UInt64(image.width), bytes: 4, to: &out)
            append(UInt64(image.height), bytes: 4, to: &out)
        }
        var sum = Checksum()
        for (_, image) in sorted {
            out += image.pixels
            sum.add(image.pixels[...])
        }
        append(sum.value, bytes: 8, to: &out)
        return out
    }

    static func decode(_ bytes: [UInt8], names: [String]) -> [String: RGBAImage]? {
        var i = magic.count
        guard bytes.count > i, bytes[0..<i].elementsEqual(magic) else { return nil }
        func read(_ n: Int) -> UInt64? {
            guard i + n <= bytes.count else { return nil }
            defer { i += n }
            return (0..<n).reduce(UInt64(0)) { $0 | UInt64(bytes[i + $1]) << (8 * UInt64($1)) }
        }
        guard let count = read(4), Int(count) == names.count else { return nil }
        var headers: [(name: String, width: Int, height: Int)] = []
        for _ in 0..<count {
            guard let length = read(2), i + Int(length) <= bytes.count else { return nil }
            let name = String(decoding: bytes[i..<(i + Int(length))], as: UTF8.self)
            i += Int(length)
            guard let w = read(4), let h = read(4), w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
            headers.append((name, Int(w), Int(h)))
        }
        guard Set(headers.map(\.name)) == Set(names) else { return nil }
        let pixelBytes = headers.reduce(0) { $0 + $1.width * $1.height * 4 }
        guard bytes.count == i + pixelBytes + 8 else { return nil }
        var images: [String: RGBAImage] = [:]
        var sum = Checksum()
        for h in headers {
            let n = h.width * h.height * 4
            let slice = bytes[i..<(i + n)]
            sum.add(slice)
            images[h.name] = RGBAImage(width: h.width, height: h.height, pixels: Array(slice))
            i += n
        }
        guard read(8) == sum.value else { return nil }
        return images
    }

    private static func append(_ value: UInt64, bytes n: Int, to out: inout [UInt8]) {
        for k in 0..<n { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(k)))) }
    }

    /// A damaged file's guard: a sum of the pixels taken 8 bytes at a time, each mixed with its
    /// position (so swapped words differ too); about a millisecond for the 7 MB.
    struct Checksum {
        var value: UInt64 = 0
        var position: UInt64 = 0
        mutating func add(_ bytes: ArraySlice<UInt8>) {
            var v = value, p = position
            bytes.withUnsafeBytes { raw in
                let words = raw.count / 8
                for w in 0..<words {
                    let word = raw.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self)
                    v = v &+ (word ^ (p &* 0x9E37_79B9_7F4A_7C15))
                    p &+= 1
                }
                for b in (words * 8)..<raw.count {
                    v = v &+ (UInt64(raw[b]) ^ (p &* 0x9E37_79B9_7F4A_7C15))
                    p &+= 1
                }
            }
            value = v
            position = p
        }
    }
}
