// Sprite batcher vertex shader (GLSL ES 1.00).
// Positions arrive in board canvas pixels; u_transform maps them to clip space, carrying the
// letterbox fit, the display rotation and the y flip in one 3x3 matrix, so vertices are written
// once per sprite on the CPU and never re-transformed per display.
attribute vec2 a_position;
attribute vec2 a_texcoord;
attribute vec4 a_color;     // premultiplied alpha, opacity folded in

uniform mat3 u_transform;

varying vec2 v_texcoord;
varying vec4 v_color;

void main() {
    vec3 p = u_transform * vec3(a_position, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_texcoord = a_texcoord;
    v_color = a_color;
}
