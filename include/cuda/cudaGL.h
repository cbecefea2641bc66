/* cudaGL.h - CUDA's OpenGL interop API (driver), declared so that programs
 * with an OpenGL display path compile and link.
 * SPDX-License-Identifier: Apache-2.0
 *
 * As with cuda_gl_interop.h, Loom has no OpenGL context to share: every call
 * returns CUDA_ERROR_NOT_SUPPORTED with outputs zeroed. The generic
 * cuGraphics* calls are in cuda.h. No OpenGL headers are needed. Valid C and
 * C++.
 */
#ifndef LOOM_CUDAGL_H
#define LOOM_CUDAGL_H
/* The toolkit header's guard. */
#define CUDAGL_H

#include "cuda.h"
#include "loom/__loom_gl_types.h"

#if !defined(__LOOM_DRIVER_API_INTERNAL)
#define cuGLGetDevices cuGLGetDevices_v2
#define cuGLCtxCreate cuGLCtxCreate_v2
#define cuGLMapBufferObject cuGLMapBufferObject_v2
#define cuGLMapBufferObjectAsync cuGLMapBufferObjectAsync_v2
#endif

#if defined(__cplusplus)
extern "C" {
#endif

typedef enum CUGLDeviceList_enum {
  CU_GL_DEVICE_LIST_ALL = 0x01,
  CU_GL_DEVICE_LIST_CURRENT_FRAME = 0x02,
  CU_GL_DEVICE_LIST_NEXT_FRAME = 0x03
} CUGLDeviceList;

CUresult cuGraphicsGLRegisterBuffer(CUgraphicsResource *pCudaResource, GLuint buffer,
                                    unsigned int Flags);
CUresult cuGraphicsGLRegisterImage(CUgraphicsResource *pCudaResource, GLuint image,
                                   GLenum target, unsigned int Flags);
/* Loom: *pCudaDeviceCount = 0. */
CUresult cuGLGetDevices_v2(unsigned int *pCudaDeviceCount, CUdevice *pCudaDevices,
                           unsigned int cudaDeviceCount, CUGLDeviceList deviceList);

/* Deprecated, still declared by CUDA 12. */
typedef enum CUGLmap_flags_enum {
  CU_GL_MAP_RESOURCE_FLAGS_NONE = 0x00,
  CU_GL_MAP_RESOURCE_FLAGS_READ_ONLY = 0x01,
  CU_GL_MAP_RESOURCE_FLAGS_WRITE_DISCARD = 0x02
} CUGLmap_flags;

CUresult cuGLInit(void);
CUresult cuGLCtxCreate_v2(CUcontext *pCtx, unsigned int Flags, CUdevice device);
CUresult cuGLRegisterBufferObject(GLuint buffer);
CUresult cuGLMapBufferObject_v2(CUdeviceptr *dptr, size_t *size, GLuint buffer);
CUresult cuGLUnmapBufferObject(GLuint buffer);
CUresult cuGLUnregisterBufferObject(GLuint buffer);
CUresult cuGLSetBufferObjectMapFlags(GLuint buffer, unsigned int Flags);
CUresult cuGLMapBufferObjectAsync_v2(CUdeviceptr *dptr, size_t *size, GLuint buffer,
                                     CUstream hStream);
CUresult cuGLUnmapBufferObjectAsync(GLuint buffer, CUstream hStream);

#if defined(__cplusplus)
}
#endif

#endif /* LOOM_CUDAGL_H */
