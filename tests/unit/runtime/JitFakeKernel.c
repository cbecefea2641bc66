/* JitFakeKernel.c - a hand-written "specialized kernel" shared object, laid
 * out as loom-jit-compile's output is (include/loom/JitABI.h), for the
 * launch-path tests of the JIT (JitLaunchTest.cpp): its entry writes
 * 1000 + blockDim.x per block (the compiled entry writes blockDim.x) and
 * counts its calls in the module's variable 0, reached through the bindings
 * table the runtime fills.
 * SPDX-License-Identifier: Apache-2.0 */
#include "loom/KernelABI.h"

void *fake_bindings[3] __asm__("loom.jit.bindings");
const uint64_t fake_binding_count __asm__("loom.jit.bindings.count") = 3;

static void fakeEntry(const LoomLaunch *launch, void *const *args, uint64_t begin,
                      uint64_t end, LoomWorker *worker) {
  (void)worker;
  int *out = *(int *const *)args[0];
  for (uint64_t b = begin; b < end; ++b)
    out[b] = 1000 + (int)launch->blockDim.x;
  ++*(int *)fake_bindings[0];
}

static const uint32_t sizes[1] = {8}, aligns[1] = {8};
static const LoomKernelDesc kernels[1] = {
    {"fakeKernel", fakeEntry, 1, 8, sizes, aligns, 0, 24}};
const LoomModuleDesc fake_module __asm__("loom.jit.module") = {
    LOOM_ABI_VERSION, 1, "fake-jit", kernels, 0, 0, 0, 0, 0, 0};
