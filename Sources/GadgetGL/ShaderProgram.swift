import CGLES2

/// A linked GLES2 program with its attribute and uniform locations.
/// Thread: the render thread; `destroy()` before the context goes away.
public final class ShaderProgram {
    package private(set) var id: GLuint

    public init(vertex: String, fragment: String, attributes: [String]) throws(GLError) {
        let vs = try ShaderProgram.compile(vertex, type: GLenum(GL_VERTEX_SHADER), stage: "vertex")
        let fs: GLuint
        do { fs = try ShaderProgram.compile(fragment, type: GLenum(GL_FRAGMENT_SHADER), stage: "fragment") } catch { glDeleteShader(vs); throw error }
        let program = glCreateProgram()
        glAttachShader(program, vs)
        glAttachShader(program, fs)
        // Fixed attribute slots, bound before linking, so the batcher's vertex layout is static.
        for (i, name) in attributes.enumerated() { glBindAttribLocation(program, GLuint(i), name) }
        glLinkProgram(program)
        glDeleteShader(vs)
        glDeleteShader(fs)
        var status: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &status)
        guard status != 0 else {
            let log = ShaderProgram.log(program, getter: glGetProgramiv, info: glGetProgramInfoLog)
            glDeleteProgram(program)
            throw .link(log: log)
        }
        id = program
    }

    public func uniform(_ name: String) -> GLint { glGetUniformLocation(id, name) }

    public func use() { glUseProgram(id) }

    public func destroy() {
        if id != 0 { glDeleteProgram(id); id = 0 }
    }

    private static func compile(_ source: String, type: GLenum, stage: String) throws(GLError) -> GLuint {
        let shader = glCreateShader(type)
        source.withCString { cstr in
            var ptr: UnsafePointer<GLchar>? = cstr
            glShaderSource(shader, 1, &ptr, nil)
        }
        glCompileShader(shader)
        var status: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &status)
        guard status != 0 else {
            let log = ShaderProgram.log(shader, getter: glGetShaderiv, info: glGetShaderInfoLog)
            glDeleteShader(shader)
            throw .shader(stage: stage, log: log)
        }
        return shader
    }

    private static func log(_ object: GLuint,
                            getter: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
                            info: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void) -> String {
        var length: GLint = 0
        getter(object, GLenum(GL_INFO_LOG_LENGTH), &length)
        guard length > 1 else { return "(no log)" }
        var buffer = [GLchar](repeating: 0, count: Int(length))
        info(object, length, nil, &buffer)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").joined(separator: " ")
    }
}
