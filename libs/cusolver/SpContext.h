// SpContext.h - the cusolverSp handle, shared by the sparse solver files
// (CusolverSp.cpp: handle, high-level solvers, reorderings; the low-level
// preview API and cusolverRf in their own files).
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_LIBS_CUSOLVER_SPCONTEXT_H
#define LOOM_LIBS_CUSOLVER_SPCONTEXT_H

#include "cusolverSp.h"

#include "../common/StreamTask.h"

struct cusolverSpContext {
  cudaStream_t Stream = nullptr;
  loomlib::TaskKeeper Keeper;
};

#endif // LOOM_LIBS_CUSOLVER_SPCONTEXT_H
