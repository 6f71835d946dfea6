import GadgetShaders

/// The embedded GLSL sources (decoded once).
enum ShaderSourceText {
    static let vertex = ShaderSource.spriteVertex
    static let fragment = ShaderSource.spriteFragment
    static let videoVertex = ShaderSource.videoVertex
    static let videoFragment = ShaderSource.videoFragment
}
