#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs one benchmark binary against two libloomrt.so builds, alternately
(A, B, A, B, ...), and prints B/A per reported case, medians of the runs.

The binary prints lines "COPY <case> <size> <value>" (bench/src/copy_sizes.cu);
a ratio above 1 means B is slower.
Usage: bench/ab_lib.py [--reps N] BINARY LIBDIR_A LIBDIR_B"""
import argparse, os, statistics, subprocess, sys


def run(binary, libdir):
    env = dict(os.environ, LD_LIBRARY_PATH=libdir)
    out = subprocess.run([binary], env=env, capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[0] == "COPY":
            rows[(parts[1], int(parts[2]))] = float(parts[3])
    if not rows:
        sys.exit(f"{binary} printed no COPY lines:\n{out}")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("binary")
    ap.add_argument("lib_a")
    ap.add_argument("lib_b")
    a = ap.parse_args()
    samples = {"a": {}, "b": {}}
    for _ in range(a.reps):
        for which, lib in (("a", a.lib_a), ("b", a.lib_b)):
            for key, value in run(a.binary, lib).items():
                samples[which].setdefault(key, []).append(value)
    print(f"medians of {a.reps} alternating runs; {os.cpu_count()} hardware threads")
    print("| case | bytes | A ns/call | B ns/call | B/A |")
    print("|---|---|---|---|---|")
    for key in sorted(samples["a"], key=lambda k: (k[1], k[0])):
        ma = statistics.median(samples["a"][key])
        mb = statistics.median(samples["b"][key])
        print(f"| {key[0]} | {key[1]} | {ma:.0f} | {mb:.0f} | {mb / ma:.3f} |")


if __name__ == "__main__":
    main()
