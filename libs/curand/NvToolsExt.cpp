// NvToolsExt.cpp - libnvToolsExt.so: NVTX's entry points for programs that
// link -lnvToolsExt (NVTX v2) or look the functions up at run time.
// SPDX-License-Identifier: Apache-2.0
//
// The functions are nvtx3/nvToolsExt.h's inline ones; taking their addresses
// here makes the library define and export every one of them.
#include "nvToolsExtCudaRt.h"

extern "C" const void *const loom_nvtx_entry_points[] = {
    (const void *)&nvtxInitialize,        (const void *)&nvtxMarkEx,
    (const void *)&nvtxMarkA,             (const void *)&nvtxMarkW,
    (const void *)&nvtxRangeStartEx,      (const void *)&nvtxRangeStartA,
    (const void *)&nvtxRangeStartW,       (const void *)&nvtxRangeEnd,
    (const void *)&nvtxRangePushEx,       (const void *)&nvtxRangePushA,
    (const void *)&nvtxRangePushW,        (const void *)&nvtxRangePop,
    (const void *)&nvtxNameCategoryA,     (const void *)&nvtxNameCategoryW,
    (const void *)&nvtxNameOsThreadA,     (const void *)&nvtxNameOsThreadW,
    (const void *)&nvtxDomainCreateA,     (const void *)&nvtxDomainCreateW,
    (const void *)&nvtxDomainDestroy,     (const void *)&nvtxDomainMarkEx,
    (const void *)&nvtxDomainRangeStartEx, (const void *)&nvtxDomainRangeEnd,
    (const void *)&nvtxDomainRangePushEx, (const void *)&nvtxDomainRangePop,
    (const void *)&nvtxDomainRegisterStringA, (const void *)&nvtxDomainRegisterStringW,
    (const void *)&nvtxDomainNameCategoryA, (const void *)&nvtxDomainNameCategoryW,
    (const void *)&nvtxNameCudaDeviceA,   (const void *)&nvtxNameCudaStreamA,
    (const void *)&nvtxNameCudaEventA,
};
