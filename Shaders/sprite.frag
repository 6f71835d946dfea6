// Sprite batcher fragment shader (GLSL ES 1.00).
// Textures hold premultiplied alpha and every atlas page has a white block, so a solid colour is
// "white texel × vertex colour" and never needs a different program or texture (no batch break).
// With WHITE_VERTICES (see sprite.vert) the texel is drawn as it is.
precision mediump float;

uniform sampler2D u_texture;

varying vec2 v_texcoord;
#ifndef WHITE_VERTICES
varying vec4 v_color;
#endif

void main() {
#ifdef WHITE_VERTICES
    gl_FragColor = texture2D(u_texture, v_texcoord);
#else
    gl_FragColor = texture2D(u_texture, v_texcoord) * v_color;
#endif
}
