import CMalloc
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

    /// A module another thread is dlopen'ing is listed before the loader relocates it; a slot
    /// still holding its link-time value must be left alone, or the loader turns the wrapper
    /// into a wild pointer (a test process crashed so, in libEGL_mesa's lazily bound calloc
    /// slot: base + 0x45628, the module's link-time size about 0x50000).
    @Test func aSlotTheLoaderHasNotRelocatedIsLeftAlone() {
        let base: UInt = 0x7f68_9840_8000, extent: UInt = 0x5_0000
        // Unrelocated: a GLOB_DAT slot's 0, a lazy PLT slot's offset of its stub.
        #expect(gb_slot_is_relocated(nil, base, extent) == 0)
        #expect(gb_slot_is_relocated(UnsafeRawPointer(bitPattern: 0x1_2c86), base, extent) == 0)
        // Relocated: the stub's run-time address, libc's malloc wherever libc lies (below the
        // module too), and a wrapper in the executable.
        #expect(gb_slot_is_relocated(UnsafeRawPointer(bitPattern: base + 0x1_2c86), base, extent) == 1)
        #expect(gb_slot_is_relocated(UnsafeRawPointer(bitPattern: 0x7f68_a525_6000 as UInt), base, extent) == 1)
        #expect(gb_slot_is_relocated(UnsafeRawPointer(bitPattern: 0x55ca_5ac3_d000 as UInt), base, extent) == 1)
        // A module linked at fixed addresses is never relocated: its slots are as they will stay.
        #expect(gb_slot_is_relocated(UnsafeRawPointer(bitPattern: 0x40_1000), 0, 0x60_0000) == 1)
    }
}
