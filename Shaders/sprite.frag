// Sprite batcher fragment shader (GLSL ES 1.00).
// Textures hold premultiplied alpha and every atlas page has a white block, so a solid colour is
// "white texel × vertex colour" and never needs a different program or texture (no batch break).
// With WHITE_VERTICES (see sprite.vert) the texel is drawn as it is.
// With SMOOTH_EDGES the colour is scaled by the pixel's coverage: 0.5 minus its signed distance
// (display px) to the quad's outline (a rounded rectangle; radius 0 for a plain one), times its
// coverage by the clip rectangle. The quad arrives grown by half a pixel, so the outer half of
// the ramp is drawn; its texcoords are clamped to the quad's own rectangle, so that fringe
// never samples a neighbour in the atlas. docs/rendering.md says why this method.
precision mediump float;

uniform sampler2D u_texture;

#ifdef SMOOTH_EDGES
// The clamp is arithmetic on texture coordinates: at mediump (16-bit floats on Mesa's llvmpipe,
// and on GPUs that have them) a 4096-texel page's coordinates lose whole texels and text turns
// jagged. highp where the fragment stage has it (GLSL ES 1.00 lets the stages differ).
#ifdef GL_FRAGMENT_PRECISION_HIGH
#define TEXCOORD_PRECISION highp
#else
#define TEXCOORD_PRECISION mediump
#endif
varying TEXCOORD_PRECISION vec2 v_texcoord;
#else
varying vec2 v_texcoord;
#endif
#ifndef WHITE_VERTICES
varying vec4 v_color;
#endif
#ifdef SMOOTH_EDGES
varying vec4 v_edge;
varying TEXCOORD_PRECISION vec4 v_bounds;
varying float v_radius;
varying vec4 v_clip;
#endif

void main() {
#ifdef SMOOTH_EDGES
    vec4 texel = texture2D(u_texture, clamp(v_texcoord, v_bounds.xy, v_bounds.zw));
    // Distance inside the nearer vertical and horizontal edge, then the rounded-box distance
    // (positive outside), as in Inigo Quilez's 2-D distance functions.
    vec2 inside = min(v_edge.xz, v_edge.yw);
    vec2 q = vec2(v_radius) - inside;
    float outside = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - v_radius;
    vec2 clip = min(v_clip.xy, v_clip.zw);
    float coverage = clamp(0.5 - outside, 0.0, 1.0) * clamp(0.5 + min(clip.x, clip.y), 0.0, 1.0);
#ifdef WHITE_VERTICES
    gl_FragColor = texel * coverage;
#else
    gl_FragColor = texel * (v_color * coverage);
#endif
#else
#ifdef WHITE_VERTICES
    gl_FragColor = texture2D(u_texture, v_texcoord);
#else
    gl_FragColor = texture2D(u_texture, v_texcoord) * v_color;
#endif
#endif
}
