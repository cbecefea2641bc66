// Interop.cpp - graphics interop (cuda_gl_interop.h, cudaGL.h and the generic
// cudaGraphics*/cuGraphics* calls): declared so programs compile and link,
// not supported.
// SPDX-License-Identifier: Apache-2.0
//
// Loom has no OpenGL (or other graphics) context whose buffers kernels could
// use, so nothing can be registered: every call zeroes its outputs and
// returns cudaErrorNotSupported (recorded as the last error, not sticky) or
// CUDA_ERROR_NOT_SUPPORTED. Programs that check the result can fall back to
// plain device memory.
#define __LOOM_DRIVER_API_INTERNAL 1
#include "cudaGL.h"
#include "cuda_gl_interop.h"

#include "support/ApiError.h"

using loom::recordError;

namespace {

/// Records the failure for the interop call that called it (its name, file
/// and line are the caller's, as recordError's would be).
cudaError_t notSupported(const char *Function = __builtin_FUNCTION(),
                         const char *File = __builtin_FILE(), int Line = __builtin_LINE()) {
  return recordError(cudaErrorNotSupported,
                     loom::why("graphics interop is not supported: Loom has no graphics context"),
                     Function, File, Line);
}

/// The driver API's counterpart: logs the failure (LOOM_LOG=errors) for the
/// calling cu* function and returns CUDA_ERROR_NOT_SUPPORTED.
CUresult driverNotSupported(const char *Function = __builtin_FUNCTION(),
                            const char *File = __builtin_FILE(),
                            int Line = __builtin_LINE()) {
  loom::logFailure(
      Function, "CUDA_ERROR_NOT_SUPPORTED",
      "graphics interop is not supported: Loom has no graphics context", File,
      Line);
  return CUDA_ERROR_NOT_SUPPORTED;
}

template <class T> void clear(T *Out) {
  if (Out)
    *Out = T();
}

} // namespace

extern "C" {

// ---- Runtime: generic graphics resources (cuda_runtime_api.h) ----------------

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t) { return notSupported(); }

cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t, unsigned int) {
  return notSupported();
}

cudaError_t cudaGraphicsMapResources(int, cudaGraphicsResource_t *, cudaStream_t) {
  return notSupported();
}

cudaError_t cudaGraphicsUnmapResources(int, cudaGraphicsResource_t *, cudaStream_t) {
  return notSupported();
}

cudaError_t cudaGraphicsResourceGetMappedPointer(void **DevPtr, size_t *Size,
                                                 cudaGraphicsResource_t) {
  clear(DevPtr);
  clear(Size);
  return notSupported();
}

cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *Array, cudaGraphicsResource_t,
                                                  unsigned int, unsigned int) {
  clear(Array);
  return notSupported();
}

cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *Array,
                                                        cudaGraphicsResource_t) {
  clear(Array);
  return notSupported();
}

// ---- Runtime: OpenGL (cuda_gl_interop.h) -------------------------------------

cudaError_t cudaGLGetDevices(unsigned int *Count, int *, unsigned int, enum cudaGLDeviceList) {
  clear(Count);
  return notSupported();
}

cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **Resource, GLuint, GLenum,
                                        unsigned int) {
  clear(Resource);
  return notSupported();
}

cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **Resource, GLuint,
                                         unsigned int) {
  clear(Resource);
  return notSupported();
}

cudaError_t cudaGLSetGLDevice(int) { return notSupported(); }
cudaError_t cudaGLRegisterBufferObject(GLuint) { return notSupported(); }

cudaError_t cudaGLMapBufferObject(void **DevPtr, GLuint) {
  clear(DevPtr);
  return notSupported();
}

cudaError_t cudaGLUnmapBufferObject(GLuint) { return notSupported(); }
cudaError_t cudaGLUnregisterBufferObject(GLuint) { return notSupported(); }
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint, unsigned int) { return notSupported(); }

cudaError_t cudaGLMapBufferObjectAsync(void **DevPtr, GLuint, cudaStream_t) {
  clear(DevPtr);
  return notSupported();
}

cudaError_t cudaGLUnmapBufferObjectAsync(GLuint, cudaStream_t) { return notSupported(); }

// ---- Driver: generic graphics resources (cuda.h) -----------------------------

CUresult cuGraphicsUnregisterResource(CUgraphicsResource) {
  return driverNotSupported();
}

CUresult cuGraphicsMapResources(unsigned int, CUgraphicsResource *, CUstream) {
  return driverNotSupported();
}

CUresult cuGraphicsUnmapResources(unsigned int, CUgraphicsResource *, CUstream) {
  return driverNotSupported();
}

CUresult cuGraphicsResourceGetMappedPointer_v2(CUdeviceptr *DevPtr, size_t *Size,
                                               CUgraphicsResource) {
  clear(DevPtr);
  clear(Size);
  return driverNotSupported();
}

CUresult cuGraphicsResourceGetMappedPointer(CUdeviceptr *DevPtr, size_t *Size,
                                            CUgraphicsResource Resource) {
  return cuGraphicsResourceGetMappedPointer_v2(DevPtr, Size, Resource);
}

CUresult cuGraphicsSubResourceGetMappedArray(CUarray *Array, CUgraphicsResource, unsigned int,
                                             unsigned int) {
  clear(Array);
  return driverNotSupported();
}

CUresult cuGraphicsResourceSetMapFlags_v2(CUgraphicsResource, unsigned int) {
  return driverNotSupported();
}

CUresult cuGraphicsResourceSetMapFlags(CUgraphicsResource Resource, unsigned int Flags) {
  return cuGraphicsResourceSetMapFlags_v2(Resource, Flags);
}

// ---- Driver: OpenGL (cudaGL.h) -------------------------------------------------

CUresult cuGraphicsGLRegisterBuffer(CUgraphicsResource *Resource, GLuint, unsigned int) {
  clear(Resource);
  return driverNotSupported();
}

CUresult cuGraphicsGLRegisterImage(CUgraphicsResource *Resource, GLuint, GLenum, unsigned int) {
  clear(Resource);
  return driverNotSupported();
}

CUresult cuGLGetDevices_v2(unsigned int *Count, CUdevice *, unsigned int, CUGLDeviceList) {
  clear(Count);
  return driverNotSupported();
}

CUresult cuGLGetDevices(unsigned int *Count, CUdevice *Devices, unsigned int Size,
                        CUGLDeviceList List) {
  return cuGLGetDevices_v2(Count, Devices, Size, List);
}

CUresult cuGLInit(void) { return driverNotSupported(); }

CUresult cuGLCtxCreate_v2(CUcontext *Ctx, unsigned int, CUdevice) {
  clear(Ctx);
  return driverNotSupported();
}

CUresult cuGLCtxCreate(CUcontext *Ctx, unsigned int Flags, CUdevice Device) {
  return cuGLCtxCreate_v2(Ctx, Flags, Device);
}

CUresult cuGLRegisterBufferObject(GLuint) { return driverNotSupported(); }

CUresult cuGLMapBufferObject_v2(CUdeviceptr *DevPtr, size_t *Size, GLuint) {
  clear(DevPtr);
  clear(Size);
  return driverNotSupported();
}

CUresult cuGLMapBufferObject(CUdeviceptr *DevPtr, size_t *Size, GLuint Buffer) {
  return cuGLMapBufferObject_v2(DevPtr, Size, Buffer);
}

CUresult cuGLUnmapBufferObject(GLuint) { return driverNotSupported(); }
CUresult cuGLUnregisterBufferObject(GLuint) { return driverNotSupported(); }
CUresult cuGLSetBufferObjectMapFlags(GLuint, unsigned int) {
  return driverNotSupported();
}

CUresult cuGLMapBufferObjectAsync_v2(CUdeviceptr *DevPtr, size_t *Size, GLuint, CUstream) {
  clear(DevPtr);
  clear(Size);
  return driverNotSupported();
}

CUresult cuGLMapBufferObjectAsync(CUdeviceptr *DevPtr, size_t *Size, GLuint Buffer,
                                  CUstream Stream) {
  return cuGLMapBufferObjectAsync_v2(DevPtr, Size, Buffer, Stream);
}

CUresult cuGLUnmapBufferObjectAsync(GLuint, CUstream) {
  return driverNotSupported();
}

} // extern "C"
