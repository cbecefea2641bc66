// ErrorTable.h - one shape for the runtime's and the driver API's error tables.
// SPDX-License-Identifier: Apache-2.0
//
// cudaError_t (include/cuda/loom/__loom_cuda_errors.def) and CUresult
// (__loom_cu_errors.def) each have one table generated from their .def
// file: code, enumerator name, CUDA's description. The entry type and the
// lookup are written once here for both.
#ifndef LOOM_SUPPORT_ERRORTABLE_H
#define LOOM_SUPPORT_ERRORTABLE_H

#include <cstddef>

namespace loom {

template <class Code> struct ErrorInfo {
  Code Value;
  const char *Name;        // the enumerator, e.g. "cudaErrorInvalidValue"
  const char *Description; // CUDA's text, e.g. "invalid argument"
};

/// The entry of \p Table for \p C, or null for a code the table lacks.
template <class Code, std::size_t N>
const ErrorInfo<Code> *findErrorInfo(const ErrorInfo<Code> (&Table)[N], Code C) {
  for (const ErrorInfo<Code> &E : Table)
    if (E.Value == C)
      return &E;
  return nullptr;
}

} // namespace loom

#endif
