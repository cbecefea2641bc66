# lit configuration shared by tests/ir, tests/e2e and tests/diagnostics.
# SPDX-License-Identifier: Apache-2.0
import os
import lit.formats

config.name = "Loom"
# The build's site file (tests/lit.site.cfg.py in the build tree) says where
# loomcc, the plugin and LLVM's tools are: --param site=<dir> or LOOM_BUILD_DIR.
if not hasattr(config, "loom_binary_dir"):
    site_dir = lit_config.params.get("site") or os.path.join(
        os.environ.get("LOOM_BUILD_DIR", os.path.join(os.path.dirname(__file__), "..", "build")), "tests")
    lit_config.load_config(config, os.path.join(site_dir, "lit.site.cfg.py"))
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".ll", ".cu", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.loom_binary_dir, "tests")
# --param exec_root=<dir>: outputs elsewhere (scripts/memcheck-suite.sh, so a
# checked run never overwrites the programs of a concurrent ctest run).
if lit_config.params.get("exec_root", ""):
    config.test_exec_root = lit_config.params["exec_root"]

bindir = config.llvm_bindir
config.substitutions.append(
    ("%opt", os.path.join(bindir, "opt") + " -load-pass-plugin=" + config.loom_plugin))
config.substitutions.append(("%loom_lib", os.path.join(config.loom_binary_dir, "lib")))
# --param loomcc_flags="..." runs a suite under other code generation
# settings (ctest's lit-e2e-* configurations: forced gang widths, no
# kernel vectorizer).
_loomcc = os.path.join(config.loom_binary_dir, "bin", "loomcc")
_flags = lit_config.params.get("loomcc_flags", "")
# --param loom_target=<triple> (scripts/cross.sh test): programs are
# compiled for that CPU and run under qemu-user (tests/cross/README.md).
_target = lit_config.params.get("loom_target", "")
if _target:
    _loomcc = " ".join([os.path.join(os.path.dirname(__file__), "cross", "loomcc-qemu.sh"),
                        _target, _loomcc])
    config.available_features.add("cross-" + _target.split("-")[0])
    # --param qemu_cpu=rv64,v=true: the emulated CPU (RISC-V's vector
    # extension for -Xcompiler -march=rv64gcv builds).
    if lit_config.params.get("qemu_cpu", ""):
        config.environment["QEMU_CPU"] = lit_config.params["qemu_cpu"]
config.substitutions.append(("%loomcc", (_loomcc + " " + _flags).strip()))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "e2e", "Inputs")))
import shutil
# Debian's Thrust/CUB (libthrust-dev, libcub-dev; scripts/setup.sh installs
# them): tests/e2e/thrust says REQUIRES: thrust.
if os.path.exists("/usr/include/thrust/version.h") and os.path.exists("/usr/include/cub/version.cuh"):
    config.available_features.add("thrust")
if shutil.which("strace"):
    config.available_features.add("strace")
# The OpenCL compiler (opencl/; built when libclc-22 is installed).
if os.path.exists(os.path.join(config.loom_binary_dir, "lib", "loom", "loom-clc")):
    config.available_features.add("loom-opencl")
config.substitutions.append(("%path", os.environ.get("PATH", "")))
config.environment["PATH"] = os.pathsep.join([bindir, config.environment.get("PATH", "")])
# Tests must never depend on an NVIDIA toolkit; keep CUDA_PATH & co out.
for var in ["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT", "LOOM_SCHEDULER", "LOOM_NUM_THREADS",
            "LOOM_JIT", "LOOM_JIT_STATS", "LOOM_JIT_COMPILER", "LOOM_CACHE_DIR"]:
    config.environment.pop(var, None)
if "HOME" in os.environ:
    config.environment["HOME"] = os.environ["HOME"]
# --param loom_runtime=<dir>: programs run against the libloomrt.so in <dir>
# (scripts/sanitize.sh's AddressSanitizer build of the runtime) instead of
# the one they were linked with; the sanitizer's runtime (LD_PRELOAD: it must
# be loaded first) and options pass through.
_runtime = lit_config.params.get("loom_runtime", "")
if _runtime:
    config.environment["LD_LIBRARY_PATH"] = _runtime
    # A runtime built without the compiler uses this build's JIT compiler.
    config.environment["LOOM_JIT_COMPILER"] = os.path.join(
        config.loom_binary_dir, "lib", "loom", "loom-jit-compile")
    for var in ["LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"]:
        if var in os.environ:
            config.environment[var] = os.environ[var]
    config.available_features.add("sanitized-runtime")
# --param loom_scheduler=serial runs every program with LOOM_SCHEDULER set
# (ctest's lit-e2e-serial); tests that need concurrent execution say
# UNSUPPORTED: serial-scheduler.
_sched = lit_config.params.get("loom_scheduler", "")
# --param loom_check_log=<file>: programs built with -memcheck/-racecheck
# append their reports there too (scripts/memcheck-suite.sh).
if lit_config.params.get("loom_check_log", ""):
    config.environment["LOOM_CHECK_LOG"] = lit_config.params["loom_check_log"]
if _sched:
    config.environment["LOOM_SCHEDULER"] = _sched
    config.available_features.add(_sched + "-scheduler")
