// Sprite batcher vertex shader (GLSL ES 1.00).
// Positions arrive in board canvas pixels; u_transform maps them to clip space, carrying the
// letterbox fit, the display rotation and the y flip in one 3x3 matrix, so vertices are written
// once per sprite on the CPU and never re-transformed per display.
// Compiled four ways (SpriteBatcher.Variant): with WHITE_VERTICES defined for batches whose every
// vertex colour is opaque white (images drawn as they are, the common case), which then carry no
// colour varying: less setup per triangle and less interpolation per pixel in the GPU (or
// llvmpipe); and with SMOOTH_EDGES for batches holding gadgets, whose edges are anti-aliased from
// each quad's own distances and which are clipped to the board (docs/rendering.md).
attribute vec2 a_position;
attribute vec2 a_texcoord;
attribute vec4 a_color;     // premultiplied alpha, opacity folded in
#ifdef SMOOTH_EDGES
attribute vec4 a_edge;      // display px inside the quad's left, right, top and bottom edges
attribute vec4 a_bounds;    // the quad's texture rectangle (u0, v0, u1, v1): texcoords clamp to it
attribute float a_radius;   // corner radius, display px (half the side: a round dot)
#endif

uniform mat3 u_transform;
#ifdef SMOOTH_EDGES
uniform vec4 u_clip;        // board px rectangle (x0, y0, x1, y1) nothing is drawn outside of
uniform float u_pixelScale; // display px per board px
#endif

varying vec2 v_texcoord;
#ifndef WHITE_VERTICES
varying vec4 v_color;
#endif
#ifdef SMOOTH_EDGES
varying vec4 v_edge;
varying vec4 v_bounds;
varying float v_radius;
varying vec4 v_clip;
#endif

void main() {
    vec3 p = u_transform * vec3(a_position, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_texcoord = a_texcoord;
#ifndef WHITE_VERTICES
    v_color = a_color;
#endif
#ifdef SMOOTH_EDGES
    v_edge = a_edge;
    v_bounds = a_bounds;
    v_radius = a_radius;
    // Distances inside the clip rectangle, display px: linear in the position, so interpolating
    // them per pixel is exact.
    v_clip = vec4(a_position - u_clip.xy, u_clip.zw - a_position) * u_pixelScale;
#endif
}
