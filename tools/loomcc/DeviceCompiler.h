//===- DeviceCompiler.h - device IR to a host object, in process -----------===//
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_LOOMCC_DEVICECOMPILER_H
#define LOOM_LOOMCC_DEVICECOMPILER_H

#include "Pipeline/Switches.h"

#include <string>
#include <vector>

namespace loomcc {

struct DeviceCompileJob {
  std::string BitcodePath;   // NVPTX bitcode from clang --cuda-device-only
  /// Device link (-rdc): further translation units' bitcode, linked in.
  std::vector<std::string> LinkedBitcodePaths;
  /// Device link (-rdc): the host objects name their kernels and variables
  /// in clang's offload entry tables; the object registers them at startup.
  bool RegisterOffloadEntries = false;
  std::string ObjectPath;    // host object to write
  std::string ModuleKey;     // joins the device and host halves
  std::string DeviceLibrary; // libdevice.bc
  bool KeepDebugInfo = false;
  bool DebugOptimization = false; ///< -G: O0 after the kernel pipeline
  bool FastMath = false;
  bool Fmad = true; ///< false: the host back end fuses no multiply-add
  /// --loom-dump-stages: the module after every pipeline stage and after
  /// host optimization (PipelineOptions::DumpStagesDir, host-O3.ll).
  std::string DumpStagesDir;
  bool Verbose = false;
  bool Vectorize = true;          // --loom-disable=vectorize turns it off
  bool Memcheck = false;          // -memcheck: InstrumentMemory
  bool Racecheck = false;         // -racecheck
  /// --loom-disable=<switch> and --loom-vector-width.
  loom::CodegenSwitches Codegen;
  /// Embed the module's bitcode for launch-time specialization (the
  /// runtime's JIT); --loom-no-jit-bitcode turns it off.
  bool EmbedJitBitcode = true;
  /// For a shared object: -shared, or -fPIC/-fpic for the host compiler (as
  /// CMake compiles the objects of a shared library).
  bool SharedObject = false;
  std::string RemarkPassed;       // -Rpass=<regex>
  std::string RemarkMissed;       // -Rpass-missed=<regex>
  std::string DumpIRPath;    // -keep: the transformed module, for inspection
  /// loomcc --target: the CPU the object is for; empty: this machine's.
  std::string TargetTriple, TargetCPU, TargetFeatures;
};

/// Runs the kernel pipeline and the host optimizer, then emits an object.
/// Errors are printed as "file:line:col: error: ..."; returns false on error.
bool compileDevice(const DeviceCompileJob &Job);

} // namespace loomcc

#endif
