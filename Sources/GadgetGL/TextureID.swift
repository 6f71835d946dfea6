import CGLES2

/// A GL texture name as it crosses module boundaries (the batcher's draws, the HUD's white texel,
/// a static batch): its own type, so it cannot be mixed up with a buffer, a program or a count.
/// Only this package's GL modules make one (from a `Texture`) or open it.
public struct TextureID: Hashable, Sendable {
    @usableFromInline package let name: GLuint
    @usableFromInline package init(_ name: GLuint) { self.name = name }

    /// No texture (a batch that has not begun).
    public static let none = TextureID(0)
}
