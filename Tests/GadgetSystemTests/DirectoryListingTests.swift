import GadgetSystem
import Testing

@Suite struct DirectoryListingTests {
    /// Every name but `.` and `..`; a missing directory is `opendir(PATH)`'s ENOENT.
    @Test func listsNamesAndNamesTheFailedCall() throws {
        let dir = SystemTestSupport.temporaryDirectory()
        defer { SystemTestSupport.removeTree(dir) }
        #expect(try DirectoryListing.names(in: dir).isEmpty)
        try FileIO.replace("\(dir)/event10", with: "x", durability: .unflushed)
        try FileIO.replace("\(dir)/card0", with: "x", durability: .unflushed)
        #expect(try DirectoryListing.names(in: dir).sorted() == ["card0", "event10"])
        #expect {
            try DirectoryListing.names(in: "\(dir)/missing")
        } throws: { error in
            "\(error)" == "opendir(\(dir)/missing) failed: No such file or directory (ENOENT)"
        }
        // A file is not a directory.
        #expect(throws: SystemError.self) { try DirectoryListing.names(in: "\(dir)/card0") }
    }
}

@Suite struct GroupLookupTests {
    /// Group 0 is `root` on every Linux system; a name no system has is nil, not an error.
    @Test func looksUpGroups() throws {
        #expect(try GroupLookup.id(named: "root") == 0)
        #expect(try GroupLookup.id(named: "no-such-group-gadgetboard-test") == nil)
    }

    /// And back: id 0 is `root`; an id no group has (near the top of the 32-bit range, which no
    /// system hands out) is nil, not an error.
    @Test func namesGroupIds() throws {
        #expect(try GroupLookup.name(id: 0) == "root")
        #expect(try GroupLookup.name(id: 4_294_967_000) == nil)
    }
}
