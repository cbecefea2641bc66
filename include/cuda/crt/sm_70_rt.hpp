/* crt/sm_70_rt.hpp - Loom's stand-in for the header clang's intrinsics wrapper includes.
 * SPDX-License-Identifier: Apache-2.0
 * clang's __clang_cuda_intrinsics.h includes this name for sm_70+ helpers; Loom
 * defines its warp match functions in loom/__loom_device_runtime.h instead.
 */
