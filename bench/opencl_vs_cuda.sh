#!/usr/bin/env bash
# bench/opencl_vs_cuda.sh - Loom's OpenCL platform against Loom's CUDA path on
# the same algorithms (issue #15's target: OpenCL within 1.2x of CUDA).
# bench/opencl/clbench.c (OpenCL C through the ICD loader) and
# bench/opencl/cubench.cu (the same kernels, sizes, block sizes, warm-up
# launches and iterations in CUDA, built with loomcc -O2) run alternately,
# BENCH_REPS times (default 5), each in its default configuration and with
# launch-time specialization (LOOM_JIT=sync: both compile each kernel again
# for its block size). Prints medians and OpenCL/CUDA ratios (below 1: the
# OpenCL platform is faster) and their geomean. Not a test.
#   BUILD=dir   Loom's build folder (default build)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
build="${BUILD:-$root/build}"
reps="${BENCH_REPS:-5}"
out="$root/bench/build/opencl_vs_cuda"
mkdir -p "$out"
cc -O2 "$here/opencl/clbench.c" -o "$out/clbench" -lOpenCL -lm
"$build/bin/loomcc" -O2 "$here/opencl/cubench.cu" -o "$out/cubench"
export OCL_ICD_VENDORS="$build/etc/OpenCL/vendors"
export LOOM_CACHE_DIR=none
results="$out/results.txt"
: > "$results"
for i in $(seq "$reps"); do
  "$out/clbench" Loom | sed 's/^/opencl /' >> "$results"
  "$out/cubench" | sed 's/^/cuda /' >> "$results"
  LOOM_JIT=sync "$out/clbench" Loom | sed 's/^/opencl-jit /' >> "$results"
  LOOM_JIT=sync "$out/cubench" | sed 's/^/cuda-jit /' >> "$results"
done
python3 - "$results" <<'PY'
import collections, math, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, name, ms = line.split()
    runs[(name, who)].append(float(ms))
names = [n for n in dict.fromkeys(n for n, _ in runs) if (n, 'cuda') in runs]
print(f"{'kernel':8} {'OpenCL ms':>10} {'CUDA ms':>9} {'OpenCL/CUDA':>12} {'JIT: OpenCL/CUDA':>17}")
r, rj = [], []
for n in names:
    med = lambda who: statistics.median(runs[(n, who)])
    r.append(med('opencl') / med('cuda'))
    rj.append(med('opencl-jit') / med('cuda-jit'))
    print(f"{n:8} {med('opencl'):10.1f} {med('cuda'):9.1f} {r[-1]:12.2f} {rj[-1]:17.2f}")
geo = lambda v: math.exp(sum(map(math.log, v)) / len(v))
print(f"geomean OpenCL/CUDA {geo(r):.2f}, with LOOM_JIT=sync {geo(rj):.2f} "
      f"(medians of {len(runs[(names[0], 'cuda')])})")
PY
