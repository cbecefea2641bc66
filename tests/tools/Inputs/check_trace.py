#!/usr/bin/env python3
# Checks a LOOM_TRACE file's structure: Chrome trace-event JSON with named
# stream, worker and host-thread tracks, complete ("X") events with
# non-negative times, the kernels, copies and synchronizations the program
# did. Prints a one-line summary for FileCheck; exit 1 on a problem.
# SPDX-License-Identifier: Apache-2.0
import json
import sys

trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
errors = []
names = {}
for e in events:
    if e["ph"] == "M" and e["name"] == "thread_name":
        names[(e["pid"], e["tid"])] = e["args"]["name"]
complete = [e for e in events if e["ph"] == "X"]
for e in events:
    if e["ph"] == "i" and (e["pid"], e["tid"]) not in names:
        errors.append("mark on a track without a name: %r" % e)
for e in complete:
    for key in ("name", "cat", "pid", "tid", "ts", "dur"):
        if key not in e:
            errors.append("event without %s: %r" % (key, e))
    if e.get("dur", 0) < 0 or e.get("ts", 0) < 0:
        errors.append("negative time: %r" % e)
    if (e["pid"], e["tid"]) not in names:
        errors.append("track without a name: %r" % e)
kernels = [e for e in complete if e["cat"] == "kernel"]
add_one = [e for e in kernels if e["name"].startswith("addOne")]
scale = [e for e in kernels if e["name"].startswith("void scaleBy<float>")]
coop = [e for e in kernels if e["name"].startswith("coopHalve")]
if len(add_one) != 3 or len(scale) != 1 or len(coop) != 1 or coop[0]["args"]["blocks"] != 2:
    errors.append("kernels: %r" % sorted(e["name"] for e in kernels))
# The stream kernel is on a stream track of its own.
if scale and names.get((1, scale[0]["tid"]), "") == names.get((1, add_one[0]["tid"] if add_one else -1)):
    errors.append("scaleBy is not on its own stream track")
copies = sorted(e["name"] for e in complete if e["cat"] == "memcpy")
if copies != ["[CUDA memcpy Device-to-Host]"] * 2 + ["[CUDA memcpy Host-to-Device]"]:
    errors.append("copies: %r" % copies)
if not any(e["cat"] == "memset" for e in complete):
    errors.append("no memset")
if not any(e["cat"] == "worker" for e in complete):
    errors.append("no worker spans")
syncs = sorted(set(e["name"] for e in complete if e["cat"] == "sync"))
if syncs != ["cudaDeviceSynchronize", "cudaStreamSynchronize"]:
    errors.append("syncs: %r" % syncs)
nvtx = sorted(e["name"] for e in events if e.get("cat") == "nvtx")
if nvtx != ["compute", "launched", "setup"]:
    errors.append("nvtx: %r" % nvtx)
for err in errors:
    print("ERROR", err)
tracks = sorted(set(v.split(" ")[0] for v in names.values()))
print("trace ok: %d events, %d kernels, tracks %s" % (len(complete), len(kernels), ",".join(tracks))
      if not errors else "trace BAD")
sys.exit(1 if errors else 0)
