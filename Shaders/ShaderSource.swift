// GLSL ES 1.00 sources, embedded into the binary at build time (SwiftPM `.embedInCode`), so the
// executable needs no files beside it on the panel.

/// The sprite batcher's shaders as UTF-8 text.
public enum ShaderSource {
    public static var spriteVertex: String { String(decoding: PackageResources.sprite_vert, as: UTF8.self) }
    /// A video's own quad and its Y'CbCr program (`VideoProgram`).
    public static var videoVertex: String { String(decoding: PackageResources.video_vert, as: UTF8.self) }
    public static var videoFragment: String { String(decoding: PackageResources.video_frag, as: UTF8.self) }
    public static var spriteFragment: String { String(decoding: PackageResources.sprite_frag, as: UTF8.self) }
}
