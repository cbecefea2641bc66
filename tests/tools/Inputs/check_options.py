#!/usr/bin/env python3
# Runs `loomcc -dryrun <option> [value] <file>.cu` for every option of nvcc's
# documentation (nvcc-options.txt) and reports the ones loomcc rejects.
# SPDX-License-Identifier: Apache-2.0
# Usage: check_options.py <loomcc> <options list> <work dir>
import os
import subprocess
import sys

loomcc, listing, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
os.chdir(work)
with open("k.cu", "w") as f:
    f.write("__global__ void k() {}\n")
with open("opts.txt", "w") as f:
    f.write("-O2\n")
failed = []
count = 0
for line in open(listing):
    line = line.strip()
    if not line or line.startswith("#"):
        continue
    count += 1
    words = line.split(" ", 1)
    r = subprocess.run([loomcc, "-dryrun"] + words + ["k.cu"], capture_output=True, text=True)
    if r.returncode != 0:
        failed.append("%s: %s" % (line, (r.stderr.strip().splitlines() or ["?"])[-1]))
for f in failed:
    print("REJECTED", f)
print("checked %d options, %d rejected" % (count, len(failed)))
sys.exit(1 if failed else 0)
