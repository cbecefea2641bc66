// SPDX-License-Identifier: Apache-2.0
// Code generation from a fully lowered expression to CUDA C (kernels plus
// the host function that launches them on Loom's runtime) or OpenCL C
// (kernels only, for inspection), and the runner that compiles CUDA with
// Loom's own loomcc into a shared object and calls it.
// docs/decisions/0004-patterns-emit-cuda-source.md says why source.
#ifndef LOOM_PATTERNS_CODEGEN_H
#define LOOM_PATTERNS_CODEGEN_H

#include "loom/patterns/Interpreter.h"

namespace loom::patterns {

enum class Dialect { CUDA, OpenCL };

struct CodeGenOptions {
  Dialect dialect = Dialect::CUDA;
  int blockSize = 256;  // threads per block of a mapGlb kernel
  int maxBlocks = 1024; // at most this many blocks (work-groups); maps loop over the rest
};

struct GeneratedCode {
  std::string source;                 // CUDA (or OpenCL) C
  std::vector<std::string> sizeVars;  // the order of loom_pattern_run's sizes
  std::vector<TypeP> inputs;          // the program's input types
  TypeP output;                       // its result type
  int kernels = 0;                    // how many kernels it launches
  std::vector<Size> sizes;            // every array size in the program
  /// Extra loomcc flags (--loom-disable=wfv when threads update whole rows
  /// in place: the host compiler vectorizes within a thread).
  std::vector<std::string> compileFlags;
};

/// Throws Error if a size of the program is not a whole number for these
/// sizes (a split or vector width that does not divide) or a size is missing.
void validateSizes(const GeneratedCode &code, const std::map<std::string, int64_t> &sizes);

/// Generates code for program p (whose body must be lowered: no map,
/// reduce or reducePart left, low-level maps only where the execution model
/// allows them). Throws Error naming the pattern it cannot generate.
/// The CUDA source defines
///   extern "C" int loom_pattern_run(void *const *inputs, void *output, const long long *sizes);
/// inputs and output are host arrays of the scalars in row-major order;
/// sizes follow sizeVars. It returns a cudaError_t.
GeneratedCode generate(const Program &p, const CodeGenOptions &opts = {});

/// A generated program compiled by loomcc and loaded.
class CompiledProgram {
public:
  CompiledProgram() = default;
  CompiledProgram(CompiledProgram &&o) noexcept;
  CompiledProgram &operator=(CompiledProgram &&o) noexcept;
  ~CompiledProgram();
  /// Runs on flattened inputs (each converted to its scalar type); returns
  /// the flattened output.
  std::vector<double> run(const std::vector<std::vector<double>> &inputs,
                          const std::map<std::string, int64_t> &sizes) const;
  /// Runs on typed host buffers directly (for benchmarks).
  int runRaw(void *const *inputs, void *output, const std::map<std::string, int64_t> &sizes) const;
  /// Copies the inputs to device memory once, then times loom_pattern_launch
  /// (the kernels alone) reps times; returns the median in milliseconds and
  /// the flattened result of the last run in *result if given.
  double timeLaunch(const std::vector<std::vector<double>> &inputs, const std::map<std::string, int64_t> &sizes,
                    int reps, std::vector<double> *result = nullptr) const;
  const GeneratedCode &code() const { return code_; }
  std::string soPath;

private:
  friend CompiledProgram compile(const GeneratedCode &, const std::string &);
  void *handle_ = nullptr;
  int (*fn_)(void *const *, void *, const long long *) = nullptr;
  int (*launch_)(void *const *, void *, const long long *) = nullptr;
  GeneratedCode code_;
};

/// Compiles the CUDA code with loomcc -O3 -shared into cacheDir (default:
/// $LOOM_PATTERNS_CACHE, else $XDG_CACHE_HOME or ~/.cache/loom-patterns),
/// reusing an earlier build of the same source; throws Error with
/// loomcc's messages if it fails.
CompiledProgram compile(const GeneratedCode &code, const std::string &cacheDir = "");
/// The loomcc this library was built with (LOOM_PATTERNS_LOOMCC overrides).
std::string loomccPath();

} // namespace loom::patterns

#endif
