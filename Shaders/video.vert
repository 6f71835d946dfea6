// Video quad vertex shader (GLSL ES 1.00): the sprite batcher's mapping (board pixels through
// u_transform to clip space), for a video's own quad drawn between the batcher's sprites.
attribute vec2 a_position;
attribute vec2 a_texcoord;

uniform mat3 u_transform;

varying vec2 v_texcoord;

void main() {
    vec3 p = u_transform * vec3(a_position, 1.0);
    gl_Position = vec4(p.xy, 0.0, 1.0);
    v_texcoord = a_texcoord;
}
