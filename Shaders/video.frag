// Video fragment shader (GLSL ES 1.00): Y'CbCr to R'G'B' on the GPU, so the CPU only copies
// planes (converting on the CPU is the slow path: docs/signage-notes.md, LVGL #8422, Anthias).
// u_yuv and u_offset carry the stream's matrix (BT.601 or BT.709) and range (limited or full),
// computed once by VideoColor.conversion. Planes are luminance textures sampled at the same
// coordinates, so 4:2:0, 4:2:2 and 4:4:4 need no change here. With NV12 defined, chroma is one
// luminance-alpha texture (Cb in .r, Cr in .a).
// Compiled with EXTERNAL defined for dma-buf frames imported as one EGLImage (zero copy): the
// driver samples the YUV image as RGB itself.
#ifdef EXTERNAL
#extension GL_OES_EGL_image_external : require
#endif
precision mediump float;

#ifdef EXTERNAL
uniform samplerExternalOES u_image;
#else
uniform sampler2D u_y;
uniform sampler2D u_u;
uniform sampler2D u_v;
uniform mat3 u_yuv;
uniform vec3 u_offset;
#endif
uniform float u_opacity;

varying vec2 v_texcoord;

void main() {
#ifdef EXTERNAL
    vec3 rgb = texture2D(u_image, v_texcoord).rgb;
#else
    float y = texture2D(u_y, v_texcoord).r;
#ifdef NV12
    vec4 c = texture2D(u_u, v_texcoord);
    vec3 yuv = vec3(y, c.r, c.a);
#else
    vec3 yuv = vec3(y, texture2D(u_u, v_texcoord).r, texture2D(u_v, v_texcoord).r);
#endif
    vec3 rgb = clamp(u_yuv * yuv + u_offset, 0.0, 1.0);
#endif
    // Premultiplied, as the batcher blends (ONE, ONE_MINUS_SRC_ALPHA).
    gl_FragColor = vec4(rgb * u_opacity, u_opacity);
}
