// ErrorTable.h - the runtime's and the driver API's error tables, generated once.
// SPDX-License-Identifier: Apache-2.0
//
// cudaError_t (include/cuda/loom/__loom_cuda_errors.def) and CUresult
// (__loom_cu_errors.def) each have one table generated from their .def
// file: code, enumerator name, CUDA's description. Both tables, the entry
// type and the lookup live in ErrorTable.cpp; cudaGetErrorName/String
// (api/Error.cpp) and cuGetErrorName/String (api/DriverApi.cpp) read them.
#ifndef LOOM_SUPPORT_ERRORTABLE_H
#define LOOM_SUPPORT_ERRORTABLE_H

namespace loom {

struct ErrorInfo {
  int Value;               // the code's number
  const char *Name;        // the enumerator, e.g. "cudaErrorInvalidValue"
  const char *Description; // CUDA's text, e.g. "invalid argument"
};

/// Which API's codes: cudaError_t or CUresult.
enum class ErrorApi { Runtime, Driver };

/// The entry of \p Api's table for \p Code, or null for a code it lacks.
const ErrorInfo *findErrorInfo(ErrorApi Api, int Code);

} // namespace loom

#endif
