# riscv64-linux-gnu.cmake - cross-compile Loom's runtime and device library for
# riscv64 Linux with clang 22 and Debian's cross sysroot (/usr/riscv64-linux-gnu:
# libc6-dev-*-cross, libstdc++-12-dev-*-cross). Used by scripts/cross.sh.
# SPDX-License-Identifier: Apache-2.0
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(LOOM_CROSS_TRIPLE riscv64-linux-gnu)
# No linker relaxation: clang 22 then emits no R_RISCV_SET/SUB_ULEB128
# relocations (exception tables, DWARF), which Debian 12's binutils 2.40
# cannot link (its ld crashes on them; 2.41 reads them). loomcc does the same.
set(CMAKE_C_FLAGS_INIT -mno-relax)
set(CMAKE_CXX_FLAGS_INIT -mno-relax)
include(${CMAKE_CURRENT_LIST_DIR}/cross-common.cmake)
