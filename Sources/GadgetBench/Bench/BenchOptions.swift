import GadgetCore

/// What `gadgetboard bench` was asked to measure.
public struct BenchOptions: Sendable {
    public enum DisplayChoice: String, Sendable, CaseIterable { case headless, kms }

    /// Sprites drawn every frame (testsprite2's `num_sprites`).
    public var sprites = 10_000
    /// Sprite side in pixels (testsprite2's icon is 32×32).
    public var spriteSize = 32
    /// Headless framebuffer size; on KMS the mode decides.
    public var size = PixelSize(1280, 720)
    /// Measured frames (after the warm-up). nil: measure for `duration` seconds.
    public var frames: Int?
    /// Measured seconds (after the warm-up) when `frames` is nil.
    public var duration: Double = 10
    /// Frames drawn before measuring (shader compilation, first-touch of buffers, caches).
    public var warmupFrames = 20
    public var display: DisplayChoice = .headless
    public var card: String?
    public var connector: String?
    /// KMS: `WxH` or `WxH@Hz` (default: the connector's preferred mode).
    public var mode: String?
    /// Static vertex buffer, one draw call, no per-frame CPU work: the driver's limit.
    public var floor = false
    /// Seed of the sprites' places and velocities.
    public var seed: UInt64 = 1
    /// Draws the HUD over the sprites.
    public var hud = false
    /// Keeps freed heap memory in the process (mallopt: no trim below 256 MiB, no mmap below
    /// 32 MiB), so the driver's per-frame allocations do not fault and zero pages every frame.
    public var keepFreedMemory = true
    /// Draws all-white batches with the program without a colour varying, as the kiosk does;
    /// false draws them with the colour program (`--no-white-program`), to measure the variant.
    public var whiteProgram = true
    /// Writes the last frame as PNG here.
    public var screenshotPath: String?
    /// Records the call stack of every allocation our code makes on the render thread during
    /// the measured frames (`BenchResult.renderThreadAllocationStacks`; GADGETBOARD_MALLOC_TRACE=1).
    public var traceAllocations = false

    public init() {}
}
