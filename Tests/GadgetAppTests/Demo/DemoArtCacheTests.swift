import Testing
@testable import GadgetApp
@testable import GadgetCore
import GadgetSystem

/// The demo art kept between runs (issue 35's start-up target): what is read back is what was
/// painted, the lettered art only while the font files it was drawn with are unchanged, a
/// damaged or foreign file is painted over, and a binary's write removes the files other
/// binaries left.
@Suite struct DemoArtCacheTests {
    @Test func readBackIsWhatWasPainted() throws {
        let cache = DemoArtCache(directory: scratchDirectory("demo-art") + "/cache", key: "test")
        let painted = DemoBoard.paintImages()
        let first = DemoBoard.paintImages(cache: cache)
        #expect(first == painted)
        #expect(FileIO.exists(cache.path))
        let cached = try #require(cache.read(names: DemoBoard.fontFreeArt, lettered: DemoBoard.letteredArt))
        // The weather card too: its fonts have not changed since. (Compared as a Bool: a failure
        // would print every pixel.)
        #expect(cached.keys.sorted() == painted.keys.sorted())
        let same = cached == painted
        #expect(same)
        #expect(cache.read(names: DemoBoard.fontFreeArt)?["weather.png"] == nil)
        #expect(DemoBoard.paintImages(cache: cache) == painted)
    }

    @Test func changedLetteringFilesRepaintTheLettering() throws {
        let directory = scratchDirectory("demo-art-fonts")
        let font = directory + "/font.ttf"
        try FileIO.replace(font, with: "a font")
        let cache = DemoArtCache(directory: directory + "/cache", key: "test")
        let art = ["backdrop.png": RGBAImage(width: 2, height: 1, fill: (1, 2, 3, 4)),
                   "weather.png": RGBAImage(width: 1, height: 3, fill: (5, 6, 7, 8))]
        cache.write(art, lettered: ["weather.png"], letteringFiles: [font])
        #expect(cache.read(names: ["backdrop.png"], lettered: ["weather.png"]) == art)
        // Another font in its place (a package upgrade): the lettering is not read back, the rest is.
        try FileIO.replace(font, with: "another font")
        #expect(cache.read(names: ["backdrop.png"], lettered: ["weather.png"]) == ["backdrop.png": art["backdrop.png"]!])
        // Lettering drawn with no font (fontconfig failing) is never kept.
        cache.write(art, lettered: ["weather.png"], letteringFiles: [])
        #expect(cache.read(names: ["backdrop.png"], lettered: ["weather.png"]) == ["backdrop.png": art["backdrop.png"]!])
        cache.write(art, lettered: ["weather.png"], letteringFiles: [directory + "/missing.ttf"])
        #expect(cache.read(names: ["backdrop.png"], lettered: ["weather.png"]) == ["backdrop.png": art["backdrop.png"]!])
    }

    @Test func aDamagedFileIsPaintedOver() throws {
        let cache = DemoArtCache(directory: scratchDirectory("demo-art-damaged"), key: "test")
        cache.write(DemoBoard.paintImages().filter { DemoBoard.fontFreeArt.contains($0.key) })
        var bytes = try FileIO.read(cache.path)
        bytes[bytes.count / 2] ^= 0x40
        try FileIO.replace(cache.path, with: bytes)
        #expect(cache.read(names: DemoBoard.fontFreeArt) == nil)
        bytes[bytes.count / 2] ^= 0x40
        try FileIO.replace(cache.path, with: Array(bytes.dropLast(9)))
        #expect(cache.read(names: DemoBoard.fontFreeArt) == nil)
        #expect(cache.read(names: ["backdrop.png"]) == nil)
        try FileIO.replace(cache.path, with: bytes)
        #expect(cache.read(names: DemoBoard.fontFreeArt + ["other.png"]) == nil)
        // Painted and written again.
        #expect(DemoBoard.paintImages(cache: cache) == DemoBoard.paintImages())
        #expect(cache.read(names: DemoBoard.fontFreeArt) != nil)
    }

    @Test func aWriteRemovesOtherBinariesFiles() throws {
        let directory = scratchDirectory("demo-art-others")
        let old = DemoArtCache(directory: directory, key: "old")
        let art = ["disc-red.png": RGBAImage(width: 2, height: 1, fill: (1, 2, 3, 4))]
        old.write(art)
        let new = DemoArtCache(directory: directory, key: "new")
        new.write(art)
        #expect(!FileIO.exists(old.path))
        #expect(new.read(names: ["disc-red.png"]) == art)
        #expect(try DirectoryListing.names(in: directory) == ["demo-art-new.rgba"])
    }

    @Test func theUsersCacheDirectory() {
        let systemd = DemoArtCache.user(environment: ["CACHE_DIRECTORY": "/var/cache/gadgetboard", "HOME": "/home/k"])
        #expect(systemd?.directory == "/var/cache/gadgetboard")
        #expect(DemoArtCache.user(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/home/k"])?.directory == "/x/gadgetboard")
        #expect(DemoArtCache.user(environment: ["HOME": "/home/k"])?.directory == "/home/k/.cache/gadgetboard")
        #expect(DemoArtCache.user(environment: [:]) == nil)
        #expect(DemoArtCache.user(environment: ["HOME": "relative"]) == nil)
    }
}
