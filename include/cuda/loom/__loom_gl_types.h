/* __loom_gl_types.h - the OpenGL types CUDA's GL interop headers name.
 * SPDX-License-Identifier: Apache-2.0
 *
 * NVIDIA's cuda_gl_interop.h and cudaGL.h include the system's GL/gl.h; Loom's
 * do not need OpenGL headers installed, so they declare the two types they use
 * themselves. Every OpenGL header declares both as unsigned int, so a
 * repeated typedef is harmless in C++ and C11. The declarations are skipped
 * when an OpenGL header (gl.h, GLEW, glad, glcorearb, GLES) was included first,
 * which also keeps C99 builds free of redefinition warnings.
 */
#ifndef LOOM_GL_TYPES_H
#define LOOM_GL_TYPES_H

#if !defined(__gl_h_) && !defined(__GL_H__) && !defined(__glew_h__) &&                 \
    !defined(__glad_h_) && !defined(__gl_glcorearb_h_) && !defined(__glcorearb_h_) &&  \
    !defined(__gl2_h_) && !defined(__gl3_h_) && !defined(__gl32_h_) &&                 \
    !defined(GL_VERSION_1_0) && !defined(GL_VERSION_1_1) && !defined(GL_ES_VERSION_2_0)
typedef unsigned int GLenum;
typedef unsigned int GLuint;
#endif

#endif /* LOOM_GL_TYPES_H */
