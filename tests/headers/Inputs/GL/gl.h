/* A stand-in for the system's OpenGL header (which tests cannot assume is
 * installed): the guard and type declarations Mesa's GL/gl.h has. */
#ifndef __gl_h_
#define __gl_h_
#define __GL_H__
typedef unsigned int GLenum;
typedef unsigned int GLuint;
typedef int GLint;
#define GL_VERSION_1_1 1
#define GL_TEXTURE_2D 0x0DE1
#endif
