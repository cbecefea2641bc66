// SpContext.h - the cusolverSp handle and the descriptor check, shared by the sparse solver files
// (CusolverSp.cpp: handle, high-level solvers, reorderings; the low-level
// preview API and cusolverRf in their own files).
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_LIBS_CUSOLVER_SPCONTEXT_H
#define LOOM_LIBS_CUSOLVER_SPCONTEXT_H

#include "cusolverSp.h"
#include "cusparse.h"

#include "../common/StreamTask.h"

struct cusolverSpContext {
  cudaStream_t Stream = nullptr;
  loomlib::TaskKeeper Keeper;
};

namespace loomsp {

/// The descriptor's index base (0 or 1), or a status: a null descriptor or
/// a base other than 0/1 is INVALID_VALUE, a type other than GENERAL
/// MATRIX_TYPE_NOT_SUPPORTED (as cuSOLVER documents for its sparse calls).
inline cusolverStatus_t checkDescr(const cusparseMatDescr_t D, int &Base) {
  if (!D)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (cusparseGetMatType(D) != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  cusparseIndexBase_t B = cusparseGetMatIndexBase(D);
  if (B != CUSPARSE_INDEX_BASE_ZERO && B != CUSPARSE_INDEX_BASE_ONE)
    return CUSOLVER_STATUS_INVALID_VALUE;
  Base = B == CUSPARSE_INDEX_BASE_ONE ? 1 : 0;
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace loomsp

#endif // LOOM_LIBS_CUSOLVER_SPCONTEXT_H
