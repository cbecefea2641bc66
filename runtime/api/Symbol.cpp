// Symbol.cpp - copies to and from __device__/__constant__ variables named by their host shadow.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "api/Transfer.h"
#include "core/KernelRegistry.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

using loom::KernelRegistry;
using loom::recordError;
using loom::why;

namespace {

/// Resolves the symbol and checks [Offset, Offset + Count) lies inside it.
cudaError_t symbolRange(const void *Symbol, size_t Count, size_t Offset, char **Address) {
  void *Base;
  size_t Size;
  if (!Symbol)
    return loom::failWith(cudaErrorInvalidSymbol, "symbol is null");
  if (cudaError_t Error = KernelRegistry::get().lookupVar(Symbol, &Base, &Size))
    return Error;
  if (Offset > Size || Count > Size - Offset)
    return loom::failWith(cudaErrorInvalidValue,
                          "offset %zu + count %zu bytes exceed symbol %p's %zu bytes", Offset,
                          Count, Symbol, Size);
  *Address = static_cast<char *>(Base) + Offset;
  return cudaSuccess;
}

cudaError_t copyToSymbol(const void *Symbol, const void *Src, size_t Count, size_t Offset,
                         cudaMemcpyKind Kind, cudaStream_t Stream, bool Async) {
  if (Kind != cudaMemcpyHostToDevice && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return loom::failWith(cudaErrorInvalidMemcpyDirection,
                          "kind %d: a copy to a symbol must be host-to-device, device-to-device "
                          "or default", int(Kind));
  char *Address;
  if (cudaError_t Error = symbolRange(Symbol, Count, Offset, &Address))
    return Error;
  return loom::submitCopy(Address, Count, Src, Count, Count, 1, Kind, Stream, Async,
                          loom::TrustDst);
}

cudaError_t copyFromSymbol(void *Dst, const void *Symbol, size_t Count, size_t Offset,
                           cudaMemcpyKind Kind, cudaStream_t Stream, bool Async) {
  if (Kind != cudaMemcpyDeviceToHost && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return loom::failWith(cudaErrorInvalidMemcpyDirection,
                          "kind %d: a copy from a symbol must be device-to-host, device-to-device "
                          "or default", int(Kind));
  char *Address;
  if (cudaError_t Error = symbolRange(Symbol, Count, Offset, &Address))
    return Error;
  return loom::submitCopy(Dst, Count, Address, Count, Count, 1, Kind, Stream, Async,
                          loom::TrustSrc);
}

} // namespace

extern "C" {

cudaError_t cudaMemcpyToSymbol(const void *Symbol, const void *Src, size_t Count,
                               size_t Offset, enum cudaMemcpyKind Kind) {
  return recordError(copyToSymbol(Symbol, Src, Count, Offset, Kind, nullptr, false));
}

cudaError_t cudaMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Count, size_t Offset,
                                 enum cudaMemcpyKind Kind) {
  return recordError(copyFromSymbol(Dst, Symbol, Count, Offset, Kind, nullptr, false));
}

cudaError_t cudaMemcpyToSymbolAsync(const void *Symbol, const void *Src, size_t Count,
                                    size_t Offset, enum cudaMemcpyKind Kind,
                                    cudaStream_t Stream) {
  return recordError(copyToSymbol(Symbol, Src, Count, Offset, Kind, Stream, true));
}

cudaError_t cudaMemcpyFromSymbolAsync(void *Dst, const void *Symbol, size_t Count,
                                      size_t Offset, enum cudaMemcpyKind Kind,
                                      cudaStream_t Stream) {
  return recordError(copyFromSymbol(Dst, Symbol, Count, Offset, Kind, Stream, true));
}

cudaError_t cudaGetSymbolAddress(void **DevPtr, const void *Symbol) {
  if (!DevPtr)
    return recordError(cudaErrorInvalidValue, why("DevPtr is null"));
  size_t Size;
  if (!Symbol)
    return recordError(cudaErrorInvalidSymbol, why("Symbol is null"));
  if (cudaError_t Error = KernelRegistry::get().lookupVar(Symbol, DevPtr, &Size))
    return recordError(Error);
  // The program may now pass the address to copies and fills: track it.
  loom::Runtime::get().allocator().noteSymbol(*DevPtr, Size);
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *Size, const void *Symbol) {
  if (!Size)
    return recordError(cudaErrorInvalidValue, why("Size is null"));
  void *Address;
  if (!Symbol)
    return recordError(cudaErrorInvalidSymbol, why("Symbol is null"));
  return recordError(KernelRegistry::get().lookupVar(Symbol, &Address, Size));
}

} // extern "C"
