import GadgetSystem
import SystemPackage
import Testing

@Suite struct FileIOTests {
    @Test func replaceThenReadRoundTrips() throws {
        let dir = SystemTestSupport.temporaryDirectory()
        defer { SystemTestSupport.removeTree(dir) }
        let path = "\(dir)/state.json"
        try FileIO.replace(path, with: "{\"a\":1}")
        #expect(try FileIO.read(path) == Array("{\"a\":1}".utf8))
        try FileIO.replace(path, with: "two", durability: .unflushed)
        #expect(try FileIO.read(path) == Array("two".utf8))
        // The temporary file is renamed away, never left behind.
        #expect(!FileIO.exists(FileIO.temporaryPath(for: path)))
    }

    /// A failed replace leaves the old file and no temporary one.
    @Test func aFailedReplaceKeepsTheOldFile() throws {
        let dir = SystemTestSupport.temporaryDirectory()
        defer { SystemTestSupport.removeTree(dir) }
        let path = "\(dir)/metrics.prom"
        try FileIO.replace(path, with: "old")
        try FileIO.makeDirectory("\(dir)/metrics.prom.tmp.x")  // not our temporary: harmless
        #expect(throws: SystemError.self) { try FileIO.replace("\(dir)/missing-dir/m.prom", with: "new") }
        #expect(try FileIO.read(path) == Array("old".utf8))
    }

    /// The error names the path the caller gave, not the temporary file beside it (a user who
    /// typed `--out nodir/x.png` never wrote `nodir/x.png.tmp.1234`).
    @Test func aFailedReplaceNamesTheRealPath() {
        let dir = SystemTestSupport.temporaryDirectory()
        defer { SystemTestSupport.removeTree(dir) }
        let path = "\(dir)/nodir/x.png"
        #expect(throws: SystemError("open", path, errno: .noSuchFileOrDirectory)) { try FileIO.replace(path, with: "png") }
    }

    @Test func absolutePathsAgainstTheWorkingDirectory() throws {
        let cwd = try #require(FileIO.currentDirectory())
        #expect(cwd.hasPrefix("/"))
        #expect(FileIO.absolute("board.json") == (cwd == "/" ? "" : cwd) + "/board.json")
        #expect(FileIO.absolute("./boards//night.json") == (cwd == "/" ? "" : cwd) + "/boards/night.json")
        #expect(FileIO.absolute("/etc/gadgetboard/./board.json") == "/etc/gadgetboard/board.json")
        #expect(FileIO.absolute("/etc/gadgetboard/../x.json") == "/etc/gadgetboard/../x.json")
    }

    @Test func readRefusesDirectoriesAndLargeFiles() throws {
        let dir = SystemTestSupport.temporaryDirectory()
        defer { SystemTestSupport.removeTree(dir) }
        #expect(throws: SystemError("read", dir, errno: .isDirectory)) { _ = try FileIO.read(dir) }
        try FileIO.replace("\(dir)/big", with: [UInt8](repeating: 1, count: 100))
        #expect(throws: SystemError("read", "\(dir)/big", errno: .fileTooLarge)) { _ = try FileIO.read("\(dir)/big", limit: 10) }
    }

    @Test func pathsResolveAgainstTheBoardsDirectory() {
        #expect(FileIO.directory(of: "/etc/gadgetboard/board.json") == "/etc/gadgetboard")
        #expect(FileIO.directory(of: "board.json") == ".")
        #expect(FileIO.directory(of: "/board.json") == "/")
        #expect(FileIO.resolve("img/a.png", against: "/etc/g") == "/etc/g/img/a.png")
        #expect(FileIO.resolve("/abs.png", against: "/etc/g") == "/abs.png")
        #expect(FileIO.resolve("a.png", against: ".") == "a.png")
    }
}
