#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What LOOM_PROFILE / LOOM_TRACE cost (docs/tools.md, "Profiling").

Builds the launch-latency benchmarks (bench/src/launch_sync.cu,
launch_async.cu: one empty kernel per launch, the worst case for per-launch
recording) against the libloomrt.so in LIB, then runs, alternately, with
profiling off, with LOOM_PROFILE=1 and with LOOM_TRACE=<file>; with --before
BEFORE_LIB (a libloomrt.so built without the profiler) also that runtime, to
measure what the disabled hooks cost. Prints the median time per launch of
each configuration and its ratio to "off" (medians of --reps runs).

Usage: bench/profile_overhead.py [--reps N] [--loomcc PATH] [--before DIR] LIB"""
import argparse, os, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=9)
    ap.add_argument("--loomcc", default=os.path.join(HERE, "..", "build", "bin", "loomcc"))
    ap.add_argument("--before", help="directory of a libloomrt.so without the profiler")
    ap.add_argument("lib", help="directory of the libloomrt.so to measure")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="loom-profile-bench-")
    configs = [("off", args.lib, {})]
    if args.before:
        configs.insert(0, ("before", args.before, {}))
    configs += [("LOOM_PROFILE=1", args.lib, {"LOOM_PROFILE": "1"}),
                ("LOOM_TRACE", args.lib, {"LOOM_TRACE": os.path.join(work, "t.json")})]
    for bench in ["launch_sync", "launch_async"]:
        exe = os.path.join(work, bench)
        # No run path: LD_LIBRARY_PATH picks the runtime of each configuration.
        subprocess.run([args.loomcc, "-O2", "-I", os.path.join(HERE, "common"),
                        os.path.join(HERE, "src", bench + ".cu"), "-cudart", "none",
                        "-L" + args.lib, "-lloomrt", "-o", exe], check=True)
        times = {name: [] for name, _, _ in configs}
        for _ in range(args.reps):
            for name, lib, extra in configs:
                env = dict(os.environ, LD_LIBRARY_PATH=lib, **extra)
                env.pop("LOOM_PROFILE", None) if "LOOM_PROFILE" not in extra else None
                env.pop("LOOM_TRACE", None) if "LOOM_TRACE" not in extra else None
                out = subprocess.run([exe], env=env, capture_output=True, text=True,
                                     check=True).stdout
                ms = [float(w.split("=")[1]) for w in out.split() if w.startswith("ms=")]
                times[name].append(ms[0])
        base = statistics.median(times["off"])
        for name, _, _ in configs:
            med = statistics.median(times[name])
            print(f"{bench:13s} {name:15s} median {med * 1e3:8.3f} us/launch  "
                  f"min {min(times[name]) * 1e3:8.3f}  ratio to off {med / base:5.2f}")


if __name__ == "__main__":
    sys.exit(main())
