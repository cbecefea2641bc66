/* __loom_kernel_abi.h - brings include/loom/KernelABI.h into device headers.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Loom's device headers call the device library's entry points
 * (__loom_grid_sync, __loom_tex_fetch, ...) and use its constants (texture
 * kinds). Their one declaration is KernelABI.h, where they are __device__
 * in CUDA translation units. In a toolkit layout (build/include, an install)
 * it is <loom/KernelABI.h> beside this header; in the source tree, where
 * loomcc reads include/cuda, it is include/loom/KernelABI.h.
 */
#ifndef LOOM_KERNEL_ABI_INCLUDE_H
#define LOOM_KERNEL_ABI_INCLUDE_H
#if __has_include(<loom/KernelABI.h>)
#include <loom/KernelABI.h>
#else
#include "../../loom/KernelABI.h"
#endif
#endif
