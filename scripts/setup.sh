#!/usr/bin/env bash
# setup.sh - install what a fresh Debian 12 machine lacks, build Loom, run an example.
# SPDX-License-Identifier: Apache-2.0
#
# Usage: bash scripts/setup.sh            (as root, or with sudo available)
# Environment: LOOM_BUILD_DIR (default: build), LOOM_SKIP_APT=1 to skip apt-get,
#              LOOM_SKIP_EXAMPLE=1 to skip the example run.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${LOOM_BUILD_DIR:-$ROOT/build}"

PACKAGES=(
  clang-22 llvm-22-dev llvm-22-tools libclang-rt-22-dev libomp-22-dev
  cmake ninja-build g++ make python3 strace gnuplot-nox
  libgtest-dev googletest
  libthrust-dev libcub-dev libmpfr-dev
  libopenblas-dev libfftw3-dev libsuitesparse-dev libmetis-dev
  # Joe and Kuo's Sobol direction numbers (libs/curand reads scipy's table at build time).
  python3-scipy
  libopenmpi-dev openmpi-bin gdb
  ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-headers clinfo libclc-22
  zlib1g-dev libzstd-dev libedit-dev libxml2-dev libffi-dev libcurl4-openssl-dev
  # AArch64 and RISC-V: cross sysroots, binutils and qemu-user (scripts/cross.sh).
  libc6-dev-arm64-cross libstdc++-12-dev-arm64-cross libgcc-12-dev-arm64-cross
  binutils-aarch64-linux-gnu
  libc6-dev-riscv64-cross libstdc++-12-dev-riscv64-cross libgcc-12-dev-riscv64-cross
  binutils-riscv64-linux-gnu qemu-user
)

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${LOOM_SKIP_APT:-0}" != 1 ] && [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build "$BUILD"

if [ "${LOOM_SKIP_EXAMPLE:-0}" != 1 ]; then
  echo "setup: compiling and running examples/vector_add.cu with loomcc"
  "$BUILD/bin/loomcc" "$ROOT/examples/vector_add.cu" -o "$BUILD/vector_add"
  "$BUILD/vector_add"
fi
