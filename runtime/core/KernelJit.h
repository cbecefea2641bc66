// KernelJit.h - launch-time specialization: kernels compiled again for their block size.
// SPDX-License-Identifier: Apache-2.0
//
// Every launch asks select() which descriptor to run. The first launch of a
// kernel with a new block size runs the compiled (ahead-of-time) entry and
// queues a compile of that kernel for that block size on a background thread
// (LOOM_JIT=sync: compiles before the launch returns); later launches run the
// specialized entry once it is ready. The compiler is the helper program
// loom-jit-compile (include/loom/JitABI.h), run as its own process, so LLVM
// never runs inside the program; its output is a shared object, kept in the
// on-disk cache (DiskCache.h) and dlopen()ed. Whatever fails (no bitcode in
// the module, no helper, a compile error, a cache problem) leaves that
// (kernel, block size) on the compiled entry; LOOM_JIT_STATS=1 says why on
// stderr. See docs/runtime.md, "Launch-time specialization".
#ifndef LOOM_RUNTIME_CORE_KERNELJIT_H
#define LOOM_RUNTIME_CORE_KERNELJIT_H

#include "loom/KernelABI.h"
#include "support/Config.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace loom {

class KernelJit {
public:
  /// One compile: the module and kernel, the block size.
  struct Request {
    const LoomModuleDesc *Module;
    const LoomKernelDesc *Kernel;
    LoomDim3 Block;
  };
  /// Produces the specialized shared object's bytes, or false with \p Why.
  /// The real one runs loom-jit-compile; tests substitute their own.
  using CompileFn =
      std::function<bool(const Request &, std::string &SharedObject, std::string &Why)>;
  /// Finds the module a kernel descriptor belongs to (the registry's, or a test's).
  using ModuleFn = std::function<const LoomModuleDesc *(const LoomKernelDesc *)>;

  /// Configured from the environment (LOOM_JIT, LOOM_CACHE_DIR,
  /// LOOM_JIT_COMPILER, LOOM_JIT_STATS) on first use; never destroyed.
  static KernelJit &get();

  /// The descriptor a launch of \p Desc with block size \p Block runs: the
  /// specialized one when it is ready, else \p Desc.
  const LoomKernelDesc &select(const LoomKernelDesc &Desc, const LoomDim3 &Block);

  /// What happened to one (kernel, block size), for tests and statistics.
  enum class State { Unknown, Pending, Ready, Failed };
  struct Status {
    State St = State::Unknown;
    std::string Message; ///< why it failed, or cache notes
    double Milliseconds = 0;
    bool FromCache = false;
    uint64_t CompiledLaunches = 0;    ///< launches that ran the compiled entry
    uint64_t SpecializedLaunches = 0; ///< launches that ran the specialized one
  };
  Status status(const LoomKernelDesc &Desc, const LoomDim3 &Block);

  /// Tests: forgets everything and starts over with \p Settings; a null
  /// \p Compile runs the helper named by Settings.Compiler; a null
  /// \p Modules asks the kernel registry.
  void resetForTesting(const JitSettings &Settings, CompileFn Compile = nullptr,
                       ModuleFn Modules = nullptr);
  /// Tests: waits until no compile is queued or running.
  void waitIdle();

  /// Where loom-jit-compile is looked for: <libloomrt's directory>/loom/.
  static std::string defaultCompilerPath();
  /// Runs the helper at \p Compiler for \p R (the real CompileFn).
  static bool runCompiler(const std::string &Compiler, const Request &R, std::string &SharedObject,
                          std::string &Why);
  /// The disk cache's entry name and stamp for \p R (DiskCache.h): what
  /// the code is compiled from, and with what compiler for which CPU.
  static std::string cacheName(const Request &R);
  static std::string cacheStamp(const std::string &Compiler);

private:
  KernelJit();

  struct Key {
    const LoomKernelDesc *Desc;
    uint32_t X, Y, Z;
    bool operator==(const Key &O) const {
      return Desc == O.Desc && X == O.X && Y == O.Y && Z == O.Z;
    }
  };
  struct KeyHash {
    size_t operator()(const Key &K) const {
      size_t H = std::hash<const void *>()(K.Desc);
      return H ^ (size_t(K.X) * 0x9e3779b97f4a7c15ull) ^ (size_t(K.Y) << 20) ^
             (size_t(K.Z) << 40);
    }
  };
  struct Entry {
    State St = State::Pending;
    const LoomModuleDesc *Module = nullptr;
    LoomKernelDesc Specialized{};
    std::string Message;
    double Milliseconds = 0;
    bool FromCache = false;
    uint64_t CompiledLaunches = 0, SpecializedLaunches = 0;
  };

  /// Finds or compiles the code for \p K (lock not held) and publishes it.
  void compile(const Key &K, Entry &E);
  /// dlopen()s \p SharedObject, binds it to \p Module's state and fills
  /// \p Out from it; false with \p Why.
  static bool load(const std::string &SharedObject, const LoomModuleDesc &Module,
                   const LoomKernelDesc &Kernel, LoomKernelDesc &Out, std::string &Why);
  void backgroundLoop();
  void report(const Key &K, const Entry &E);

  JitSettings Settings;
  CompileFn Compile;
  ModuleFn Modules;

  std::mutex M;
  std::condition_variable Work, Idle;
  std::unordered_map<Key, std::unique_ptr<Entry>, KeyHash> Entries;
  std::vector<std::unique_ptr<Entry>> Retired; ///< resetForTesting's old entries
  std::deque<Key> Queue;
  unsigned Running = 0;
  bool BackgroundStarted = false; ///< the one compile thread (detached)
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_KERNELJIT_H
