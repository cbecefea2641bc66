// Error.cpp - cudaGetLastError, cudaPeekAtLastError, cudaGetErrorName, cudaGetErrorString.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "support/ApiError.h"
#include "support/ErrorTable.h"

namespace {

using ErrorEntry = loom::ErrorInfo;

const ErrorEntry *findError(cudaError_t Code) {
  return loom::findErrorInfo(loom::ErrorApi::Runtime, Code);
}

/// What CUDA answers for a value that is not an error code.
constexpr const char *UnrecognizedError = "unrecognized error code";

} // namespace

extern "C" {

cudaError_t cudaGetLastError(void) { return loom::takeLastError(); }

cudaError_t cudaPeekAtLastError(void) { return loom::peekLastError(); }

const char *cudaGetErrorName(cudaError_t Error) {
  const ErrorEntry *Entry = findError(Error);
  return Entry ? Entry->Name : UnrecognizedError;
}

const char *cudaGetErrorString(cudaError_t Error) {
  const ErrorEntry *Entry = findError(Error);
  return Entry ? Entry->Description : UnrecognizedError;
}

} // extern "C"
