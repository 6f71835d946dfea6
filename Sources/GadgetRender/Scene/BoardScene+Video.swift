import GadgetCore

extension BoardScene {
    /// Gadget `index` shows a new video frame: its content revision goes up, so damage tracking
    /// redraws the video's rectangle (and nothing else on its account). Out of range: ignored (a
    /// board replaced under a player). Thread: the render thread.
    public func videoFrameChanged(_ index: Int) {
        guard contentRevisions.indices.contains(index) else { return }
        contentRevisions[index] += 1
    }
}
