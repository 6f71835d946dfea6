import CGLES2

extension ShaderProgram {
    // GL sets a uniform of the program in use: call `use()` first. Locations from `uniform(_:)`.

    public func set(_ location: Int32, int value: Int32) { glUniform1i(location, value) }

    public func set(_ location: Int32, float value: Float) { glUniform1f(location, value) }

    public func set(_ location: Int32, _ x: Float, _ y: Float, _ z: Float) { glUniform3f(location, x, y, z) }

    /// A mat3 from 9 floats, column by column (GLES2 takes no transposed matrices).
    public func set(_ location: Int32, matrix3 columns: UnsafePointer<Float>) {
        glUniformMatrix3fv(location, 1, GLboolean(GL_FALSE), columns)
    }
}
