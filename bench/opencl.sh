#!/usr/bin/env bash
# bench/opencl.sh - Loom's OpenCL platform against PoCL (Debian's
# pocl-opencl-icd) on the same OpenCL C kernels (bench/opencl/clbench.c:
# saxpy, a local-memory reduction, a tiled matmul, exp*sin, a 2D stencil).
# Both platforms are loaded through one vendors folder; the runs
# alternate (Loom, Loom-JIT, Loom-Spec, PoCL, Loom, ...), BENCH_REPS times (default 5); prints
# medians and PoCL/Loom ratios (above 1: Loom is faster) and their geomean.
# A third run per repetition uses launch-time specialization (LOOM_JIT=sync:
# each kernel compiled again for its work-group size, in clbench's warm-up
# launch); its column is Loom-JIT/Loom (below 1: specialization pays).
# A fourth uses enqueue-time specialization (LOOM_CL_SPECIALIZE=1: the noalias
# variant of the program for launches whose buffers are distinct, built in
# the warm-up launch); its column is Spec/Loom.
#   BUILD=dir   Loom's build folder (default build)
# Needs pocl-opencl-icd (apt-get install pocl-opencl-icd): not a test.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
build="${BUILD:-$root/build}"
reps="${BENCH_REPS:-5}"
out="$root/bench/build/opencl"
mkdir -p "$out/vendors"
if [ ! -f /etc/OpenCL/vendors/pocl.icd ]; then
  echo "opencl.sh: PoCL is not installed (apt-get install pocl-opencl-icd)" >&2
  exit 1
fi
cp /etc/OpenCL/vendors/pocl.icd "$build/etc/OpenCL/vendors/loom.icd" "$out/vendors/"
cc -O2 "$here/opencl/clbench.c" -o "$out/clbench" -lOpenCL -lm
export OCL_ICD_VENDORS="$out/vendors"
# Builds are not cached: each run compiles, as PoCL's cache is also off.
export LOOM_CACHE_DIR=none POCL_KERNEL_CACHE=0
results="$out/results.txt"
: > "$results"
for i in $(seq "$reps"); do
  "$out/clbench" Loom | sed 's/^/loom /' >> "$results"
  LOOM_JIT=sync "$out/clbench" Loom | sed 's/^/jit /' >> "$results"
  LOOM_CL_SPECIALIZE=1 "$out/clbench" Loom | sed 's/^/spec /' >> "$results"
  "$out/clbench" Portable | sed 's/^/pocl /' >> "$results"
done
python3 - "$results" <<'PY'
import collections, math, statistics, sys
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    who, name, ms = line.split()
    runs[(name, who)].append(float(ms))
names = list(dict.fromkeys(n for n, _ in runs))
print(f"{'kernel':10} {'Loom ms':>10} {'PoCL ms':>10} {'PoCL/Loom':>10} {'JIT ms':>10} "
      f"{'JIT/Loom':>9} {'Spec ms':>10} {'Spec/Loom':>10}")
ratios, jit, spec = [], [], []
for n in names:
    l, p = statistics.median(runs[(n, 'loom')]), statistics.median(runs[(n, 'pocl')])
    j = statistics.median(runs[(n, 'jit')])
    s = statistics.median(runs[(n, 'spec')])
    ratios.append(p / l)
    jit.append(j / l)
    spec.append(s / l)
    print(f"{n:10} {l:10.1f} {p:10.1f} {p / l:10.2f} {j:10.1f} {j / l:9.2f} {s:10.1f} {s / l:10.2f}")
geo = lambda r: math.exp(sum(map(math.log, r)) / len(r))
print(f"geomean PoCL/Loom {geo(ratios):.2f}, Loom-JIT/Loom {geo(jit):.2f}, "
      f"Loom-Spec/Loom {geo(spec):.2f} (medians of {len(runs[(names[0], 'loom')])})")
PY
