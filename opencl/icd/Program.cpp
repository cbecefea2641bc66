// Program.cpp - programs (built by loom-clc into a shared object), kernels and their launches.
// SPDX-License-Identifier: Apache-2.0
//
// clBuildProgram writes the source to a private folder and runs loom-clc
// (opencl/compiler/ClCompile.cpp) on it; its diagnostics are the build log.
// The shared object it links registers its kernels with libloomrt under a
// module key unique to the build when it is loaded; the program then
// registers one "host stub" per kernel under that key, exactly as a CUDA
// program's host code does, and a launch is cudaLaunchKernel on the
// queue's stream: work-groups run as Loom blocks on Loom's worker pool.
#include "Objects.h"

#include "cuda_runtime_api.h"
#include "loom/KernelABI.h"

/// libloomrt's cudaLaunchKernel without CUDA's 65535 blocks along y and z
/// (runtime/api/Launch.cpp).
extern "C" cudaError_t __loomLaunchKernelLargeGrid(const void *Func, dim3 Grid, dim3 Block,
                                                   void **Args, size_t SharedMem,
                                                   cudaStream_t Stream);

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <fstream>
#include <algorithm>
#include <cstring>
#include <random>
#include <set>
#include <spawn.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern "C" {
void **__cudaRegisterFatBinary(void *FatCubin);
void __cudaUnregisterFatBinary(void **Handle);
void __cudaRegisterFunction(void **Handle, const char *HostFun, char *DeviceFun,
                            const char *DeviceName, int ThreadLimit, uint3 *Tid, uint3 *Bid,
                            dim3 *BlockDim, dim3 *GridDim, int *WarpSize);
}

extern char **environ;

namespace loomcl {

namespace {

/// clang's fat-binary wrapper layout, which libloomrt reads.
struct FatbinWrapper {
  int magic;
  int version;
  const char *data;
  void *unused;
};

/// The folder of libLoomOpenCL.so: loom-clc is in its loom/ subfolder.
std::string libraryDir() {
  Dl_info Info{};
  if (!dladdr(reinterpret_cast<void *>(&libraryDir), &Info) || !Info.dli_fname)
    return ".";
  std::string Path = Info.dli_fname;
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}

void removeTree(const std::string &Dir) {
  for (const char *Name : {"input.cl", "kernels.so", "manifest.txt", "log.txt"})
    unlink((Dir + "/" + Name).c_str());
  rmdir(Dir.c_str());
}

bool parseManifest(const std::string &Text, std::vector<std::unique_ptr<KernelDesc>> &Out) {
  std::istringstream In(Text);
  std::string Line;
  while (std::getline(In, Line)) {
    std::vector<std::string> F;
    size_t Pos = 0;
    for (;;) {
      size_t Tab = Line.find('\t', Pos);
      F.push_back(Line.substr(Pos, Tab == std::string::npos ? std::string::npos : Tab - Pos));
      if (Tab == std::string::npos)
        break;
      Pos = Tab + 1;
    }
    if (F[0] == "kernel" && F.size() == 7) {
      auto K = std::make_unique<KernelDesc>();
      K->name = F[1];
      for (int I = 0; I < 3; ++I)
        K->reqd[I] = std::strtoull(F[3 + I].c_str(), nullptr, 10);
      K->staticLocalBytes = std::strtoull(F[6].c_str(), nullptr, 10);
      Out.push_back(std::move(K));
    } else if (F[0] == "uniform" && F.size() == 3 && !Out.empty()) {
      unsigned Index = std::strtoul(F[1].c_str(), nullptr, 10);
      if (Index >= Out.back()->args.size())
        return false;
      Out.back()->uniform.emplace_back(Index, F[2]);
    } else if (F[0] == "barrier" && F.size() == 1 && !Out.empty()) {
      Out.back()->barrier = true;
    } else if (F[0] == "coarsen" && F.size() == 3 && !Out.empty()) {
      Out.back()->coarsenDim = std::atoi(F[1].c_str());
      Out.back()->coarsenSaved = std::strtoul(F[2].c_str(), nullptr, 10);
      if (Out.back()->coarsenDim < 0 || Out.back()->coarsenDim > 2)
        return false;
    } else if (F[0] == "layout" && F.size() == 5 && !Out.empty()) {
      LayoutDesc L;
      L.arg = std::strtoul(F[1].c_str(), nullptr, 10);
      L.stride = std::strtoull(F[2].c_str(), nullptr, 10);
      L.writes = F[4] == "1";
      L.text = F[2] + ":" + F[3];
      std::istringstream Fields(F[3]);
      std::string One;
      while (std::getline(Fields, One, ',')) {
        size_t Slash = One.find('/');
        if (Slash == std::string::npos)
          return false;
        uint64_t Off = std::strtoull(One.c_str(), nullptr, 10);
        uint64_t W = std::strtoull(One.c_str() + Slash + 1, nullptr, 10);
        if (!W || Off + W > L.stride)
          return false;
        L.fields.emplace_back(Off, W);
      }
      if (L.arg >= Out.back()->args.size() || !L.stride || L.fields.empty())
        return false;
      Out.back()->layouts.push_back(std::move(L));
    } else if (F[0] == "arg" && F.size() == 8 && !Out.empty()) {
      ArgDesc A;
      A.kind = static_cast<ArgDesc::Kind>(std::atoi(F[1].c_str()));
      A.size = std::strtoull(F[2].c_str(), nullptr, 10);
      A.addressQualifier = F[3];
      A.accessQualifier = F[4];
      A.typeName = F[5];
      A.typeQualifier = F[6];
      A.name = F[7];
      Out.back()->args.push_back(A);
    } else if (!Line.empty()) {
      return false;
    }
  }
  return true;
}

std::atomic<unsigned> BuildCounter{0};

/// Loads P->object (a shared object from loom-clc) and registers its
/// kernels (P->manifest) with libloomrt under P->key. \p Dir is a private
/// folder to write the object to.
cl_int loadKernels(cl_program P, const std::string &Dir) {
  std::vector<std::unique_ptr<KernelDesc>> Kernels;
  if (!parseManifest(P->manifest, Kernels)) {
    P->log += "internal error: unreadable kernel manifest\n";
    P->status = CL_BUILD_ERROR;
    return CL_BUILD_PROGRAM_FAILURE;
  }
  std::string Path = Dir + "/kernels.so";
  {
    std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
    Out << P->object;
  }
  // Loading runs the module's constructor: it registers the kernels with
  // libloomrt under P->key. The file can go once it is mapped.
  void *Handle = dlopen(Path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!Handle) {
    const char *Why = dlerror();
    P->log += std::string("cannot load the compiled kernels: ") + (Why ? Why : "?") + "\n";
    P->status = CL_BUILD_ERROR;
    return CL_BUILD_PROGRAM_FAILURE;
  }
  P->fatbin = "LOOMFATBIN1";
  P->fatbin.push_back('\0');
  P->fatbin += P->key;
  P->fatbin.push_back('\0');
  static_assert(sizeof(FatbinWrapper) == 24, "clang's fat-binary wrapper layout");
  // libloomrt copies the key out of the wrapper.
  FatbinWrapper Wrapper{0x466243b1, 1, P->fatbin.data(), nullptr};
  P->fatHandle = __cudaRegisterFatBinary(&Wrapper);
  for (auto &K : Kernels)
    __cudaRegisterFunction(P->fatHandle, &K->stub, nullptr, K->name.c_str(), -1, nullptr, nullptr,
                           nullptr, nullptr, nullptr);
  P->kernels = std::move(Kernels);
  P->status = CL_BUILD_SUCCESS;
  return CL_SUCCESS;
}

/// Where a build's files go: a new private folder under $TMPDIR.
bool makeBuildDir(std::string &Dir) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Template = std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/loom-cl-XXXXXX";
  std::vector<char> Buf(Template.begin(), Template.end());
  Buf.push_back(0);
  if (!mkdtemp(Buf.data()))
    return false;
  Dir = Buf.data();
  return true;
}

/// The machine and Loom a program binary was built for: the code is
/// compiled for the host CPU's features, so another CPU or Loom version
/// must compile again (CL_INVALID_BINARY).
std::string binaryStamp() {
  std::ifstream In("/proc/cpuinfo");
  std::string Line, Model, Flags;
  while (std::getline(In, Line) && (Model.empty() || Flags.empty())) {
    if (Model.empty() && Line.rfind("model name", 0) == 0)
      Model = Line;
    if (Flags.empty() && Line.rfind("flags", 0) == 0)
      Flags = Line;
  }
  return std::string("loom ") + LOOM_VERSION_STRING + " abi " + std::to_string(LOOM_ABI_VERSION) +
         " cpu " + std::to_string(std::hash<std::string>()(Model + "|" + Flags));
}

} // namespace

/// Loom's program binary (CL_PROGRAM_BINARIES): a header line, the stamp,
/// the module key, then the manifest and the shared object, each after its
/// size in bytes.
std::string programBinary(cl_program P) {
  std::string B = "LOOMCLBIN1\n" + binaryStamp() + "\n" + P->key + "\n";
  B += std::to_string(P->manifest.size()) + "\n" + P->manifest;
  B += std::to_string(P->object.size()) + "\n" + P->object;
  return B;
}

bool parseProgramBinary(const unsigned char *Data, size_t Size, cl_program P) {
  std::string In(reinterpret_cast<const char *>(Data), Size);
  size_t Pos = 0;
  auto Line = [&](std::string &Out) {
    size_t End = In.find('\n', Pos);
    if (End == std::string::npos)
      return false;
    Out = In.substr(Pos, End - Pos);
    Pos = End + 1;
    return true;
  };
  auto Blob = [&](std::string &Out) {
    std::string N;
    if (!Line(N) || N.empty() || N.find_first_not_of("0123456789") != std::string::npos)
      return false;
    size_t Bytes = std::strtoull(N.c_str(), nullptr, 10);
    if (Bytes > In.size() - Pos)
      return false;
    Out = In.substr(Pos, Bytes);
    Pos += Bytes;
    return true;
  };
  std::string Magic, Stamp, Key, Manifest, Object;
  if (!Line(Magic) || Magic != "LOOMCLBIN1" || !Line(Stamp) || Stamp != binaryStamp() ||
      !Line(Key) || Key.rfind("loom-opencl-", 0) != 0 || !Blob(Manifest) || !Blob(Object) ||
      Pos != In.size())
    return false;
  std::vector<std::unique_ptr<KernelDesc>> Check;
  if (!parseManifest(Manifest, Check))
    return false;
  P->key = Key;
  P->manifest = Manifest;
  P->object = Object;
  P->fromBinary = true;
  return true;
}

namespace {

} // namespace

void dropBuild(cl_program P) {
  // The shared object stays loaded: libloomrt keeps its module descriptor
  // for the life of the process. Its stubs go away with the fat binary.
  if (P->fatHandle)
    __cudaUnregisterFatBinary(P->fatHandle);
  P->fatHandle = nullptr;
  P->kernels.clear();
  P->compiled.clear();
  P->binaryType = CL_PROGRAM_BINARY_TYPE_NONE;
  for (auto &[Options, V] : P->variants)
    if (V)
      releaseProgram(V);
  P->variants.clear();
  P->uniformHistory.clear();
}

namespace {

/// The build cache's folder: $LOOM_CACHE_DIR ("none": no cache, as for the
/// JIT), else $XDG_CACHE_HOME/loom/opencl, else ~/.cache/loom/opencl.
std::string cacheDir() {
  if (const char *Dir = std::getenv("LOOM_CACHE_DIR"))
    return std::strcmp(Dir, "none") == 0 ? "" : Dir;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg == '/')
    return std::string(Xdg) + "/loom/opencl";
  if (const char *Home = std::getenv("HOME"); Home && *Home == '/')
    return std::string(Home) + "/.cache/loom/opencl";
  return "";
}

uint64_t fnv1a(const std::string &S, uint64_t H) {
  for (unsigned char C : S)
    H = (H ^ C) * 0x100000001b3ull;
  return H;
}

/// What a build's result depends on besides the source and options: the
/// compiler's own build (size and time of loom-clc and the bitcode it
/// links) and the machine (binaryStamp).
std::string compilerIdentity() {
  std::string Id = binaryStamp();
  std::string Dir = libraryDir() + "/loom/";
  for (const char *Name : {"loom-clc", "libdevice.bc", "opencl-workitem.bc", "opencl-images.bc",
                           "opencl-subgroups.bc"}) {
    struct stat St {};
    if (stat((Dir + Name).c_str(), &St) == 0)
      Id += std::string(" ") + Name + ":" + std::to_string(St.st_size) + ":" +
            std::to_string(St.st_mtim.tv_sec) + "." + std::to_string(St.st_mtim.tv_nsec);
  }
  return Id;
}

std::string cacheFile(const std::string &Dir, const std::string &Source,
                      const std::string &Options) {
  std::string What = compilerIdentity() + '\0' + Options + '\0' + Source;
  char Name[40];
  std::snprintf(Name, sizeof Name, "%016llx%016llx.loomcl",
                static_cast<unsigned long long>(fnv1a(What, 0xcbf29ce484222325ull)),
                static_cast<unsigned long long>(fnv1a(What, 0x84222325cbf29ce4ull)));
  return Dir + "/" + Name;
}

/// A cache entry: the build log's size, the log, then the program binary.
bool readCacheEntry(const std::string &Path, cl_program P) {
  std::string Data = readFile(Path);
  size_t NL = Data.find('\n');
  if (Data.empty() || NL == std::string::npos || NL == 0 ||
      Data.find_first_not_of("0123456789") != NL)
    return false;
  size_t LogBytes = std::strtoull(Data.c_str(), nullptr, 10);
  if (LogBytes > Data.size() - NL - 1)
    return false;
  std::string Log = Data.substr(NL + 1, LogBytes);
  size_t Bin = NL + 1 + LogBytes;
  if (!parseProgramBinary(reinterpret_cast<const unsigned char *>(Data.data()) + Bin,
                          Data.size() - Bin, P))
    return false;
  P->fromBinary = false; // still a program from source
  P->log = Log;
  return true;
}

/// Best effort: a folder that cannot be made or written just means no cache.
void writeCacheEntry(const std::string &Path, cl_program P) {
  std::string Dir = Path.substr(0, Path.rfind('/'));
  for (size_t Slash = 1; Slash != std::string::npos; Slash = Dir.find('/', Slash + 1))
    mkdir(Dir.substr(0, Slash).c_str(), 0755);
  mkdir(Dir.c_str(), 0755);
  std::string Tmp = Path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
    if (!Out)
      return;
    Out << P->log.size() << '\n' << P->log << programBinary(P);
    if (!Out.good()) {
      Out.close();
      unlink(Tmp.c_str());
      return;
    }
  }
  if (rename(Tmp.c_str(), Path.c_str()) != 0)
    unlink(Tmp.c_str());
}

} // namespace

namespace {

/// A module key unique across processes too: a program binary carries its
/// key, and two binaries loaded into one process must not share one.
std::string newKey() {
  static const unsigned long long Nonce = (static_cast<unsigned long long>(std::random_device()())
                                           << 32) ^ std::random_device()();
  char NonceText[17];
  std::snprintf(NonceText, sizeof NonceText, "%016llx", Nonce);
  return "loom-opencl-" + std::to_string(getpid()) + "-" + NonceText + "-" +
         std::to_string(BuildCounter.fetch_add(1));
}

/// Runs loom-clc with \p Args, its output (the log) in \p Dir/log.txt,
/// which becomes \p Log. Its exit status (0 built, 1 failed, 2 invalid
/// options), or -1 when it could not run or was killed (said in the log).
int runHelper(std::vector<std::string> Args, const std::string &Dir, std::string &Log) {
  std::string Helper = libraryDir() + "/loom/loom-clc";
  Args.insert(Args.begin(), Helper);
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  std::string LogPath = Dir + "/log.txt";
  posix_spawn_file_actions_addopen(&Actions, 1, LogPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0600);
  posix_spawn_file_actions_adddup2(&Actions, 1, 2);
  pid_t Pid;
  int SpawnErr = posix_spawn(&Pid, Helper.c_str(), &Actions, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  int Status = -1;
  if (SpawnErr == 0) {
    while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
    }
  }
  Log = readFile(LogPath);
  if (SpawnErr != 0) {
    Log += "cannot run " + Helper + ": " + std::strerror(SpawnErr) + "\n";
    return -1;
  }
  if (!WIFEXITED(Status)) {
    Log += "loom-clc stopped (signal " + std::to_string(WTERMSIG(Status)) + ")\n";
    return -1;
  }
  return WEXITSTATUS(Status);
}

} // namespace

namespace {

/// The start of clBuildProgram, clCompileProgram and clLinkProgram, with
/// P->lock held: the previous build goes (not while kernels use it), the
/// options are recorded, and \p Dir is a new private build folder.
cl_int beginBuild(cl_program P, const char *Options, std::string &Dir) {
  if (P->attachedKernels.load())
    return CL_INVALID_OPERATION;
  dropBuild(P);
  P->options = Options ? Options : "";
  P->status = CL_BUILD_IN_PROGRESS;
  P->log.clear();
  if (!makeBuildDir(Dir)) {
    P->status = CL_BUILD_ERROR;
    P->log = "cannot create a build folder: " + std::string(std::strerror(errno)) + "\n";
    return CL_OUT_OF_HOST_MEMORY;
  }
  return CL_SUCCESS;
}

} // namespace

cl_int buildProgram(cl_program P, const char *Options) {
  std::lock_guard<std::mutex> G(P->lock);
  std::string Dir;
  if (cl_int E = beginBuild(P, Options, Dir))
    return E;
  if (P->fromBinary) {
    // A binary needs no compile: load what it holds.
    cl_int E = loadKernels(P, Dir);
    removeTree(Dir);
    return E;
  }
  // A build of the same source and options by the same compiler on this
  // machine: load it from the cache (its log too).
  // Not for sources that include files: their contents are not in the key.
  std::string Cache = P->source.find("#include") == std::string::npos ? cacheDir() : "";
  std::string Entry = Cache.empty() ? "" : cacheFile(Cache, P->source, P->options);
  if (!Entry.empty() && readCacheEntry(Entry, P)) {
    cl_int E = loadKernels(P, Dir);
    removeTree(Dir);
    if (E == CL_SUCCESS)
      return E;
    dropBuild(P); // an entry that does not load: compile again
    P->status = CL_BUILD_IN_PROGRESS;
    P->log.clear();
    if (!makeBuildDir(Dir)) {
      P->status = CL_BUILD_ERROR;
      return CL_OUT_OF_HOST_MEMORY;
    }
  }
  {
    std::ofstream Src(Dir + "/input.cl", std::ios::binary);
    Src << P->source;
  }
  P->key = newKey();
  int Code = runHelper({"--source=" + Dir + "/input.cl", "--output=" + Dir + "/kernels.so",
                        "--manifest=" + Dir + "/manifest.txt", "--key=" + P->key,
                        "--options=" + P->options},
                       Dir, P->log);
  if (Code != 0) {
    P->status = CL_BUILD_ERROR;
    removeTree(Dir);
    return Code == 2 ? CL_INVALID_BUILD_OPTIONS : CL_BUILD_PROGRAM_FAILURE;
  }
  P->manifest = readFile(Dir + "/manifest.txt");
  P->object = readFile(Dir + "/kernels.so");
  cl_int E = loadKernels(P, Dir);
  removeTree(Dir);
  if (E == CL_SUCCESS && !Entry.empty())
    writeCacheEntry(Entry, P);
  return E;
}

cl_int compileProgram(cl_program P, const char *Options,
                      const std::vector<std::pair<std::string, std::string>> &Headers) {
  std::lock_guard<std::mutex> G(P->lock);
  std::string Dir;
  if (cl_int E = beginBuild(P, Options, Dir))
    return E;
  // The headers as files next to the source, by their include names.
  bool Written = true;
  for (const auto &[Name, Text] : Headers) {
    std::string Path = Dir + "/" + Name;
    for (size_t Slash = Dir.size() + 1; (Slash = Path.find('/', Slash)) != std::string::npos;
         ++Slash)
      mkdir(Path.substr(0, Slash).c_str(), 0700);
    std::ofstream Out(Path, std::ios::binary);
    Out << Text;
    Written = Written && Out.good();
  }
  {
    std::ofstream Src(Dir + "/input.cl", std::ios::binary);
    Src << P->source;
    Written = Written && Src.good();
  }
  if (!Written) {
    P->status = CL_BUILD_ERROR;
    P->log = "cannot write the sources to " + Dir + "\n";
    removeTree(Dir);
    return CL_OUT_OF_HOST_MEMORY;
  }
  int Code = runHelper({"--source=" + Dir + "/input.cl", "--output=" + Dir + "/object.bc",
                        "--compile-only", "--options=" + P->options},
                       Dir, P->log);
  if (Code == 0)
    P->compiled = readFile(Dir + "/object.bc");
  removeTree(Dir);
  if (Code != 0 || P->compiled.empty()) {
    P->status = CL_BUILD_ERROR;
    return Code == 2 ? CL_INVALID_COMPILER_OPTIONS : CL_COMPILE_PROGRAM_FAILURE;
  }
  P->binaryType = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
  P->status = CL_BUILD_SUCCESS;
  return CL_SUCCESS;
}

cl_int linkProgram(cl_program P, const char *Options, const std::vector<cl_program> &Inputs) {
  std::lock_guard<std::mutex> G(P->lock);
  P->linked = true;
  std::string Dir;
  if (cl_int E = beginBuild(P, Options, Dir))
    return E;
  std::string List;
  for (size_t I = 0; I < Inputs.size(); ++I) {
    std::string Path = Dir + "/input" + std::to_string(I) + ".bc";
    {
      std::lock_guard<std::mutex> GI(Inputs[I]->lock);
      std::ofstream Out(Path, std::ios::binary);
      Out << Inputs[I]->compiled;
    }
    List += (I ? "," : "") + Path;
  }
  bool Library = (" " + P->options + " ").find(" -create-library ") != std::string::npos;
  std::vector<std::string> Args = {"--link=" + List, "--options=" + P->options};
  if (Library) {
    Args.push_back("--create-library");
    Args.push_back("--output=" + Dir + "/library.bc");
  } else {
    P->key = newKey();
    Args.push_back("--output=" + Dir + "/kernels.so");
    Args.push_back("--manifest=" + Dir + "/manifest.txt");
    Args.push_back("--key=" + P->key);
  }
  int Code = runHelper(Args, Dir, P->log);
  if (Code != 0) {
    P->status = CL_BUILD_ERROR;
    removeTree(Dir);
    return Code == 2 ? CL_INVALID_LINKER_OPTIONS : CL_LINK_PROGRAM_FAILURE;
  }
  if (Library) {
    P->compiled = readFile(Dir + "/library.bc");
    removeTree(Dir);
    P->binaryType = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    P->status = P->compiled.empty() ? CL_BUILD_ERROR : CL_BUILD_SUCCESS;
    return P->compiled.empty() ? CL_LINK_PROGRAM_FAILURE : CL_SUCCESS;
  }
  P->manifest = readFile(Dir + "/manifest.txt");
  P->object = readFile(Dir + "/kernels.so");
  cl_int E = loadKernels(P, Dir);
  removeTree(Dir);
  if (E == CL_SUCCESS)
    P->binaryType = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  return E;
}

namespace {

bool envFlag(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V && std::strcmp(V, "0") != 0;
}

} // namespace

bool specializationOn(const char *Name) {
  // Unset: the work-group size only (it compiles nothing); "1" or "all":
  // every one; "0" or "none": none; else a comma-separated list.
  static const std::string Set = [] {
    const char *V = std::getenv("LOOM_CL_SPECIALIZE");
    std::string S = V ? V : "wgsize";
    if (S == "1" || S == "all")
      S = "noalias,uniform,wgsize,coarsen,layout";
    return "," + S + ",";
  }();
  return Set.find("," + std::string(Name) + ",") != std::string::npos;
}

void reportDecision(const std::string &Line) {
  static const bool On = envFlag("LOOM_CL_REPORT");
  static std::mutex M;
  static std::set<std::string> Seen;
  if (!On)
    return;
  std::lock_guard<std::mutex> G(M);
  if (Seen.insert(Line).second)
    std::fprintf(stderr, "loom-cl: %s\n", Line.c_str());
}

namespace {

void report(const std::string &Line) { reportDecision(Line); }

} // namespace

/// Uniform scalar arguments: a kernel's candidates (the manifest's
/// "uniform" lines) are folded once they had the same values in this many
/// launches in a row (a variant costs a compile, about a second: a value
/// that changes between launches never gets one) ...
constexpr unsigned UniformLaunches = 3;
/// ... and at most this many uniform variants per kernel (a program that
/// cycles through many sizes keeps running the general kernel).
constexpr unsigned MaxUniformVariants = 4;

/// Thread coarsening: the factor a coarsened work-item covers.
constexpr unsigned CoarsenFactor = 4;

/// Data-layout transformation: buffers of fewer elements stay as they are
/// (converting and a variant's compile cannot pay for a few cache lines).
constexpr uint64_t MinLayoutElements = 256;

static const KernelDesc *specializeKernel(cl_program P, const KernelDesc *Desc,
                                          const std::vector<std::vector<unsigned char>> &Values,
                                          Launch &L) {
  bool NoAliasOn = specializationOn("noalias"), UniformOn = specializationOn("uniform");
  bool CoarsenOn = specializationOn("coarsen"), LayoutOn = specializationOn("layout");
  if (!NoAliasOn && !UniformOn && !CoarsenOn && !LayoutOn)
    return Desc;
  // noalias: the buffers of this launch are distinct memory (two arguments
  // naming one buffer, or overlapping sub-buffers, are not).
  std::vector<std::pair<const char *, const char *>> Ranges;
  for (size_t I = 0; I < Desc->args.size() && NoAliasOn; ++I) {
    if (Desc->args[I].kind != ArgDesc::Global && Desc->args[I].kind != ArgDesc::Constant)
      continue;
    cl_mem M;
    std::memcpy(&M, Values[I].data(), sizeof M);
    if (M)
      Ranges.emplace_back(M->data, M->data + M->size);
  }
  std::string NoAliasWhy;
  if (!NoAliasOn)
    NoAliasWhy = "noalias is off";
  else if (Ranges.size() < 2)
    NoAliasWhy = "fewer than two buffers";
  std::sort(Ranges.begin(), Ranges.end());
  for (size_t I = 1; I < Ranges.size() && NoAliasWhy.empty(); ++I)
    if (Ranges[I].first < Ranges[I - 1].second)
      NoAliasWhy = "two buffer arguments share memory";
  std::string Options = NoAliasWhy.empty() ? " -loom-noalias" : "";
  std::string Applied =
      NoAliasWhy.empty() ? "noalias (" + std::to_string(Ranges.size()) + " distinct buffers)" : "";
  std::string UniformWhy; // why candidates the same in enough launches were not folded

  // Thread coarsening (loom-clc found repeated work along a dimension):
  // when the range along it divides by the factor.
  int Coarsen = -1;
  std::string CoarsenWhy;
  if (CoarsenOn && Desc->coarsenDim >= 0) {
    unsigned D = static_cast<unsigned>(Desc->coarsenDim);
    if (D >= L.workDim)
      CoarsenWhy = "the range has no dimension " + std::to_string(D);
    else if (Desc->reqd[0])
      CoarsenWhy = "reqd_work_group_size";
    else if (L.global[D] % CoarsenFactor)
      CoarsenWhy = "the global size along " + std::to_string(D) + " is not a multiple of " +
                   std::to_string(CoarsenFactor);
    else
      Coarsen = static_cast<int>(D);
  }
  if (Coarsen >= 0) {
    Options += " -loom-coarsen=" + Desc->name + ":" + std::to_string(Coarsen) + ":" +
               std::to_string(CoarsenFactor);
    Applied += (Applied.empty() ? "" : ", ") + std::string("coarsened x") +
               std::to_string(CoarsenFactor) + " along dimension " + std::to_string(Coarsen) +
               " (repeated work ~" + std::to_string(Desc->coarsenSaved) + ")";
  }

  // Data-layout transformation (loom-clc found array-of-structures
  // arguments whose fields the structure of arrays layout makes
  // contiguous): each such buffer that only this argument reaches.
  std::vector<LayoutDesc> Layouts;
  std::string LayoutWhy;
  for (const LayoutDesc &LD : LayoutOn ? Desc->layouts : decltype(Desc->layouts){}) {
    cl_mem M;
    std::memcpy(&M, Values[LD.arg].data(), sizeof M);
    const std::string &Name = Desc->args[LD.arg].name;
    std::string Why;
    if (!M)
      Why = "a null buffer";
    else if (M->parent || M->type != CL_MEM_OBJECT_BUFFER)
      Why = "a sub-buffer";
    else if (M->flags & CL_MEM_USE_HOST_PTR)
      Why = "CL_MEM_USE_HOST_PTR: the application's memory";
    else if (M->size % LD.stride)
      Why = "its size is not a multiple of " + std::to_string(LD.stride) + " bytes";
    else if (M->size / LD.stride < MinLayoutElements)
      Why = "fewer than " + std::to_string(MinLayoutElements) + " elements";
    else if (!layoutPays(M))
      Why = "converted about as often as launched";
    for (size_t I = 0; I < Desc->args.size() && Why.empty(); ++I) {
      auto Kind = Desc->args[I].kind;
      if (I == LD.arg ||
          (Kind != ArgDesc::Global && Kind != ArgDesc::Constant && Kind != ArgDesc::Image))
        continue;
      cl_mem O;
      std::memcpy(&O, Values[I].data(), sizeof O);
      while (O && O->parent)
        O = O->parent;
      if (O == M)
        Why = "argument " + Desc->args[I].name + " reaches the same buffer";
    }
    if (!Why.empty()) {
      LayoutWhy += (LayoutWhy.empty() ? "" : "; ") + Name + ": " + Why;
      continue;
    }
    Options += " -loom-layout=" + Desc->name + ":" + std::to_string(LD.arg) + ":" + LD.text;
    Applied += (Applied.empty() ? "" : ", ") + std::string("layout ") + Name + " (" +
               std::to_string(LD.stride) + "-byte elements, " +
               std::to_string(LD.fields.size()) +
               (LD.fields.size() == 1 ? " field as an array)" : " fields as arrays)");
    Layouts.push_back(LD);
  }

  // Uniform scalars: this launch's values of the kernel's candidates,
  // folded when the last UniformLaunches launches had them all.
  std::string Uniform, UniformText, Seen;
  for (auto &[Index, Feeds] : UniformOn ? Desc->uniform : decltype(Desc->uniform){}) {
    const std::vector<unsigned char> &B = Values[Index];
    uint64_t Bits = 0;
    std::memcpy(&Bits, B.data(), std::min<size_t>(B.size(), sizeof Bits)); // little-endian
    Seen.append(reinterpret_cast<const char *>(B.data()), B.size());
    Seen.push_back('\0');
    Uniform += " -loom-uniform=" + Desc->name + ":" + std::to_string(Index) + ":" +
               std::to_string(Bits);
    // As the program reads it: sign-extended unless its type is unsigned.
    bool Unsigned = Desc->args[Index].typeName.rfind('u', 0) == 0;
    unsigned Width = static_cast<unsigned>(std::min<size_t>(B.size(), 8) * 8);
    std::string Shown = std::to_string(Bits);
    if (!Unsigned && Width < 64 && (Bits >> (Width - 1) & 1))
      Shown = std::to_string(static_cast<int64_t>(Bits | ~((uint64_t(1) << Width) - 1)));
    else if (!Unsigned)
      Shown = std::to_string(static_cast<int64_t>(Bits));
    UniformText += (UniformText.empty() ? "" : ", ") + Desc->args[Index].name + "=" + Shown +
                   " (" + Feeds + ")";
  }

  cl_program V = nullptr;
  {
    std::lock_guard<std::mutex> G(P->lock);
    if (!Uniform.empty()) {
      auto &H = P->uniformHistory[Desc->name];
      H.streak = H.last == Seen ? H.streak + 1 : 1;
      H.last = Seen;
      if (H.streak >= UniformLaunches) {
        bool Known = P->variants.count(Options + Uniform) != 0;
        if (Known || H.variants < MaxUniformVariants) {
          if (!Known)
            ++H.variants;
          Options += Uniform;
          Applied += (Applied.empty() ? "" : ", ") + std::string("uniform ") + UniformText;
        } else {
          UniformWhy = std::to_string(MaxUniformVariants) + " uniform variants already";
        }
      }
    }
    if (Options.empty()) {
      report(Desc->name + ": not specialized (" + NoAliasWhy +
             (UniformWhy.empty() ? "" : "; " + UniformWhy) +
             (CoarsenWhy.empty() ? "" : "; not coarsened: " + CoarsenWhy) +
             (LayoutWhy.empty() ? "" : "; layout kept: " + LayoutWhy) + ")");
      return Desc;
    }
    auto It = P->variants.find(Options);
    if (It == P->variants.end()) {
      cl_program N = nullptr;
      if (!P->source.empty() && !P->linked) {
        N = new _cl_program();
        N->magic = ProgramMagic;
        N->context = P->context;
        N->source = P->source;
        retainContext(P->context);
        std::string All = P->options + Options;
        if (buildProgram(N, All.c_str()) != CL_SUCCESS) {
          report(Desc->name + ": not specialized (the variant's build failed: " + N->log + ")");
          releaseProgram(N);
          N = nullptr;
        }
      }
      It = P->variants.emplace(Options, N).first;
    }
    V = It->second;
  }
  if (!V) {
    report(Desc->name + ": not specialized (no source to build a variant from)");
    return Desc;
  }
  for (auto &K : V->kernels)
    if (K->name == Desc->name) {
      report(Desc->name + ": " + Applied +
             (UniformWhy.empty() ? "" : "; not uniform (" + UniformWhy + ")") +
             (CoarsenWhy.empty() ? "" : "; not coarsened (" + CoarsenWhy + ")") +
             (LayoutWhy.empty() ? "" : "; layout kept (" + LayoutWhy + ")"));
      L.layouts = std::move(Layouts);
      if (Coarsen >= 0) {
        // A work-item covers CoarsenFactor of the range along the
        // dimension; the work-group keeps a size dividing the new range.
        size_t &G = L.global[Coarsen], &Lo = L.local[Coarsen];
        G /= CoarsenFactor;
        size_t Best = 1;
        for (size_t C = std::min(G, Lo); C >= 1; --C)
          if (G % C == 0) {
            Best = C;
            break;
          }
        Lo = Best;
      }
      return K.get();
    }
  return Desc;
}

void specializeLaunch(cl_program P, Launch &L) {
  L.desc = specializeKernel(P, L.desc, L.values, L);
}

cl_int runLaunch(cl_command_queue Q, const Launch &L) {
  const KernelDesc &K = *L.desc;
  size_t N = K.args.size();
  std::vector<void *> Pointers(N);
  std::vector<void *> Args(N + 4);
  std::vector<uint64_t> LocalOffsets(N);
  uint64_t Dynamic = 0;
  for (size_t I = 0; I < N; ++I) {
    switch (K.args[I].kind) {
    case ArgDesc::Global:
    case ArgDesc::Constant: {
      cl_mem M;
      std::memcpy(&M, L.values[I].data(), sizeof M);
      Pointers[I] = M ? M->data : nullptr;
      const LayoutDesc *Layout = nullptr;
      for (const LayoutDesc &LD : L.layouts)
        if (LD.arg == I)
          Layout = &LD;
      if (M && Layout) {
        // The variant addresses the structure of arrays copy (Layout.cpp).
        Pointers[I] = layoutView(M, *Layout);
        if (!Pointers[I])
          return CL_MEM_OBJECT_ALLOCATION_FAILURE;
      } else if (M) {
        hostView(M, K.args[I].kind == ArgDesc::Global &&
                        K.args[I].typeQualifier.find("const") == std::string::npos);
      }
      Args[I] = &Pointers[I];
      break;
    }
    case ArgDesc::Image: {
      cl_mem M;
      std::memcpy(&M, L.values[I].data(), sizeof M);
      if (M)
        hostView(M, K.args[I].accessQualifier.find("read_only") == std::string::npos);
      Pointers[I] = imageDescriptor(M);
      Args[I] = &Pointers[I];
      break;
    }
    case ArgDesc::Local:
      // Each __local argument at a 128-byte boundary of the dynamic area.
      LocalOffsets[I] = Dynamic;
      Dynamic += (L.localSizes[I] + 127) / 128 * 128;
      Args[I] = &LocalOffsets[I];
      break;
    case ArgDesc::Value:
    case ArgDesc::Sampler: // its bits
      Args[I] = const_cast<unsigned char *>(L.values[I].data());
      break;
    }
  }
  uint64_t Offsets[3] = {L.offset[0], L.offset[1], L.offset[2]};
  uint32_t WorkDim = L.workDim;
  for (int I = 0; I < 3; ++I)
    Args[N + I] = &Offsets[I];
  Args[N + 3] = &WorkDim;
  dim3 Grid(static_cast<unsigned>(L.global[0] / L.local[0]),
            static_cast<unsigned>(L.global[1] / L.local[1]),
            static_cast<unsigned>(L.global[2] / L.local[2]));
  dim3 Block(static_cast<unsigned>(L.local[0]), static_cast<unsigned>(L.local[1]),
             static_cast<unsigned>(L.local[2]));
  auto Stream = static_cast<cudaStream_t>(Q->stream);
  if (Dynamic > 48 * 1024)
    cudaFuncSetAttribute(&K.stub, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         static_cast<int>(Dynamic));
  cudaError_t E =
      __loomLaunchKernelLargeGrid(&K.stub, Grid, Block, Args.data(), Dynamic, Stream);
  if (E == cudaSuccess)
    E = cudaStreamSynchronize(Stream);
  if (E == cudaSuccess)
    return CL_SUCCESS;
  cudaGetLastError(); // not sticky for the next command
  if (E == cudaErrorMemoryAllocation)
    return CL_MEM_OBJECT_ALLOCATION_FAILURE;
  return CL_OUT_OF_RESOURCES;
}

} // namespace loomcl
