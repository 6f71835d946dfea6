// Sprite batcher vertex shader (GLSL ES 1.00).
// Positions arrive in board canvas pixels; u_transform maps them to clip space, carrying the
// letterbox fit, the display rotation and the y flip in one 3x3 matrix, so vertices are written
// once per sprite on the CPU and never re-transformed per display.
// Compiled twice: as is, and with WHITE_VERTICES defined for batches whose every vertex colour is
// opaque white (images drawn as they are, the common case), which then carry no colour varying:
// less setup per triangle and less interpolation per pixel in the GPU (or llvmpipe).
attribute vec2 a_position;
attribute vec2 a_texcoord;
attribute vec4 a_color;     // premultiplied alpha, opacity folded in

uniform mat3 u_transform;

varying vec2 v_texcoord;
#ifndef WHITE_VERTICES
varying vec4 v_color;
#endif

void main() {
    vec3 p = u_transform * vec3(a_position, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_texcoord = a_texcoord;
#ifndef WHITE_VERTICES
    v_color = a_color;
#endif
}
