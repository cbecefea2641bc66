/* cuda_gl_interop.h - CUDA's OpenGL interop API (runtime), declared so that
 * programs with an OpenGL display path compile and link.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Loom runs on the CPU with no OpenGL context to share buffers with: every
 * function here returns cudaErrorNotSupported (and records it as the last
 * error), with outputs zeroed. Programs that fall back to plain device memory
 * when registration fails keep working. The generic cudaGraphics* calls
 * (map, unmap, mapped pointer, unregister) are in cuda_runtime_api.h, as in
 * CUDA. No OpenGL headers are needed (loom/__loom_gl_types.h). Valid C and C++.
 */
#ifndef LOOM_CUDA_GL_INTEROP_H
#define LOOM_CUDA_GL_INTEROP_H
/* The toolkit header's guard. */
#define __CUDA_GL_INTEROP_H__

#include "cuda_runtime_api.h"
#include "loom/__loom_gl_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* Which devices cudaGLGetDevices reports. */
enum cudaGLDeviceList {
  cudaGLDeviceListAll = 1,
  cudaGLDeviceListCurrentFrame = 2,
  cudaGLDeviceListNextFrame = 3
};

/* Loom: *pCudaDeviceCount = 0 (no device drives an OpenGL context). */
cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                             unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image,
                                        GLenum target, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer,
                                         unsigned int flags);

/* Deprecated since CUDA 3.0, still declared by CUDA 12. */
enum cudaGLMapFlags {
  cudaGLMapFlagsNone = 0,
  cudaGLMapFlagsReadOnly = 1,
  cudaGLMapFlagsWriteDiscard = 2
};

cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
cudaError_t cudaGLUnmapBufferObject(GLuint bufObj);
cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);

#if defined(__cplusplus)
}
#endif

#endif /* LOOM_CUDA_GL_INTEROP_H */
