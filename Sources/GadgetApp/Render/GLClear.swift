import CGLES2

/// Clears the bound framebuffer to opaque black (idle blanking's black frame).
func glClearBlack() {
    glClearColor(0, 0, 0, 1)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
}
