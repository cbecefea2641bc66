# cross-common.cmake - what the cross toolchain files share: clang 22 with
# --target=${LOOM_CROSS_TRIPLE}; clang finds Debian's cross GCC installation
# (headers, libstdc++, crt files) under /usr/${LOOM_CROSS_TRIPLE} and
# /usr/lib/gcc-cross, and the cross binutils' linker.
# SPDX-License-Identifier: Apache-2.0
find_program(LOOM_CROSS_CC NAMES clang-22 PATHS /usr/lib/llvm-22/bin REQUIRED)
find_program(LOOM_CROSS_CXX NAMES clang++-22 PATHS /usr/lib/llvm-22/bin REQUIRED)
set(CMAKE_C_COMPILER ${LOOM_CROSS_CC})
set(CMAKE_CXX_COMPILER ${LOOM_CROSS_CXX})
set(CMAKE_C_COMPILER_TARGET ${LOOM_CROSS_TRIPLE})
set(CMAKE_CXX_COMPILER_TARGET ${LOOM_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH /usr/${LOOM_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Programs built here run under qemu-user (scripts/cross.sh test).
find_program(LOOM_CROSS_QEMU NAMES qemu-${CMAKE_SYSTEM_PROCESSOR} qemu-${CMAKE_SYSTEM_PROCESSOR}-static)
if(LOOM_CROSS_QEMU)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${LOOM_CROSS_QEMU} -L /usr/${LOOM_CROSS_TRIPLE})
endif()
