import CGLES2

/// A GL texture name as it crosses module boundaries (the batcher's draws, the HUD's white texel,
/// a static batch): its own type, so it cannot be mixed up with a buffer, a program or a count.
/// Only GadgetRender makes one (from a `Texture`) or opens it.
public struct TextureID: Hashable, Sendable {
    @usableFromInline let name: GLuint
    @usableFromInline init(_ name: GLuint) { self.name = name }

    /// No texture (a batch that has not begun).
    public static let none = TextureID(0)
}
