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
  std::optional<InputKind> ForcedKind; // -x cu / c++ / c
  bool HostDebug = false;         // -g
  bool DeviceDebug = false;       // -G
  bool LineInfo = false;          // -lineinfo
  bool FastMath = false;          // --use_fast_math
  bool Fmad = true;               // -fmad=false: no multiply-add contraction
  std::optional<bool> Ftz;        // -ftz=true/false; unset: --use_fast_math's
  /// Whether kernels flush single-precision denormals to zero: -ftz, else
  /// what --use_fast_math implies (as in nvcc).
  bool flushDenormals() const { return Ftz.value_or(FastMath); }
  std::string DumpStagesDir;      // --loom-dump-stages=<dir>
  bool NoWarnings = false;        // -w
  bool Shared = false;            // -shared
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
};

/// Parses argv (without argv[0]). On error prints "loomcc: error: ..." and
/// returns std::nullopt.
std::optional<Options> parseOptions(const std::vector<std::string> &Args);

void printHelp();

} // namespace loomcc

#endif
