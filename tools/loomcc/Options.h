//===- Options.h - loomcc's nvcc-compatible command line -------------------===//
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_LOOMCC_OPTIONS_H
#define LOOM_LOOMCC_OPTIONS_H

#include <optional>
#include <string>
#include <vector>

namespace loomcc {

enum class InputKind { Cuda, Cxx, C, Object };

struct Input {
  std::string Path;
  InputKind Kind;
  bool Hip = false; // .hip or -x hip: CUDA with HIP's header (docs/tools.md)
};

struct Options {
  std::vector<Input> Inputs;
  std::string Output;
  bool CompileOnly = false;       // -c
  bool PreprocessOnly = false;    // -E
  bool HostSourceOut = false;     // -cuda: preprocessed host side to <input>.cpp.ii
  bool DepsOnly = false;          // -M
  bool DepsWithCompile = false;   // -MD
  std::string DepFile;            // -MF
  std::string DepTarget;          // -MT
  std::vector<std::string> Preprocessor; // -I -D -U -include -isystem, in order
  std::vector<std::string> HostFlags;    // -Xcompiler, -g, -w, -std=...
  std::vector<std::string> LinkFlags;    // -L -l -Xlinker, in order with objects
  std::optional<int> OptLevel;    // -O<n>; nvcc passes none to the host by default
  std::string Std;                // -std=
  std::optional<InputKind> ForcedKind; // -x cu / c++ / c / hip
  bool ForcedHip = false;         // -x hip
  bool HostDebug = false;         // -g
  bool DeviceDebug = false;       // -G
  bool LineInfo = false;          // -lineinfo
  bool Memcheck = false;          // -memcheck (or LOOM_MEMCHECK=1)
  bool Racecheck = false;         // -racecheck (or LOOM_RACECHECK=1)
  bool FastMath = false;          // --use_fast_math
  bool Fmad = true;               // -fmad=false: no multiply-add contraction
  std::optional<bool> Ftz;        // -ftz=true/false; unset: --use_fast_math's
  /// Whether kernels flush single-precision denormals to zero: -ftz, else
  /// what --use_fast_math implies (as in nvcc).
  bool flushDenormals() const { return Ftz.value_or(FastMath); }
  std::string DumpStagesDir;      // --loom-dump-stages=<dir>
  bool NoWarnings = false;        // -w
  bool Shared = false;            // -shared
  /// -cubin/-fatbin: a module for cuModuleLoad (a shared object), named
  /// <input>.cubin/.fatbin unless -o says otherwise.
  std::string ModuleExtension;
  bool StaticLibrary = false;     // -lib: compile, then archive the objects
  bool Rdc = false;               // -rdc=true, -dc: relocatable device code
  bool DeviceLinkOnly = false;    // -dlink: only the device link step
  bool Verbose = false;           // -v
  bool Keep = false;              // -keep
  std::string KeepDir;            // -keep-dir: where -keep puts the files
  bool DryRun = false;            // -dryrun
  /// --loom-disable=a,b: Loom optimizations to turn off (benchmarks compare
  /// with and without them): "vectorize", "barrier-elim".
  std::vector<std::string> Disabled;
  unsigned VectorWidth = 0;       // --loom-vector-width=N: gang width of the kernel vectorizer
  bool NoJitBitcode = false;      // --loom-no-jit-bitcode: nothing for the runtime's JIT
  std::string RemarkPassed;       // -Rpass=<regex>: kernel optimizations done
  std::string RemarkMissed;       // -Rpass-missed=<regex>: and not done, why
  bool ShowVersion = false;
  bool ShowHelp = false;

  // nvcc's command line beyond the basics (docs/tools.md).
  bool AsNvcc = false;            // invoked as `nvcc`: defines __NVCC__, static cudart
  std::string Cudart;             // -cudart none|shared|static; empty: the default
  bool DepsNonSystem = false;     // -MM / -MMD: no system headers in the rule
  bool DepsPhony = false;         // -MP: a phony target per header
  std::string OutputDir;          // -odir: where -c puts objects named after inputs
  std::vector<std::string> CommonFlags; // both sides of a compile (-Werror, -noeh, -ftemplate-*)
  std::vector<std::string> Ignored;     // accepted options that only tune GPU code (-v lists them)
  std::string Archiver;           // -arbin: the archiver -lib runs
  bool Run = false;               // -run: run the linked program
  /// --target=<triple> (-target, nvcc's -target-dir aarch64-linux): compile
  /// and link for another CPU (docs/tools.md, "More CPUs"); empty: this one.
  std::string Target;
  std::vector<std::string> RunArgs; // -run-args
  bool NoDeviceLink = false;      // -nodlink: link without the device link step
  bool Clean = false;             // -clean: nothing to clean, nothing compiled
  bool ListArch = false;          // --list-gpu-arch / --list-gpu-code
  bool HostProfile = false;       // -pg: gprof instrumentation of host code
};

/// Parses argv (without argv[0]). On error prints "loomcc: error: ..." and
/// returns std::nullopt. \p AsNvcc: invoked under the name nvcc.
std::optional<Options> parseOptions(const std::vector<std::string> &Args,
                                    bool AsNvcc = false);

/// Expands --options-file / -optf arguments (files of whitespace-separated,
/// shell-quoted options, as CMake writes them) in place. False on a file
/// that cannot be read (error printed).
bool expandOptionFiles(std::vector<std::string> &Args);

/// Splits an nvcc list value on commas; double quotes group (FindCUDA's
/// `-Xcompiler ,"-Wall","-O2"`) and are removed.
std::vector<std::string> splitList(const std::string &S);

void printHelp();

} // namespace loomcc

#endif
