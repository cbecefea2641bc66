/* JitABI.h - between libloomrt and loom-jit-compile (launch-time specialization).
 * SPDX-License-Identifier: Apache-2.0
 *
 * libloomrt has no LLVM dependency, and LLVM never runs inside a program
 * (docs/decisions/0002-launch-time-specialization.md says why). When a launch
 * wants a kernel specialized for its block size (docs/runtime.md,
 * "Launch-time specialization"), the runtime runs the helper
 *
 *   <libdir>/loom/loom-jit-compile --bitcode <file> --manifest <file>
 *       --kernel <name> --block <x>,<y>,<z> --config <jitConfig> --output <file.so>
 *
 * which compiles the module's embedded bitcode (LoomModuleDesc::jitBitcode)
 * for that block size and links the result as a shared object; the runtime
 * then dlopen()s it (and keeps it in the on-disk cache). The manifest lists
 * the running module's variables and kernels, one per line, in descriptor
 * order:
 *
 *   var <flags> <name>       (LoomVarDesc: LOOM_VAR_MANAGED in flags)
 *   kernel <name>            (LoomKernelDesc)
 *
 * The shared object defines two symbols:
 *  - LOOM_JIT_MODULE_SYMBOL: a LoomModuleDesc with one kernel, the
 *    specialized entry and its layout (gangWidth, arena bytes);
 *  - LOOM_JIT_BINDINGS_SYMBOL: an array of pointers the runtime fills after
 *    loading and before the first call, so the specialized code shares the
 *    program's state: slot i < numVars is vars[i].address, slot numVars + i
 *    is vars[i].managedPointer, slot 2 * numVars + k is &kernels[k] (for
 *    device-side launches). Its element count is LOOM_JIT_BINDINGS_COUNT_SYMBOL
 *    (a uint64_t).
 * The helper's exit status is 0 on success; on failure its stderr says why.
 */
#ifndef LOOM_JIT_ABI_H
#define LOOM_JIT_ABI_H

#define LOOM_JIT_MODULE_SYMBOL "loom.jit.module"
#define LOOM_JIT_BINDINGS_SYMBOL "loom.jit.bindings"
#define LOOM_JIT_BINDINGS_COUNT_SYMBOL "loom.jit.bindings.count"
#define LOOM_JIT_COMPILER_NAME "loom-jit-compile"

#endif /* LOOM_JIT_ABI_H */
