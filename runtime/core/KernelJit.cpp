// KernelJit.cpp - launch-time specialization: kernels compiled again for their block size.
// SPDX-License-Identifier: Apache-2.0
#include "core/KernelJit.h"

#include "core/DiskCache.h"
#include "core/KernelRegistry.h"
#include "loom/JitABI.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <fstream>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace loom {

namespace {

std::string demangled(const char *Name) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
  std::string S = Status == 0 && D ? D : Name;
  std::free(D);
  return S;
}

std::string hex64(uint64_t V) {
  char Buffer[17];
  std::snprintf(Buffer, sizeof(Buffer), "%016llx", (unsigned long long)V);
  return Buffer;
}

std::string tempDirectory() {
  const char *T = std::getenv("TMPDIR");
  return T && *T ? T : "/tmp";
}

bool writeAll(int FD, const std::string &Bytes) {
  size_t Done = 0;
  while (Done < Bytes.size()) {
    ssize_t N = ::write(FD, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += size_t(N);
  }
  return true;
}

bool writeFile(const std::string &Path, const std::string &Bytes) {
  int FD = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (FD < 0)
    return false;
  bool OK = writeAll(FD, Bytes);
  return ::close(FD) == 0 && OK;
}

bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  Out.assign(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
  return true;
}

/// A private directory for one compile, removed with its files.
struct ScratchDir {
  std::string Path;
  std::vector<std::string> Files;
  ScratchDir() {
    std::string Template = tempDirectory() + "/loom-jit-XXXXXX";
    if (char *P = mkdtemp(Template.data()))
      Path = P;
  }
  std::string file(const char *Name) {
    Files.push_back(Path + "/" + Name);
    return Files.back();
  }
  ~ScratchDir() {
    for (const std::string &F : Files)
      ::unlink(F.c_str());
    if (!Path.empty())
      ::rmdir(Path.c_str());
  }
};

/// The helper process the background thread waits for, so an exiting
/// program can stop it and remove its scratch files (an exit abandons the
/// compile in flight; the program's output is complete by then).
struct InFlight {
  std::mutex M;
  pid_t Pid = 0;
  std::vector<std::string> Files;
  std::string Dir;
};
InFlight &inFlight() {
  static InFlight *F = new InFlight; // never destroyed: read at exit
  return *F;
}

void abandonInFlight() {
  InFlight &F = inFlight();
  std::lock_guard<std::mutex> Lock(F.M);
  if (F.Pid > 0) {
    ::kill(F.Pid, SIGKILL);
    while (waitpid(F.Pid, nullptr, 0) < 0 && errno == EINTR) {
    }
    F.Pid = 0;
  }
  for (const std::string &File : F.Files)
    ::unlink(File.c_str());
  if (!F.Dir.empty())
    ::rmdir(F.Dir.c_str());
  F.Files.clear();
  F.Dir.clear();
}

/// The CPU the code is compiled for: /proc/cpuinfo's model and flags.
std::string cpuIdentity() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line, Model, Flags;
  while (std::getline(In, Line) && (Model.empty() || Flags.empty())) {
    if (Model.empty() && Line.rfind("model name", 0) == 0)
      Model = Line;
    else if (Flags.empty() && Line.rfind("flags", 0) == 0)
      Flags = Line;
  }
  std::string All = Model + Flags;
  return hex64(DiskCache::checksum(All.data(), All.size()));
}

} // namespace

KernelJit &KernelJit::get() {
  static KernelJit *J = new KernelJit; // never destroyed: launches may race exit
  return *J;
}

KernelJit::KernelJit() {
  Settings = parseJitSettings([](const char *Name) { return std::getenv(Name); });
  if (!Settings.Warnings.empty())
    std::fprintf(stderr, "loom: %s", Settings.Warnings.c_str());
  if (Settings.Stats)
    std::atexit([] {
      KernelJit &J = get();
      std::lock_guard<std::mutex> Lock(J.M);
      for (const auto &[K, E] : J.Entries)
        std::fprintf(stderr, "loom-jit: %s %ux%ux%u: %llu launches specialized, %llu compiled\n",
                     demangled(K.Desc->name ? K.Desc->name : "?").c_str(), K.X, K.Y, K.Z,
                     (unsigned long long)E->SpecializedLaunches,
                     (unsigned long long)E->CompiledLaunches);
    });
}

std::string KernelJit::defaultCompilerPath() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&KernelJit::defaultCompilerPath), &Info) &&
      Info.dli_fname) {
    std::string Self = Info.dli_fname;
    size_t Slash = Self.find_last_of('/');
    return (Slash == std::string::npos ? std::string(".") : Self.substr(0, Slash)) +
           "/loom/" LOOM_JIT_COMPILER_NAME;
  }
  return LOOM_JIT_COMPILER_NAME;
}

std::string KernelJit::cacheName(const Request &R) {
  const char *Bitcode = static_cast<const char *>(R.Module->jitBitcode);
  std::string What = std::string(R.Kernel->name) + "|" + std::to_string(R.Block.x) + "," +
                     std::to_string(R.Block.y) + "," + std::to_string(R.Block.z) + "|" +
                     (R.Module->jitConfig ? R.Module->jitConfig : "");
  // Two independent 64-bit hashes of bitcode and configuration.
  uint64_t A = DiskCache::checksum(Bitcode, R.Module->jitBitcodeSize);
  A = DiskCache::checksum(What.data(), What.size(), A);
  uint64_t B = DiskCache::checksum(What.data(), What.size(), 0x84222325cbf29ce4ull);
  B = DiskCache::checksum(Bitcode, R.Module->jitBitcodeSize, B);
  return hex64(A) + hex64(B);
}

std::string KernelJit::cacheStamp(const std::string &Compiler) {
  // The compiler's build (a rebuilt Loom never runs code an older one
  // produced), the ABI, the CPU.
  struct stat St;
  std::string Build = ::stat(Compiler.c_str(), &St) == 0
                          ? std::to_string(St.st_size) + "-" + std::to_string(St.st_mtime)
                          : "unknown";
  return "loom-jit abi " + std::to_string(LOOM_ABI_VERSION) + " compiler " + Build + " cpu " +
         cpuIdentity();
}

const LoomKernelDesc &KernelJit::select(const LoomKernelDesc &Desc, const LoomDim3 &Block) {
  if (Settings.Mode == JitMode::Off)
    return Desc;
  Key K{&Desc, Block.x, Block.y, Block.z};
  std::unique_lock<std::mutex> Lock(M);
  if (auto It = Entries.find(K); It != Entries.end()) {
    Entry &E = *It->second;
    if (E.St == State::Ready) {
      ++E.SpecializedLaunches;
      return E.Specialized;
    }
    ++E.CompiledLaunches;
    return Desc;
  }
  Entry &E = *Entries.emplace(K, std::make_unique<Entry>()).first->second;
  ++E.CompiledLaunches;
  JitMode Mode = Settings.Mode;
  ModuleFn Find = Modules;
  Lock.unlock();

  const LoomModuleDesc *Module = Find ? Find(&Desc) : KernelRegistry::get().moduleOf(&Desc);
  Lock.lock();
  if (!Module || !Module->jitBitcode || !Module->jitBitcodeSize) {
    E.St = State::Failed;
    E.Message = Module ? "no bitcode to specialize (compiled with --loom-no-jit-bitcode)"
                       : "the kernel belongs to no registered module";
    Lock.unlock();
    report(K, E);
    return Desc;
  }
  E.Module = Module;
  ++Running;
  if (Mode == JitMode::Sync) {
    Lock.unlock();
    compile(K, E);
    Lock.lock();
    if (E.St == State::Ready) {
      --E.CompiledLaunches;
      ++E.SpecializedLaunches;
      return E.Specialized;
    }
    return Desc;
  }
  Queue.push_back(K);
  if (!BackgroundStarted) {
    BackgroundStarted = true;
    std::atexit(abandonInFlight);
    std::thread([this] { backgroundLoop(); }).detach();
  }
  Work.notify_one();
  return Desc;
}

void KernelJit::backgroundLoop() {
  pthread_setname_np(pthread_self(), "loom-jit");
  std::unique_lock<std::mutex> Lock(M);
  for (;;) {
    Work.wait(Lock, [&] { return !Queue.empty(); });
    Key K = Queue.front();
    Queue.pop_front();
    Entry &E = *Entries.at(K);
    Lock.unlock();
    compile(K, E);
    Lock.lock();
  }
}

bool KernelJit::runCompiler(const std::string &Compiler, const Request &R,
                            std::string &SharedObject, std::string &Why) {
  ScratchDir Dir;
  if (Dir.Path.empty()) {
    Why = "cannot create a directory in " + tempDirectory() + ": " + std::strerror(errno);
    return false;
  }
  std::string Bitcode = Dir.file("kernel.bc"), Manifest = Dir.file("manifest"),
              Output = Dir.file("kernel.so"), Errors = Dir.file("errors");
  std::string List;
  for (uint32_t I = 0; I < R.Module->numVars; ++I)
    List += "var " + std::to_string(R.Module->vars[I].flags) + " " + R.Module->vars[I].name + "\n";
  for (uint32_t I = 0; I < R.Module->numKernels; ++I)
    List += std::string("kernel ") + R.Module->kernels[I].name + "\n";
  if (!writeFile(Bitcode, std::string(static_cast<const char *>(R.Module->jitBitcode),
                                      R.Module->jitBitcodeSize)) ||
      !writeFile(Manifest, List)) {
    Why = "cannot write in " + Dir.Path + ": " + std::strerror(errno);
    return false;
  }
  std::string Block = std::to_string(R.Block.x) + "," + std::to_string(R.Block.y) + "," +
                      std::to_string(R.Block.z);
  std::vector<std::string> Args = {Compiler,  "--bitcode", Bitcode,
                                   "--manifest", Manifest,   "--kernel",
                                   R.Kernel->name, "--block", Block,
                                   "--config", R.Module->jitConfig ? R.Module->jitConfig : "",
                                   "--output", Output};
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 2, Errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  pid_t Pid = 0;
  int Error;
  {
    InFlight &F = inFlight();
    std::lock_guard<std::mutex> Lock(F.M);
    Error = posix_spawn(&Pid, Compiler.c_str(), &Actions, nullptr, Argv.data(), environ);
    if (Error == 0) {
      F.Pid = Pid;
      F.Files = Dir.Files;
      F.Files.push_back(Output + ".o"); // the helper's intermediate object
      F.Dir = Dir.Path;
    }
  }
  posix_spawn_file_actions_destroy(&Actions);
  if (Error != 0) {
    Why = "cannot run " + Compiler + ": " + std::strerror(Error);
    return false;
  }
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  {
    InFlight &F = inFlight();
    std::lock_guard<std::mutex> Lock(F.M);
    F.Pid = 0;
    F.Files.clear();
    F.Dir.clear();
  }
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0) {
    std::string Text;
    readFile(Errors, Text);
    while (!Text.empty() && (Text.back() == '\n' || Text.back() == ' '))
      Text.pop_back();
    if (Text.empty())
      Text = WIFEXITED(Status) ? "exit status " + std::to_string(WEXITSTATUS(Status))
                               : "killed by signal " + std::to_string(WTERMSIG(Status));
    Why = "compile failed: " + Text;
    return false;
  }
  if (!readFile(Output, SharedObject) || SharedObject.empty()) {
    Why = Compiler + " wrote no output";
    return false;
  }
  return true;
}

bool KernelJit::load(const std::string &SharedObject, const LoomModuleDesc &Module,
                     const LoomKernelDesc &Kernel, LoomKernelDesc &Out, std::string &Why) {
  // dlopen needs a file; it stays mapped after the file is removed.
  std::string Path = tempDirectory() + "/loom-jit-XXXXXX.so";
  int FD = mkstemps(Path.data(), 3);
  if (FD < 0) {
    Why = "cannot create a file in " + tempDirectory() + ": " + std::strerror(errno);
    return false;
  }
  bool Written = writeAll(FD, SharedObject);
  ::close(FD);
  void *Handle = Written ? dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL) : nullptr;
  const char *Error = Handle ? nullptr : dlerror();
  ::unlink(Path.c_str());
  if (!Written) {
    Why = "cannot write " + Path;
    return false;
  }
  if (!Handle) {
    Why = std::string("cannot load the specialized code: ") + (Error ? Error : "?");
    return false;
  }
  auto *Desc = static_cast<const LoomModuleDesc *>(dlsym(Handle, LOOM_JIT_MODULE_SYMBOL));
  auto *Bindings = static_cast<const void **>(dlsym(Handle, LOOM_JIT_BINDINGS_SYMBOL));
  auto *Count = static_cast<const uint64_t *>(dlsym(Handle, LOOM_JIT_BINDINGS_COUNT_SYMBOL));
  uint64_t Want = 2 * uint64_t(Module.numVars) + Module.numKernels;
  if (!Desc || !Bindings || !Count || *Count != Want || Desc->abiVersion != LOOM_ABI_VERSION ||
      Desc->numKernels != 1 || !Desc->kernels[0].entry || !Desc->kernels[0].name ||
      std::strcmp(Desc->kernels[0].name, Kernel.name) != 0) {
    // Not what this module needs (another module's code under a colliding
    // name, or a foreign file): never run it. The handle stays open; its
    // code is never called.
    Why = "the specialized code does not match the kernel's module";
    return false;
  }
  for (uint32_t I = 0; I < Module.numVars; ++I) {
    Bindings[I] = Module.vars[I].address;
    Bindings[Module.numVars + I] = Module.vars[I].managedPointer;
  }
  for (uint32_t I = 0; I < Module.numKernels; ++I)
    Bindings[2 * Module.numVars + I] = &Module.kernels[I];
  const LoomKernelDesc &S = Desc->kernels[0];
  Out = Kernel;
  Out.entry = S.entry;
  Out.gangWidth = S.gangWidth;
  Out.staticSharedBytes = S.staticSharedBytes;
  Out.threadArenaBytesPerThread = S.threadArenaBytesPerThread;
  return true;
}

void KernelJit::compile(const Key &K, Entry &E) {
  auto Start = std::chrono::steady_clock::now();
  Request R{E.Module, K.Desc, {K.X, K.Y, K.Z}};
  std::string CacheDir, Compiler;
  CompileFn Fn;
  {
    std::lock_guard<std::mutex> Lock(M);
    CacheDir = Settings.CacheDir;
    Compiler = Settings.Compiler.empty() ? defaultCompilerPath() : Settings.Compiler;
    Fn = Compile;
  }
  if (!Fn)
    Fn = [Compiler](const Request &Req, std::string &SO, std::string &Why) {
      return runCompiler(Compiler, Req, SO, Why);
    };

  DiskCache Cache(CacheDir);
  std::string Name = cacheName(R), Stamp = cacheStamp(Compiler);
  std::string Object, Why, Notes;
  LoomKernelDesc Specialized{};
  bool Ready = false, FromCache = false;
  DiskCache::Lookup Found = Cache.load(Name, Stamp, Object, &Why);
  if (Found == DiskCache::Lookup::Hit) {
    Ready = FromCache = load(Object, *E.Module, *K.Desc, Specialized, Why);
    if (!Ready)
      Found = DiskCache::Lookup::Corrupt;
  }
  if (Found == DiskCache::Lookup::Stale || Found == DiskCache::Lookup::Corrupt)
    Notes = std::string("disk cache: ") + DiskCache::name(Found) + " entry " +
            Cache.pathOf(Name) + " (" + Why + "), compiled again";
  std::string Failure;
  if (!Ready) {
    if (!Fn(R, Object, Failure)) {
    } else if (!load(Object, *E.Module, *K.Desc, Specialized, Failure)) {
    } else {
      Ready = true;
      if (!Cache.directory().empty() && !Cache.store(Name, Stamp, Object, &Why))
        Notes += std::string(Notes.empty() ? "" : "; ") + "disk cache: " + Why;
    }
  }
  {
    std::lock_guard<std::mutex> Lock(M);
    E.Specialized = Specialized;
    E.St = Ready ? State::Ready : State::Failed;
    E.Message = Ready ? Notes : Failure + (Notes.empty() ? "" : "; " + Notes);
    E.Milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start)
            .count();
    E.FromCache = FromCache;
  }
  report(K, E);
  {
    std::lock_guard<std::mutex> Lock(M);
    --Running;
  }
  Idle.notify_all();
}

void KernelJit::report(const Key &K, const Entry &E) {
  if (!Settings.Stats)
    return;
  std::string Name = demangled(K.Desc->name ? K.Desc->name : "?");
  if (E.St == State::Ready)
    std::fprintf(stderr, "loom-jit: %s %ux%ux%u: %s in %.1f ms%s%s\n", Name.c_str(), K.X, K.Y,
                 K.Z, E.FromCache ? "loaded from the disk cache" : "compiled", E.Milliseconds,
                 E.Message.empty() ? "" : "; ", E.Message.c_str());
  else
    std::fprintf(stderr, "loom-jit: %s %ux%ux%u: not specialized (%s); the compiled code runs\n",
                 Name.c_str(), K.X, K.Y, K.Z, E.Message.c_str());
}

KernelJit::Status KernelJit::status(const LoomKernelDesc &Desc, const LoomDim3 &Block) {
  std::lock_guard<std::mutex> Lock(M);
  Status S;
  auto It = Entries.find(Key{&Desc, Block.x, Block.y, Block.z});
  if (It == Entries.end())
    return S;
  const Entry &E = *It->second;
  S.St = E.St;
  S.Message = E.Message;
  S.Milliseconds = E.Milliseconds;
  S.FromCache = E.FromCache;
  S.CompiledLaunches = E.CompiledLaunches;
  S.SpecializedLaunches = E.SpecializedLaunches;
  return S;
}

void KernelJit::waitIdle() {
  std::unique_lock<std::mutex> Lock(M);
  Idle.wait(Lock, [&] { return Queue.empty() && Running == 0; });
}

void KernelJit::resetForTesting(const JitSettings &NewSettings, CompileFn NewCompile,
                                ModuleFn NewModules) {
  waitIdle();
  std::lock_guard<std::mutex> Lock(M);
  // Specialized descriptors stay allocated: ops that still hold one may
  // run (entries are only ever added in normal operation).
  for (auto &[K, E] : Entries)
    Retired.push_back(std::move(E));
  Entries.clear();
  Settings = NewSettings;
  Compile = std::move(NewCompile);
  Modules = std::move(NewModules);
}

} // namespace loom
