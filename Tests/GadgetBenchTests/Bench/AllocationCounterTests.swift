import Testing
@testable import GadgetBench
@testable import GadgetCore
@testable import GadgetRender

/// Counted one by one, not inferred: an allocation we make must show up, and a C library's must
/// land in the other bucket.
@Suite struct AllocationCounterTests {
    final class Box { var value: Int; init(_ v: Int) { value = v } }

    @Test func countsSwiftAllocations() {
        #expect(AllocationCounter.install())
        let before = AllocationCounter.read()
        var boxes: [Box] = []
        boxes.reserveCapacity(100)
        for i in 0..<100 { boxes.append(Box(i)) }
        let after = AllocationCounter.read()
        #expect(boxes.count == 100)
        // 100 objects and the array; other tests running in parallel can only add.
        #expect((after.ours ?? 0) - (before.ours ?? 0) >= 101)
    }

    @Test func countsCLibraryAllocationsSeparately() throws {
        #expect(AllocationCounter.install())
        let before = AllocationCounter.read()
        // libpng allocates its structures with malloc from its own module.
        _ = try PNGCodec.encode(RGBAImage(width: 8, height: 8, fill: (1, 2, 3, 255)))
        let after = AllocationCounter.read()
        #expect((after.driver ?? 0) - (before.driver ?? 0) >= 1)
    }
}
