/// One thing that sounds: a board's clip, a video's soundtrack, (later) speech. The mixer asks
/// every voice for each chunk.
///
/// Thread: `mix` is called only on the audio thread, once per period (≤ 10 ms of frames); it must
/// not block, wait on a lock another thread holds for long, or allocate in steady state.
public protocol AudioVoice: AnyObject {
    /// ADDS this voice's next `frames` frames (already times its own gain) into `mix`, which holds
    /// `frames * format.channels` interleaved samples and the other voices' sum. Returns false
    /// once the voice has finished (it may still have added its last samples); the mixer then
    /// drops it.
    func mix(into mix: UnsafeMutableBufferPointer<Float>, frames: Int, format: AudioFormat, timing: AudioRenderTiming) -> Bool
}
