import GadgetCore
import GadgetSystem

/// The demo art, kept between runs in the user's cache directory. Painting it is most of a demo
/// `snapshot`'s start (issue 35's start-up target: about 80 ms of CPU in a release build);
/// reading it back takes a few. The key is the binary that painted it (its file's device, inode,
/// size and modification time), so a rebuilt or upgraded binary paints afresh and the cache never
/// shows art another version drew.
///
/// The lettered art (the weather card's type) depends on the fonts as well: the file records the
/// files its lettering was drawn with (the font files, and fontconfig's cache and configuration
/// directories, which a font package's install rewrites), and a lettered image is read back only
/// while every one of them is as it was. A font that fontconfig would newly prefer without any
/// of those changing (a user's ~/.fonts) is not noticed until the binary changes.
///
/// Any failure (no cache directory, a short or damaged file, a read-only disk) means painting,
/// as without a cache.
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
    static let magic = Array("gadgetboard demo art 2\n".utf8)
    /// The most a header may take (names, sizes, checksums, the lettering's files): read in one
    /// call before the pixels. A file whose header is longer is not one this binary wrote.
    static let headerLimit = 16384
    public var path: String { FileIO.resolve("\(DemoArtCache.prefix)\(key).rgba", against: directory) }

    /// The images named `names` (all of them), with those of `lettered` that the file holds and
    /// whose lettering's files are unchanged; nil when the file is missing, for another set of
    /// names, or damaged (its length or a checksum disagrees). Each image's pixels are read from
    /// the file straight into the image's own storage: one copy, no buffer of the whole file.
    public func read(names: [String], lettered: [String] = []) -> [String: RGBAImage]? {
        guard let file = try? OwnedFileDescriptor.open(path, .readOnly),
              let size = try? SystemCall.system("stat", path, { try file.descriptor.stat().size }) else { return nil }
        var prefix = [UInt8](repeating: 0, count: Int(min(size, Int64(DemoArtCache.headerLimit))))
        guard (try? prefix.withUnsafeMutableBytes { try file.read(exactly: $0, at: 0) }) == true,
              let header = Header(decoding: prefix) else { return nil }
        let pixelBytes = header.images.reduce(0) { $0 + $1.width * $1.height * 4 }
        guard Int64(header.length + pixelBytes) == size, Set(names).isSubset(of: header.images.map(\.name)) else { return nil }
        let letteringCurrent = !header.lettering.isEmpty && header.lettering.allSatisfy { FileIO.identity($0.path) == $0.identity }
        var images: [String: RGBAImage] = [:]
        var offset = header.length
        for entry in header.images {
            defer { offset += entry.width * entry.height * 4 }
            guard names.contains(entry.name) || (letteringCurrent && lettered.contains(entry.name)) else { continue }
            let count = entry.width * entry.height * 4
            var complete = false
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                complete = (try? file.read(exactly: UnsafeMutableRawBufferPointer(buffer), at: Int64(offset))) == true
                // Bytes a failed read left unset are zeroed: the array's contents are always defined.
                if !complete { buffer.initialize(repeating: 0) }
                initialized = count
            }
            guard complete else { return nil }
            var sum = Checksum()
            sum.add(pixels[...])
            guard sum.value == entry.checksum else { return nil }
            images[entry.name] = RGBAImage(width: entry.width, height: entry.height, pixels: pixels)
        }
        return images
    }

    /// Writes `images` (replacing the file atomically) and removes the files of other binaries.
    /// `letteringFiles`: the files the `lettered` images were drawn with (the font files); when
    /// empty or one cannot be identified, the lettered images are left out (painted next time).
    /// Failures are ignored: the next start paints again.
    public func write(_ images: [String: RGBAImage], lettered: [String] = [], letteringFiles: [String] = []) {
        // The lettering's files as they are now: all of them, or the lettered images are left out.
        var lettering: [LetteringFile] = []
        for p in letteringFiles {
            guard let identity = FileIO.identity(p) else { lettering = []; break }
            lettering.append(LetteringFile(path: p, identity: identity))
        }
        if !lettering.isEmpty {
            for p in DemoArtCache.fontconfigDirectories {
                if let identity = FileIO.identity(p) { lettering.append(LetteringFile(path: p, identity: identity)) }
            }
        }
        let kept = lettering.isEmpty ? images.filter { !lettered.contains($0.key) } : images
        // ~/.cache itself may not exist yet on a fresh account.
        try? FileIO.makeDirectory(FileIO.directory(of: directory))
        guard (try? FileIO.makeDirectory(directory)) != nil else { return }
        guard let bytes = DemoArtCache.encode(kept, lettering: lettering) else { return }
        // Not flushed to disk: a file lost in a crash is painted again.
        guard (try? FileIO.replace(path, with: bytes, durability: .unflushed)) != nil else { return }
        let mine = "\(DemoArtCache.prefix)\(key).rgba"
        for name in (try? DirectoryListing.names(in: directory)) ?? []
        where name.hasPrefix(DemoArtCache.prefix) && name.hasSuffix(".rgba") && name != mine {
            FileIO.remove(FileIO.resolve(name, against: directory))
        }
    }

    /// Where fontconfig keeps what a font package's install changes (fc-cache rewrites its cache
    /// files; a package's configuration is linked into conf.d): recorded beside the font files so
    /// that an installed or removed font repaints the lettering.
    static let fontconfigDirectories = ["/var/cache/fontconfig", "/etc/fonts/conf.d"]

    /// A file the lettering was drawn with, as it was then.
    struct LetteringFile: Equatable {
        var path: String
        var identity: FileIdentity
    }

    /// The file's header: magic; the lettering's files, count (u32) and per file path length
    /// (u16), path, device, inode, size, modification seconds and nanoseconds (u64 each); the
    /// images, count (u32) and per image in name order name length (u16), name, width, height
    /// (u32) and a checksum of its pixels (u64). Then the pixels in the same order. Little-endian.
    struct Header {
        var lettering: [LetteringFile]
        var images: [(name: String, width: Int, height: Int, checksum: UInt64)]
        /// Its length in bytes: where the first image's pixels start.
        var length: Int

        init?(decoding bytes: [UInt8]) {
            var i = magic.count
            guard bytes.count > i, bytes[0..<i].elementsEqual(magic) else { return nil }
            func read(_ n: Int) -> UInt64? {
                guard i + n <= bytes.count else { return nil }
                defer { i += n }
                return (0..<n).reduce(UInt64(0)) { $0 | UInt64(bytes[i + $1]) << (8 * UInt64($1)) }
            }
            func string() -> String? {
                guard let length = read(2), i + Int(length) <= bytes.count else { return nil }
                defer { i += Int(length) }
                return String(decoding: bytes[i..<(i + Int(length))], as: UTF8.self)
            }
            guard let files = read(4), files <= 64 else { return nil }
            lettering = []
            for _ in 0..<files {
                guard let path = string(), let device = read(8), let inode = read(8), let size = read(8),
                      let seconds = read(8), let nanoseconds = read(8) else { return nil }
                lettering.append(LetteringFile(path: path, identity: FileIdentity(
                    device: device, inode: inode, size: Int64(bitPattern: size),
                    modifiedSeconds: Int64(bitPattern: seconds), modifiedNanoseconds: Int64(bitPattern: nanoseconds))))
            }
            guard let count = read(4), count <= 64 else { return nil }
            images = []
            for _ in 0..<count {
                guard let name = string(), let w = read(4), let h = read(4), w > 0, h > 0, w <= 16384, h <= 16384,
                      let checksum = read(8) else { return nil }
                images.append((name, Int(w), Int(h), checksum))
            }
            guard Set(images.map(\.name)).count == images.count else { return nil }
            length = i
        }
    }

    /// The file's bytes (`Header` says how they are laid out); nil when the header would outgrow
    /// `headerLimit`.
    static func encode(_ images: [String: RGBAImage], lettering: [LetteringFile]) -> [UInt8]? {
        let sorted = images.sorted { $0.key < $1.key }
        var out = magic
        out.reserveCapacity(headerLimit + sorted.reduce(0) { $0 + $1.value.pixels.count })
        func string(_ s: String) {
            let utf8 = Array(s.utf8)
            append(UInt64(utf8.count), bytes: 2, to: &out)
            out += utf8
        }
        append(UInt64(lettering.count), bytes: 4, to: &out)
        for f in lettering {
            string(f.path)
            for v in [f.identity.device, f.identity.inode, UInt64(bitPattern: f.identity.size),
                      UInt64(bitPattern: f.identity.modifiedSeconds), UInt64(bitPattern: f.identity.modifiedNanoseconds)] {
                append(v, bytes: 8, to: &out)
            }
        }
        append(UInt64(sorted.count), bytes: 4, to: &out)
        for (name, image) in sorted {
            string(name)
            append(UInt64(image.width), bytes: 4, to: &out)
            append(UInt64(image.height), bytes: 4, to: &out)
            var sum = Checksum()
            sum.add(image.pixels[...])
            append(sum.value, bytes: 8, to: &out)
        }
        guard out.count <= headerLimit else { return nil }
        for (_, image) in sorted { out += image.pixels }
        return out
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
