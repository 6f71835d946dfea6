import GadgetCore

extension BoardScene {
    /// Pages crossfade (`PageCrossfade`): per gadget (board order), the factor its opacity is
    /// drawn with from the next frame; nil when no fade runs. Every change raises the background
    /// revision, so damage tracking redraws the whole screen on each frame of the fade and on the
    /// first after it: a fade changes the pixels of two whole pages at once, and the per-gadget
    /// look damage compares does not carry the factor. Thread: the render thread.
    public func setCrossfade(_ opacities: [Double]?) {
        guard opacities != crossfadeOpacities else { return }
        crossfadeOpacities = opacities
        backgroundRevision += 1
    }
}

extension BoardScene {
    /// Whether the image at `path` is in the atlas (not a placeholder waiting for its decode).
    public func showsImage(_ path: String) -> Bool {
        imagePaths.contains(path) && !pendingImages.contains(path)
    }
}
