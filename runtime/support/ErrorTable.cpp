// ErrorTable.cpp - the cudaError_t and CUresult tables, from their .def files.
// SPDX-License-Identifier: Apache-2.0
#include "support/ErrorTable.h"

#include <iterator>

namespace loom {

namespace {

#define LOOM_ERROR_ENTRY(Name, Value, Description) {Value, #Name, Description},
constexpr ErrorInfo RuntimeErrors[] = {
#define LOOM_CUDA_ERROR LOOM_ERROR_ENTRY
#include "loom/__loom_cuda_errors.def"
#undef LOOM_CUDA_ERROR
};
constexpr ErrorInfo DriverErrors[] = {
#define LOOM_CU_ERROR LOOM_ERROR_ENTRY
#include "loom/__loom_cu_errors.def"
#undef LOOM_CU_ERROR
};
#undef LOOM_ERROR_ENTRY

} // namespace

const ErrorInfo *findErrorInfo(ErrorApi Api, int Code) {
  const ErrorInfo *Begin = Api == ErrorApi::Runtime ? std::begin(RuntimeErrors)
                                                    : std::begin(DriverErrors);
  const ErrorInfo *End = Api == ErrorApi::Runtime ? std::end(RuntimeErrors)
                                                  : std::end(DriverErrors);
  for (const ErrorInfo *E = Begin; E != End; ++E)
    if (E->Value == Code)
      return E;
  return nullptr;
}

} // namespace loom
