#!/usr/bin/env bash
# cross.sh - Loom for another CPU: build libloomrt and the device library for
# AArch64 or RISC-V (clang 22 + Debian's cross sysroot, cmake/toolchains/),
# and run the e2e subset of tests/cross/subset.txt under qemu-user.
# SPDX-License-Identifier: Apache-2.0
#
# Usage: bash scripts/cross.sh aarch64|riscv64 [build|test]   (default: build)
#   build: configure (once) and build $LOOM_BUILD_DIR/targets/<triple>, where
#          `loomcc --target=<triple>` finds lib/libloomrt.so and
#          lib/loom/libdevice.bc (docs/tools.md, "More CPUs").
#   test:  build, then lit on the subset with --param loom_target=<triple>.
#          LOOM_CROSS_FLAGS: loomcc flags for every program; QEMU_CPU: the
#          emulated CPU. RISC-V's vector extension, for example:
#          LOOM_CROSS_FLAGS="-Xcompiler -march=rv64gcv" QEMU_CPU=rv64,v=true,vlen=128
# Needs the normal build's loomcc ($LOOM_BUILD_DIR/bin/loomcc) and Debian's
# libc6-dev-<arch>-cross, libstdc++-12-dev-<arch>-cross, qemu-user
# (scripts/setup.sh installs them).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${LOOM_BUILD_DIR:-$ROOT/build}"
LIT="${LOOM_LIT:-/usr/lib/llvm-22/bin/lit}"
ARCH="${1:-}"
MODE="${2:-build}"
case "$ARCH" in
aarch64 | arm64) TRIPLE=aarch64-linux-gnu ;;
riscv64) TRIPLE=riscv64-linux-gnu ;;
*)
  echo "usage: scripts/cross.sh aarch64|riscv64 [build|test]" >&2
  exit 2
  ;;
esac
case "$MODE" in build | test) ;; *)
  echo "cross: unknown mode '$MODE' (build or test)" >&2
  exit 2
  ;;
esac
if [ ! -d "/usr/$TRIPLE/include" ]; then
  echo "cross: no /usr/$TRIPLE sysroot (Debian: libc6-dev-${ARCH/aarch64/arm64}-cross)" >&2
  exit 1
fi

XB="$BUILD/targets/$TRIPLE"
if [ ! -f "$XB/build.ninja" ]; then
  cmake -S "$ROOT" -B "$XB" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/toolchains/$TRIPLE.cmake" \
    -DLOOM_BUILD_COMPILER=OFF -DLOOM_BUILD_DEVICELIB=ON -DLOOM_BUILD_TESTS=OFF > /dev/null
fi
cmake --build "$XB" --target loomrt loom-devicelib loom-cudart-names

if [ "$MODE" = test ]; then
  [ -x "$BUILD/bin/loomcc" ] || { echo "cross: build Loom first (scripts/setup.sh)" >&2; exit 1; }
  TESTS=()
  while read -r T; do
    case "$T" in "" | "#"*) continue ;; esac
    TESTS+=("$ROOT/tests/e2e/$T")
  done < "$ROOT/tests/cross/subset.txt"
  echo "cross: $TRIPLE: ${#TESTS[@]} e2e programs under qemu-$ARCH"
  "$LIT" -sv --param site="$BUILD/tests" --param loom_target="$TRIPLE" \
    --param exec_root="$XB/tests${LOOM_CROSS_FLAGS:+-flags}" \
    --param loomcc_flags="${LOOM_CROSS_FLAGS:-}" --param qemu_cpu="${QEMU_CPU:-}" "${TESTS[@]}"
fi
