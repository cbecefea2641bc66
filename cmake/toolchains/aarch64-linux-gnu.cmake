# aarch64-linux-gnu.cmake - cross-compile Loom's runtime and device library for
# aarch64 Linux with clang 22 and Debian's cross sysroot (/usr/aarch64-linux-gnu:
# libc6-dev-*-cross, libstdc++-12-dev-*-cross). Used by scripts/cross.sh.
# SPDX-License-Identifier: Apache-2.0
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(LOOM_CROSS_TRIPLE aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
