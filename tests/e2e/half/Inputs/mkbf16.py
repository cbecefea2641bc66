#!/usr/bin/env python3
# mkbf16.py - regenerates the format-neutral part of cuda_bf16.h from cuda_fp16.h.
# SPDX-License-Identifier: Apache-2.0
#
# cuda_bf16.h = its own hand-written head (types' raw structs and the bfloat16
# rounding helpers, up to the "From here on" marker) + cuda_fp16.h's text from
# `struct __align__(2) __half {` to its closing guards with bfloat16 names.
# Usage: mkbf16.py FP16_H BF16_H          prints the regenerated cuda_bf16.h
#        mkbf16.py FP16_H BF16_H --write  rewrites BF16_H
import re
import sys

fp16_path, bf16_path = sys.argv[1], sys.argv[2]
src = open(fp16_path).read()
start = src.index('struct __align__(2) __half {')
end = src.index('#endif /* __cplusplus */\n#endif /* LOOM_CUDA_FP16_H */')
body = src[start:end]

TYPES = {'__half': '__nv_bfloat16', '__half2': '__nv_bfloat162',
         '__half_raw': '__nv_bfloat16_raw', '__half2_raw': '__nv_bfloat162_raw'}
KEEP = {'half', 'half2', '__nv_half', '__nv_half2', '__nv_half_raw', '__nv_half2_raw', 'nv_half', 'nv_half2'}


def rename(m):
    w = m.group(0)
    if w in TYPES:
        return TYPES[w]
    if w in KEEP:
        return w
    if w.startswith('__halves2'):  # __halves2half2 -> __halves2bfloat162
        return '__halves2' + w[len('__halves2'):].replace('half2', 'bfloat162')
    if 'half' in w:  # __float2half_rn -> __float2bfloat16_rn, __half2float -> __bfloat162float
        return w.replace('half2', 'bfloat162').replace('half', 'bfloat16')
    if 'HALF' in w:  # __CUDA_NO_HALF2_OPERATORS__ -> __CUDA_NO_BFLOAT162_OPERATORS__
        return w.replace('HALF2', 'BFLOAT162').replace('HALF', 'BFLOAT16')
    if w.startswith('CUDART_') and w.endswith('_FP16'):
        return w[:-len('FP16')] + 'BF16'
    return w


out = re.sub(r'\b\w+\b', rename, body)
out = re.sub(r'typedef __nv_bfloat16 half;.*?typedef __nv_bfloat162 nv_half2;\n',
             'typedef __nv_bfloat16 nv_bfloat16;\ntypedef __nv_bfloat162 nv_bfloat162;\n', out, flags=re.S)

bf16 = open(bf16_path).read()
marker = "/* ==== From here on: cuda_fp16.h's format-neutral text with bfloat16 names. ==== */\n\n"
head = bf16[:bf16.index(marker) + len(marker)]
result = head + out + '#endif /* __cplusplus */\n#endif /* LOOM_CUDA_BF16_H */\n'
if '--write' in sys.argv[3:]:
    open(bf16_path, 'w').write(result)
else:
    sys.stdout.write(result)
