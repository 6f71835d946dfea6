import GadgetShaders

/// The embedded GLSL sources (decoded once).
enum ShaderSourceText {
    static let vertex = ShaderSource.spriteVertex
    static let fragment = ShaderSource.spriteFragment
}
