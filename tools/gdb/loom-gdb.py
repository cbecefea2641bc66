# SPDX-License-Identifier: Apache-2.0
# loom-gdb.py - gdb commands for kernels compiled with `loomcc -g -G`
# (docs/tools.md, "Debugging kernels with gdb").
#
# Loom runs a block's logical CUDA threads one after the other on a worker
# thread; with -G each kernel frame has the variables threadIdx, blockIdx,
# blockDim and gridDim. These commands read them:
#
#   loom thread             the logical thread (and block) the selected
#                           worker is executing, from its innermost kernel frame
#   loom thread X [Y [Z]]   run until thread (X, Y, Z) of the current block
#                           reaches the current line (a temporary breakpoint
#                           conditioned on threadIdx and blockIdx; the other
#                           breakpoints are off meanwhile)
#   loom block X [Y [Z]]    the same for thread 0 (or the current
#                           threadIdx, with `loom block X Y Z same`) of
#                           block (X, Y, Z)
#
# Load it with `source <prefix>/share/loom/gdb/loom-gdb.py` (or put that
# line in ~/.gdbinit).
import gdb


def _kernel_frame():
    """The innermost frame that has threadIdx (a -G kernel frame), or None."""
    frame = gdb.selected_frame()
    while frame is not None:
        try:
            frame.read_var("threadIdx")
            return frame
        except (ValueError, gdb.error):
            frame = frame.older()
    return None


def _dim3(value):
    return tuple(int(value[c]) for c in "xyz")


def _indices(frame):
    return {name: _dim3(frame.read_var(name))
            for name in ("threadIdx", "blockIdx", "blockDim", "gridDim")}


def _parse(args, what):
    words = gdb.string_to_argv(args)
    same = bool(words) and words[-1] == "same"
    if same:
        words = words[:-1]
    if not 1 <= len(words) <= 3:
        raise gdb.GdbError("usage: loom %s X [Y [Z]]" % what)
    try:
        coords = [int(w, 0) for w in words]
    except ValueError:
        raise gdb.GdbError("loom %s: indices are integers" % what)
    return tuple(coords + [0] * (3 - len(coords))), same


def _run_to(frame, thread, block):
    sal = frame.find_sal()
    if sal.symtab is None:
        raise gdb.GdbError("loom: no source line for the current frame")
    cond = " && ".join(
        ["threadIdx.%s == %d" % (c, v) for c, v in zip("xyz", thread)] +
        ["blockIdx.%s == %d" % (c, v) for c, v in zip("xyz", block)])
    location = "%s:%d" % (sal.symtab.filename, sal.line)
    # The user's breakpoints would stop other threads first: off meanwhile.
    paused = [b for b in gdb.breakpoints() if b.enabled]
    for b in paused:
        b.enabled = False
    try:
        gdb.execute("tbreak %s if %s" % (location, cond))
        gdb.execute("continue")
    finally:
        for b in paused:
            if b.is_valid():
                b.enabled = True


class LoomPrefix(gdb.Command):
    """Loom: commands for CUDA kernels compiled with loomcc -g -G."""

    def __init__(self):
        super().__init__("loom", gdb.COMMAND_USER, prefix=True)


class LoomThread(gdb.Command):
    """Show the logical CUDA thread the selected worker runs, or run to another.

loom thread            print threadIdx, blockIdx, blockDim, gridDim
loom thread X [Y [Z]]  continue until that thread of the current block
                       reaches the current line"""

    def __init__(self):
        super().__init__("loom thread", gdb.COMMAND_USER)

    def invoke(self, args, from_tty):
        frame = _kernel_frame()
        if frame is None:
            raise gdb.GdbError("loom: no kernel frame compiled with -G here")
        now = _indices(frame)
        if not args.strip():
            t, b = now["threadIdx"], now["blockIdx"]
            d, g = now["blockDim"], now["gridDim"]
            print("kernel %s: threadIdx (%d, %d, %d) of blockDim (%d, %d, %d), "
                  "blockIdx (%d, %d, %d) of gridDim (%d, %d, %d)"
                  % ((frame.name(),) + t + d + b + g))
            return
        thread, _ = _parse(args, "thread")
        if any(v >= n for v, n in zip(thread, now["blockDim"])):
            raise gdb.GdbError("loom thread: outside blockDim %s" % (now["blockDim"],))
        _run_to(frame, thread, now["blockIdx"])


class LoomBlock(gdb.Command):
    """Continue until a thread of another block reaches the current line.

loom block X [Y [Z]]       thread (0, 0, 0) of block (X, Y, Z)
loom block X Y Z same      the current threadIdx in block (X, Y, Z)"""

    def __init__(self):
        super().__init__("loom block", gdb.COMMAND_USER)

    def invoke(self, args, from_tty):
        frame = _kernel_frame()
        if frame is None:
            raise gdb.GdbError("loom: no kernel frame compiled with -G here")
        now = _indices(frame)
        block, same = _parse(args, "block")
        if any(v >= n for v, n in zip(block, now["gridDim"])):
            raise gdb.GdbError("loom block: outside gridDim %s" % (now["gridDim"],))
        _run_to(frame, now["threadIdx"] if same else (0, 0, 0), block)


LoomPrefix()
LoomThread()
LoomBlock()
