//===- Driver.cpp - loomcc: nvcc-compatible driver for Loom ----------------===//
// SPDX-License-Identifier: Apache-2.0
//
// Per CUDA translation unit: clang (device side) -> NVPTX bitcode -> Loom's
// kernel pipeline + host optimizer (in process) -> device object; clang (host
// side, with Loom's "fat binary" naming the module key) -> host object. Then
// everything links with libloomrt. Nothing from an NVIDIA toolkit is read:
// clang runs with -nocudainc -nocudalib and Loom's own headers.
#include "DeviceCompiler.h"
#include "DeviceLink.h"
#include "LaunchSyntax.h"
#include "Options.h"

#include "loom/KernelABI.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/RISCVISAInfo.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdio>
#include <cstdlib>

#ifndef LOOM_CLANGXX
#error "LOOM_CLANGXX must name clang++-22"
#endif
#ifndef LOOM_SOURCE_INCLUDE_DIR
#error "LOOM_SOURCE_INCLUDE_DIR must name the source include/ directory"
#endif
#ifndef LOOM_BUILD_DIR
#error "LOOM_BUILD_DIR must name the build tree"
#endif

/// The CUDA version Loom's headers and `nvcc --version` give
/// (include/cuda/loom/__loom_cuda_prelude.h: __CUDACC_VER_*__).
#define LOOM_CUDA_VERSION "12.8"
#define LOOM_CUDA_VERSION_FULL "12.8.0"

using namespace llvm;

namespace loomcc {

namespace {

} // namespace

/// Where loomcc finds its pieces: relative to its own binary. An install is
/// shaped like a CUDA toolkit (bin/nvcc, include/cuda_runtime.h,
/// lib64/libcudart.so, docs/tools.md); the build tree has bin/, lib/ (and a
/// lib64 link to it) and takes the headers from the source tree.
struct Layout {
  std::string Prefix;
  std::string CudaInclude; // holds cuda_runtime.h and loom/
  std::string LibDir;      // libloomrt.so, libcudart_static.a
  std::string DeviceLib;   // <LibDir>/loom/libdevice.bc
  std::string Clang = LOOM_CLANGXX;
};

Layout findLayout(const char *Argv0) {
  Layout L;
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&findLayout);
  SmallString<256> Prefix(sys::path::parent_path(sys::path::parent_path(Exe)));
  L.Prefix = Prefix.str().str();
  bool BuildTree = sys::fs::equivalent(L.Prefix, LOOM_BUILD_DIR);
  L.CudaInclude = !BuildTree && sys::fs::exists(L.Prefix + "/include/cuda_runtime.h")
                      ? L.Prefix + "/include"
                      : std::string(LOOM_SOURCE_INCLUDE_DIR) + "/cuda";
  L.LibDir = L.Prefix + "/lib";
  if (!BuildTree && sys::fs::exists(L.Prefix + "/lib64/libloomrt.so"))
    L.LibDir = L.Prefix + "/lib64";
  L.DeviceLib = L.LibDir + "/loom/libdevice.bc";
  return L;
}

/// nvcc -v's first lines: the settings of its nvcc.profile, which CMake reads
/// to find the toolkit (TOP), its device library root (NVVMIR_LIBRARY_DIR),
/// the host linker's search path (PATH, LIBRARIES) and the include path.
void printVerboseEnvironment(const Layout &L) {
  const char *Path = std::getenv("PATH");
  errs() << "#$ _LOOM_=loomcc " << LOOM_VERSION << "\n"
         << "#$ TOP=" << L.Prefix << "\n"
         << "#$ NVVMIR_LIBRARY_DIR=" << L.Prefix << "/nvvm/libdevice\n"
         << "#$ PATH=" << L.Prefix << "/bin:" << (Path ? Path : "") << "\n"
         << "#$ INCLUDES=\"-I" << L.CudaInclude << "\"\n"
         << "#$ LIBRARIES=-L" << L.LibDir << "\n";
}

namespace {

class Driver {
public:
  Driver(Options O, Layout L) : O(std::move(O)), L(std::move(L)) {}
  /// loomcc --target: the other CPU's triple, its runtime and device
  /// library (targets/<triple>/lib); false with an error printed when that
  /// runtime has not been built.
  bool chooseTarget();
  int run();

private:
  /// Runs \p Program; with \p StderrFile, its standard error goes there.
  bool exec(const std::string &Program, const std::vector<std::string> &Args,
            const std::string &StderrFile = "");
  std::string temp(const std::string &Stem, const std::string &Ext);
  std::string objectName(const Input &In);
  std::vector<std::string> cudaCommon() const;
  std::vector<std::string> nvccLeniency() const;
  std::vector<std::string> identityFlags() const;
  bool rewriteDependencies(const std::string &ClangDeps, const std::string &Out);
  std::vector<std::string> languageFlags() const;
  bool compileCuda(const Input &In, std::vector<std::string> &Objects);
  Input normalizedSource(const Input &In, std::vector<std::string> &ExtraFlags);
  bool compileHostOnly(const Input &In, std::vector<std::string> &Objects);
  void addDependencyFlags(std::vector<std::string> &A, const Input &In);
  bool preprocessOrDeps();
  bool link(std::vector<std::string> &Objects);
  bool archive(const std::vector<std::string> &Objects);
  bool deviceLink(const std::vector<std::string> &Objects, const std::string &Out,
                  bool &Linked);
  DeviceCompileJob deviceJob() const;

  Options O;
  Layout L;
  std::string Cross; // --target's triple when it is not this CPU's
  std::string TempDir;
  unsigned TempCounter = 0;
};

bool Driver::exec(const std::string &Program, const std::vector<std::string> &Args,
                  const std::string &StderrFile) {
  std::vector<StringRef> Argv{Program};
  // Every clang step (both sides of a compile, -r, the link) for the
  // --target CPU, with Debian's cross toolchain (/usr/<triple>).
  std::string TargetFlag = "--target=" + Cross;
  std::vector<std::string> Shown = Args;
  std::vector<std::string> CrossFlags;
  if (!Cross.empty() && Program == L.Clang) {
    CrossFlags.push_back(TargetFlag);
    // RISC-V: no linker relaxation, so clang emits no ULEB128 relocations
    // that Debian 12's binutils (2.40) cannot link (crossCpu: the kernels too).
    if (StringRef(Cross).starts_with("riscv"))
      CrossFlags.push_back("-mno-relax");
  }
  for (const std::string &F : CrossFlags)
    Argv.push_back(F);
  Shown.insert(Shown.begin(), CrossFlags.begin(), CrossFlags.end());
  for (const std::string &A : Args)
    Argv.push_back(A);
  if (O.Verbose || O.DryRun) {
    std::string Line = Program;
    for (const std::string &A : Shown)
      Line += " " + A;
    errs() << "#$ " << Line << "\n";
  }
  if (O.DryRun)
    return true;
  std::string Err;
  std::optional<StringRef> Redirects[3] = {std::nullopt, std::nullopt, std::nullopt};
  if (!StderrFile.empty())
    Redirects[2] = StringRef(StderrFile);
  int RC = sys::ExecuteAndWait(Program, Argv, std::nullopt, Redirects, 0, 0, &Err);
  if (RC < 0)
    errs() << "loomcc: error: cannot run '" << Program << "': " << Err << "\n";
  return RC == 0;
}

std::string Driver::temp(const std::string &Stem, const std::string &Ext) {
  if (TempDir.empty() && O.Keep && !O.KeepDir.empty()) {
    if (std::error_code EC = sys::fs::create_directories(O.KeepDir)) {
      errs() << "loomcc: error: cannot create '" << O.KeepDir << "': " << EC.message() << "\n";
      std::exit(1);
    }
    TempDir = O.KeepDir;
  }
  if (TempDir.empty()) {
    SmallString<128> Dir;
    if (std::error_code EC = sys::fs::createUniqueDirectory("loomcc", Dir)) {
      errs() << "loomcc: error: cannot create a temporary directory: "
             << EC.message() << "\n";
      std::exit(1);
    }
    TempDir = Dir.str().str();
  }
  return TempDir + "/" + Stem + "." + std::to_string(TempCounter++) + "." + Ext;
}

std::string Driver::objectName(const Input &In) {
  if (O.CompileOnly && !O.Output.empty())
    return O.Output;
  if (O.CompileOnly && !O.OutputDir.empty())
    return O.OutputDir + "/" + sys::path::stem(In.Path).str() + ".o";
  if (O.CompileOnly)
    return sys::path::stem(In.Path).str() + ".o";
  return temp(sys::path::stem(In.Path).str(), "o");
}

/// C++ diagnostics clang makes errors by default where nvcc's front end and
/// GCC (nvcc's host compiler) only warn, and the meaning is not in doubt; they
/// stay warnings here so that programs nvcc builds compile (device and host
/// sides of .cu files, .cpp files, -E/-M). A -Xcompiler -Werror keeps them
/// errors, as it would make GCC's warnings errors.
///  - reserved-user-defined-literal: a string literal glued to a macro,
///    `"%"PRIu64` or `"v"VERSION`; clang, like GCC, reads two tokens and
///    expands the macro.
///  - register: the `register` storage class, removed in C++17 (nvcc's and
///    clang's default dialect); it never changed a program's meaning.
///  - c++11-narrowing: a narrowing conversion in braces, `dim3 g = {n, 1}`
///    with an int n; nvcc warns "invalid narrowing conversion" (#2361-D) and
///    GCC -Wnarrowing warns; the value is converted as in an assignment.
///    Overload resolution and SFINAE still treat it as narrowing.
std::vector<std::string> Driver::nvccLeniency() const {
  for (const std::string &F : O.HostFlags)
    if (F == "-Werror")
      return {};
  return {"-Wno-error=reserved-user-defined-literal", "-Wno-error=register",
          "-Wno-error=c++11-narrowing"};
}

/// Flags both sides of a CUDA compilation share.
std::vector<std::string> Driver::cudaCommon() const {
  // --cuda-path names a directory that is not a CUDA installation, so clang
  // never probes (or opens files of) an NVIDIA toolkit installed in its
  // default location; the PTX ISA version is then given explicitly.
  std::vector<std::string> A = {
      "-x", "cuda", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
      "--cuda-path=" + L.LibDir + "/loom/no-nvidia-toolkit",
      // Without a toolkit clang assumes an old CUDA; launches then need
      // cudaConfigureCall instead of __cudaPushCallConfiguration.
      "-Xclang", "-target-sdk-version=12.8",
      "-Wno-unknown-cuda-version", "-isystem", L.CudaInclude,
      "-include", "loom/__loom_cuda_prelude.h"};
  for (const std::string &F : nvccLeniency())
    A.push_back(F);
  for (const std::string &F : identityFlags())
    A.push_back(F);
  for (const std::string &P : O.Preprocessor)
    A.push_back(P);
  if (!O.Std.empty())
    A.push_back("-std=" + O.Std);
  if (O.NoWarnings)
    A.push_back("-w");
  for (const std::string &F : O.CommonFlags)
    A.push_back(F);
  return A;
}

/// Invoked as nvcc, every compile sees nvcc's identification macro (CMake's
/// compiler identification and projects' #ifdef __NVCC__ look for it).
std::vector<std::string> Driver::identityFlags() const {
  if (!O.AsNvcc)
    return {};
  return {"-D__NVCC__"};
}

std::vector<std::string> Driver::languageFlags() const {
  std::vector<std::string> A;
  if (O.OptLevel)
    A.push_back("-O" + std::to_string(*O.OptLevel));
  if (O.HostDebug)
    A.push_back("-g");
  if (O.HostProfile)
    A.push_back("-pg");
  for (const std::string &F : O.HostFlags)
    A.push_back(F);
  return A;
}

/// A copy of \p In with nvcc's spaced launch brackets joined, or \p In
/// itself. The copy starts with a #line directive naming the original file
/// (diagnostics, __FILE__), and its directory is searched for quoted
/// includes (\p ExtraFlags).
Input Driver::normalizedSource(const Input &In, std::vector<std::string> &ExtraFlags) {
  auto Buffer = MemoryBuffer::getFile(In.Path);
  if (!Buffer)
    return In;
  std::optional<std::string> Joined = joinLaunchBrackets((*Buffer)->getBuffer().str());
  if (!Joined)
    return In;
  SmallString<256> Abs(In.Path);
  sys::fs::make_absolute(Abs);
  std::string Copy = temp(sys::path::stem(In.Path).str() + ".joined", "cu");
  if (!O.DryRun) {
    std::error_code EC;
    raw_fd_ostream OS(Copy, EC);
    if (EC)
      return In;
    std::string Quoted;
    for (char C : Abs.str()) {
      if (C == '"' || C == '\\')
        Quoted += '\\';
      Quoted += C;
    }
    OS << "#line 1 \"" << Quoted << "\"\n" << *Joined;
  }
  ExtraFlags = {"-iquote", sys::path::parent_path(Abs).str()};
  return Input{Copy, In.Kind, In.Hip};
}

/// HIP source (.hip, -x hip) is compiled as CUDA with Loom's HIP header
/// force-included, as clang's HIP mode includes its HIP wrapper: Loom's
/// pipeline takes NVPTX bitcode and CUDA's registration, which is what HIP's
/// NVIDIA platform produces too (docs/tools.md, "HIP source").
static std::vector<std::string> hipFlags(const Input &In) {
  if (!In.Hip)
    return {};
  return {"-D__HIPCC__=1", "-include", "hip/hip_runtime.h"};
}

bool Driver::compileCuda(const Input &Original, std::vector<std::string> &Objects) {
  std::vector<std::string> SourceFlags = hipFlags(Original);
  std::vector<std::string> Joined;
  Input In = normalizedSource(Original, Joined);
  SourceFlags.insert(SourceFlags.end(), Joined.begin(), Joined.end());
  std::string Stem = sys::path::stem(Original.Path).str();
  // The module key joins this file's device and host halves at run time; it
  // is derived from the file and the command so builds are reproducible.
  MD5 Hash;
  SmallString<256> Abs(Original.Path);
  sys::fs::make_absolute(Abs);
  Hash.update(Abs);
  for (const std::string &P : O.Preprocessor)
    Hash.update(P);
  Hash.update(O.Output);
  MD5::MD5Result Digest;
  Hash.final(Digest);
  std::string Key = Stem + "-" + Digest.digest().str().str();

  std::string FatBin = temp(Stem, "loomfatbin");
  if (!O.DryRun) {
    std::error_code EC;
    raw_fd_ostream OS(FatBin, EC);
    if (EC) {
      errs() << "loomcc: error: cannot write '" << FatBin << "'\n";
      return false;
    }
    OS << LOOM_FATBIN_MAGIC << '\0' << Key << '\0';
  }

  // Device side: NVPTX bitcode, optimizable (no optnone) but unoptimized,
  // with line tables so pipeline errors can name file:line.
  std::string DevBC = temp(Stem + ".device", "bc");
  std::vector<std::string> Dev = cudaCommon();
  Dev.insert(Dev.end(), SourceFlags.begin(), SourceFlags.end());
  if (O.Rdc)
    Dev.insert(Dev.end(), {"-fgpu-rdc", "-cuid=" + Key});
  Dev.insert(Dev.end(), {"--cuda-device-only", "-Xclang", "-target-feature",
                         "-Xclang", "+ptx80", "-O3", "-Xclang", "-disable-llvm-passes"});
  // Debug info for kernels: clang's CUDA device compiles give only line
  // directives (no compile unit, so no line table in a host object) unless
  // told the device code is for debugging; -G asks for variables too. The
  // IR is the same either way (no optnone).
  if (O.DeviceDebug)
    Dev.insert(Dev.end(), {"-g", "--cuda-noopt-device-debug"});
  else if (O.LineInfo)
    Dev.insert(Dev.end(), {"-gline-tables-only", "--cuda-noopt-device-debug"});
  else
    Dev.push_back("-gline-tables-only");
  Dev.insert(Dev.end(), {"-emit-llvm", "-c", In.Path, "-o", DevBC});
  if (O.FastMath)
    Dev.insert(Dev.end(), {"-fgpu-approx-transcendentals", "-ffp-contract=fast"});
  // -fmad=false wins over --use_fast_math's contraction, as in nvcc.
  if (!O.Fmad)
    Dev.push_back("-ffp-contract=off");
  // -ftz=true: device functions get "denormal-fp-math-f32"="preserve-sign";
  // KernelEntry sets the CPU's flush-to-zero mode around such kernels.
  if (O.flushDenormals())
    Dev.push_back("-fgpu-flush-denormals-to-zero");
  // clang's diagnostics pass through; a device-side launch without -rdc gets
  // nvcc's spelling of the fix.
  std::string DevErr = temp(Stem + ".device", "stderr");
  if (sys::Process::StandardErrIsDisplayed())
    Dev.push_back("-fcolor-diagnostics");
  bool DevOK = exec(L.Clang, Dev, O.DryRun ? "" : DevErr);
  if (!O.DryRun) {
    if (auto Text = MemoryBuffer::getFile(DevErr)) {
      errs() << (*Text)->getBuffer();
      if (!DevOK && (*Text)->getBuffer().contains("requires relocatable device code"))
        errs() << "loomcc: note: compile with -rdc=true (or -dc) to launch kernels from "
                  "device code\n";
    }
  }
  if (!DevOK)
    return false;

  std::string DevObj = temp(Stem + ".device", "o");
  if (O.Rdc) {
    // Relocatable device code: compiled at the device link, with the rest.
    if (O.Verbose || O.DryRun)
      errs() << "#$ <embed device bitcode> " << DevBC << " -> " << DevObj << "\n";
    if (!O.DryRun && !embedDeviceBitcode(DevBC, DevObj, Cross))
      return false;
  } else {
    if (O.Verbose || O.DryRun)
      // Device code is compiled as for compute_80 (--cuda-gpu-arch above),
      // whatever -arch says; CMake reads the architecture from this line.
      errs() << "#$ <loom kernel pipeline> -arch compute_80 " << DevBC << " -> " << DevObj
             << "\n";
    if (!O.DryRun) {
      DeviceCompileJob Job = deviceJob();
      Job.BitcodePath = DevBC;
      Job.ObjectPath = DevObj;
      Job.ModuleKey = Key;
      if (O.Keep)
        Job.DumpIRPath = temp(Stem + ".device.opt", "ll");
      if (!O.DumpStagesDir.empty())
        Job.DumpStagesDir = O.DumpStagesDir + "/" + Stem;
      if (!compileDevice(Job))
        return false;
    }
  }

  std::string HostObj = O.CompileOnly ? temp(Stem + ".host", "o") : objectName(Original);
  std::vector<std::string> Host = cudaCommon();
  Host.insert(Host.end(), SourceFlags.begin(), SourceFlags.end());
  if (O.Rdc)
    // Kernels and variables go to clang's offload entry table, registered by
    // the device link object's constructor.
    Host.insert(Host.end(), {"--cuda-host-only", "-fgpu-rdc", "-cuid=" + Key});
  else
    Host.insert(Host.end(), {"--cuda-host-only", "-Xclang", "-fcuda-include-gpubinary",
                             "-Xclang", FatBin});
  for (const std::string &F : languageFlags())
    Host.push_back(F);
  addDependencyFlags(Host, Original);
  Host.insert(Host.end(), {"-c", In.Path, "-o", HostObj});
  if (!exec(L.Clang, Host))
    return false;

  if (!O.CompileOnly) {
    Objects.push_back(HostObj);
    Objects.push_back(DevObj);
    return true;
  }
  // One relocatable object per .cu, like nvcc -c.
  std::string Out = objectName(Original);
  if (!exec(L.Clang, {"-r", "-o", Out, HostObj, DevObj}))
    return false;
  Objects.push_back(Out);
  return true;
}

/// The CPU and features kernels are compiled for on \p Triple (docs/tools.md,
/// "More CPUs"), from the host compiler's -mcpu=/-march= if given (so both
/// sides agree):
///  - AArch64: the generic Armv8-A CPU, NEON's 128-bit vectors (a gang of 4
///    floats); -mcpu=<cpu> picks a CPU. Kernels use fixed-width vectors:
///    SVE's length is known only at run time, and a gang's width is chosen
///    at compile time, so an SVE CPU runs NEON code.
///  - RISC-V: rv64gc (Debian's baseline), scalar kernels; -march=rv64gcv
///    adds the vector extension (128-bit at least, a gang of 4 floats).
static void crossCpu(const std::string &Triple, const std::vector<std::string> &HostFlags,
                     std::string &CPU, std::string &Features) {
  std::string MCpu, MArch;
  for (const std::string &F : HostFlags) {
    if (StringRef(F).starts_with("-mcpu="))
      MCpu = F.substr(6);
    if (StringRef(F).starts_with("-march="))
      MArch = F.substr(7);
  }
  if (StringRef(Triple).starts_with("aarch64")) {
    CPU = MCpu.empty() ? "generic" : MCpu;
    Features = MCpu.empty() ? "+neon,+fp-armv8" : "";
    return;
  }
  if (StringRef(Triple).starts_with("riscv64")) {
    CPU = MCpu.empty() ? "generic-rv64" : MCpu;
    auto ISA = RISCVISAInfo::parseArchString(MArch.empty() ? "rv64gc" : MArch,
                                             /*EnableExperimentalExtension=*/false);
    if (!ISA) {
      consumeError(ISA.takeError());
      ISA = RISCVISAInfo::parseArchString("rv64gc", false);
    }
    Features = join((*ISA)->toFeatures(), ",") + ",-relax";
    return;
  }
  CPU = "generic";
}

bool Driver::chooseTarget() {
  Cross = O.Target;
  if (Cross.empty() ||
      Triple(Cross).getArch() == Triple(sys::getDefaultTargetTriple()).getArch()) {
    Cross.clear();
    return true;
  }
  // The build tree (scripts/cross.sh) and an install keep each CPU's
  // runtime and device library in targets/<triple>/lib, as a CUDA toolkit
  // keeps its cross libraries in targets/<arch>-linux/lib.
  L.LibDir = L.Prefix + "/targets/" + Cross + "/lib";
  L.DeviceLib = L.LibDir + "/loom/libdevice.bc";
  if (O.PreprocessOnly || O.DepsOnly || O.DryRun)
    return true;
  if (!sys::fs::exists(L.DeviceLib) || !sys::fs::exists(L.LibDir + "/libloomrt.so")) {
    errs() << "loomcc: error: no Loom runtime for " << Cross << " in " << L.LibDir
           << ": build it with scripts/cross.sh " << Triple(Cross).getArchName() << "\n";
    return false;
  }
  return true;
}

/// The device compile settings the command line chose.
DeviceCompileJob Driver::deviceJob() const {
  DeviceCompileJob Job;
  Job.DeviceLibrary = L.DeviceLib;
  Job.KeepDebugInfo = O.DeviceDebug || O.LineInfo;
  // -G: one logical thread per iteration of the thread loops (no gangs of
  // lanes), so a breakpoint stops for each thread and its locals are its own.
  // O0 after the kernel pipeline keeps locals in place, and no JIT
  // bitcode: a specialized kernel would have no debug info.
  if (O.DeviceDebug) {
    Job.Vectorize = false;
    Job.Codegen.VectorizeKernels = false;
    Job.DebugOptimization = true;
  }
  Job.FastMath = O.FastMath;
  Job.Fmad = O.Fmad;
  Job.Verbose = O.Verbose;
  for (const std::string &D : O.Disabled) {
    if (D == "vectorize") {
      // The scalar build: no vectorizer of any kind.
      Job.Vectorize = false;
      Job.Codegen.VectorizeKernels = false;
    } else if (bool loom::CodegenSwitches::*S = loom::findCodegenSwitch(D)) {
      Job.Codegen.*S = false;
    }
  }
  Job.Codegen.VectorWidth = O.VectorWidth;
  // Checked builds (docs/reliability.md): thread by thread, every access
  // where the program put it; racecheck also keeps every barrier.
  auto EnvOn = [](const char *Name) {
    const char *V = std::getenv(Name);
    return V && *V && std::string(V) != "0";
  };
  Job.Memcheck = O.Memcheck || EnvOn("LOOM_MEMCHECK");
  Job.Racecheck = O.Racecheck || EnvOn("LOOM_RACECHECK");
  if (Job.Memcheck || Job.Racecheck) {
    Job.Codegen.VectorizeKernels = false;
    Job.Codegen.DeferAppends = false;
  }
  if (Job.Racecheck)
    Job.Codegen.EliminateBarriers = false;
  Job.EmbedJitBitcode = !O.NoJitBitcode && !O.DeviceDebug;
  if (!Cross.empty()) {
    // No launch-time JIT on another CPU: its runtime is built without LLVM.
    Job.EmbedJitBitcode = false;
    Job.TargetTriple = Cross;
    crossCpu(Cross, O.HostFlags, Job.TargetCPU, Job.TargetFeatures);
  }
  Job.SharedObject = O.Shared;
  for (const std::string &F : O.HostFlags)
    if (F == "-fPIC" || F == "-fpic")
      Job.SharedObject = true;
  Job.RemarkPassed = O.RemarkPassed;
  Job.RemarkMissed = O.RemarkMissed;
  return Job;
}

/// The device link: the relocatable device code of every object and archive
/// in \p Objects, linked and compiled as one module into \p Out. \p Linked
/// tells whether there was any (and no earlier device link of it).
bool Driver::deviceLink(const std::vector<std::string> &Objects, const std::string &Out,
                        bool &Linked) {
  Linked = false;
  RdcScan Scan;
  for (const std::string &Obj : Objects)
    if (!scanForDeviceCode(Obj, [&] { return temp("rdc", "bc"); }, Scan))
      return false;
  if (Scan.BitcodeFiles.empty() || Scan.AlreadyLinked)
    return true;
  if (O.Verbose || O.DryRun) {
    errs() << "#$ <loom device link>";
    for (const std::string &BC : Scan.BitcodeFiles)
      errs() << " " << BC;
    errs() << " -> " << Out << "\n";
  }
  if (O.DryRun)
    return true;
  // The key names this link's device module; the host objects do not know
  // it (their constructor-free -fgpu-rdc code lists entries instead).
  MD5 Hash;
  for (const std::string &BC : Scan.BitcodeFiles)
    if (auto Buffer = MemoryBuffer::getFile(BC))
      Hash.update((*Buffer)->getBuffer());
  Hash.update(O.Output);
  MD5::MD5Result Digest;
  Hash.final(Digest);
  std::string Body = temp("dlink.device", "o");
  std::string Marker = temp("dlink.marker", "o");
  DeviceCompileJob Job = deviceJob();
  Job.BitcodePath = Scan.BitcodeFiles.front();
  Job.LinkedBitcodePaths.assign(Scan.BitcodeFiles.begin() + 1, Scan.BitcodeFiles.end());
  Job.ObjectPath = Body;
  Job.ModuleKey = "rdc-" + Digest.digest().str().str();
  Job.RegisterOffloadEntries = true;
  if (O.Keep)
    Job.DumpIRPath = temp("dlink.device.opt", "ll");
  if (!O.DumpStagesDir.empty())
    Job.DumpStagesDir = O.DumpStagesDir + "/dlink";
  if (!compileDevice(Job) || !writeDeviceLinkMarker(Marker, Cross))
    return false;
  if (!exec(L.Clang, {"-r", "-o", Out, Body, Marker}))
    return false;
  Linked = true;
  return true;
}

/// -lib: the compiled objects and the object inputs in one static archive,
/// replacing an existing one (as nvcc). With -rdc the members keep their
/// device code for a later device link.
bool Driver::archive(const std::vector<std::string> &Objects) {
  std::string Out = O.Output.empty() ? "a.a" : O.Output;
  ErrorOr<std::string> Ar = sys::findProgramByName(O.Archiver.empty() ? "ar" : O.Archiver);
  if (!Ar) {
    errs() << "loomcc: error: -lib needs '" << (O.Archiver.empty() ? "ar" : O.Archiver)
           << "' (binutils)\n";
    return false;
  }
  if (!O.DryRun)
    sys::fs::remove(Out);
  std::vector<std::string> A = {"rcs", Out};
  A.insert(A.end(), Objects.begin(), Objects.end());
  for (const Input &In : O.Inputs)
    if (In.Kind == InputKind::Object)
      A.push_back(In.Path);
  return exec(*Ar, A);
}

/// -MD: the rule names the object the user asked for (not loomcc's temporary
/// host object) and goes to -MF, or next to that object as <stem>.d.
void Driver::addDependencyFlags(std::vector<std::string> &A, const Input &In) {
  if (!O.DepsWithCompile)
    return;
  std::string Target = O.DepTarget;
  if (Target.empty())
    Target = O.CompileOnly ? objectName(In) : sys::path::stem(In.Path).str() + ".o";
  std::string File = O.DepFile;
  if (File.empty()) {
    SmallString<256> D(Target);
    sys::path::replace_extension(D, "d");
    File = D.str().str();
  }
  A.insert(A.end(), {O.DepsNonSystem ? "-MMD" : "-MD", "-MF", File, "-MT", Target});
  if (O.DepsPhony)
    A.push_back("-MP");
}

bool Driver::compileHostOnly(const Input &In, std::vector<std::string> &Objects) {
  std::string Out = objectName(In);
  std::vector<std::string> A = {"-x", In.Kind == InputKind::C ? "c" : "c++",
                                "-isystem", L.CudaInclude};
  if (In.Kind == InputKind::C) {
    // nvcc hands C files to gcc, which accepts pre-C99 code (implicit int,
    // implicit declarations) with warnings; clang 22 makes them errors.
    A.insert(A.end(), {"-Wno-error=implicit-int", "-Wno-error=implicit-function-declaration",
                       "-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types",
                       "-Wno-error=return-mismatch"});
  } else {
    for (const std::string &F : nvccLeniency())
      A.push_back(F);
    if (!O.Std.empty())
      A.push_back("-std=" + O.Std);
  }
  for (const std::string &F : identityFlags())
    A.push_back(F);
  for (const std::string &P : O.Preprocessor)
    A.push_back(P);
  if (O.NoWarnings)
    A.push_back("-w");
  for (const std::string &F : O.CommonFlags)
    A.push_back(F);
  for (const std::string &F : languageFlags())
    A.push_back(F);
  addDependencyFlags(A, In);
  A.insert(A.end(), {"-c", In.Path, "-o", Out});
  if (!exec(L.Clang, A))
    return false;
  Objects.push_back(Out);
  return true;
}

bool Driver::preprocessOrDeps() {
  for (const Input &In : O.Inputs) {
    if (In.Kind == InputKind::Object)
      continue;
    std::vector<std::string> A;
    if (In.Kind == InputKind::Cuda) {
      A = cudaCommon();
      A.push_back("--cuda-host-only");
      for (const std::string &F : hipFlags(In))
        A.push_back(F);
    } else {
      A = {"-x", In.Kind == InputKind::C ? "c" : "c++", "-isystem", L.CudaInclude};
      if (In.Kind != InputKind::C)
        for (const std::string &F : nvccLeniency())
          A.push_back(F);
      for (const std::string &F : identityFlags())
        A.push_back(F);
      for (const std::string &P : O.Preprocessor)
        A.push_back(P);
    }
    A.push_back(!O.DepsOnly ? "-E" : O.DepsNonSystem ? "-MM" : "-M");
    // nvcc's rule names <stem>.o (clang's too), or -MT's target.
    if (O.DepsOnly && !O.DepTarget.empty())
      A.insert(A.end(), {"-MT", O.DepTarget});
    if (O.DepsOnly && O.DepsPhony)
      A.push_back("-MP");
    A.push_back(In.Path);
    std::string Out = O.DepsOnly && !O.DepFile.empty() ? O.DepFile : O.Output;
    if (O.HostSourceOut && Out.empty())
      Out = sys::path::filename(In.Path).str() + ".cpp.ii";
    // -M: clang's rule goes to a temporary file, rewritten in nvcc's layout.
    std::string ClangDeps = O.DepsOnly ? temp("deps", "d") : Out;
    if (!ClangDeps.empty())
      A.insert(A.end(), {"-o", ClangDeps});
    if (!exec(L.Clang, A))
      return false;
    if (O.DepsOnly && !O.DryRun && !rewriteDependencies(ClangDeps, Out))
      return false;
  }
  return true;
}

/// nvcc writes a dependency rule as `target : first \` and then one
/// prerequisite per line, indented; FindCUDA's make2cmake.cmake parses exactly
/// that (" : " after the target, a file per line). clang packs several per
/// line and writes "target:". The rule of \p ClangDeps goes to \p Out (or
/// standard output) in nvcc's layout; -MP's phony rules follow it.
bool Driver::rewriteDependencies(const std::string &ClangDeps, const std::string &Out) {
  auto Buffer = MemoryBuffer::getFile(ClangDeps);
  if (!Buffer) {
    errs() << "loomcc: error: cannot read '" << ClangDeps << "'\n";
    return false;
  }
  // Words of the first rule: backslash-newline joins lines, "\ " is a space
  // inside a name.
  StringRef Text = (*Buffer)->getBuffer();
  std::vector<std::string> Words;
  std::string Cur, Rest;
  size_t I = 0;
  for (; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      ++I;
      C = ' ';
    } else if (C == '\\' && I + 1 < Text.size() && Text[I + 1] == ' ') {
      Cur += "\\ ";
      ++I;
      continue;
    }
    if (C == '\n')
      break;
    if (C == ' ' || C == '\t') {
      if (!Cur.empty())
        Words.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Words.push_back(Cur);
  Rest = Text.substr(std::min(I + 1, Text.size())).str();
  std::string Target, Rule;
  size_t First = 0;
  // The target ends with ':' (glued or a word of its own).
  for (; First < Words.size(); ++First) {
    std::string W = Words[First];
    if (W == ":") {
      ++First;
      break;
    }
    if (!W.empty() && W.back() == ':') {
      Target += (Target.empty() ? "" : " ") + W.substr(0, W.size() - 1);
      ++First;
      break;
    }
    Target += (Target.empty() ? "" : " ") + W;
  }
  Rule = Target + " : ";
  for (size_t K = First; K < Words.size(); ++K)
    Rule += (K == First ? "" : " \\\n    ") + Words[K];
  Rule += "\n";
  if (!Rest.empty())
    Rule += "\n" + Rest;
  if (Out.empty()) {
    outs() << Rule;
    return true;
  }
  std::error_code EC;
  raw_fd_ostream OS(Out, EC);
  if (EC) {
    errs() << "loomcc: error: cannot write '" << Out << "': " << EC.message() << "\n";
    return false;
  }
  OS << Rule;
  return true;
}

bool Driver::link(std::vector<std::string> &Objects) {
  // Objects and archives named on the command line may hold relocatable
  // device code too (nvcc device-links them all).
  std::vector<std::string> All = Objects;
  for (const Input &In : O.Inputs)
    if (In.Kind == InputKind::Object)
      All.push_back(In.Path);
  // Static libraries named with -l<name> are searched in the -L directories,
  // as the host linker will.
  std::vector<std::string> LibDirs;
  for (const std::string &F : O.LinkFlags)
    if (F.rfind("-L", 0) == 0)
      LibDirs.push_back(F.substr(2));
  for (const std::string &F : O.LinkFlags) {
    if (F.rfind("-l", 0) != 0)
      continue;
    for (const std::string &Dir : LibDirs) {
      std::string Archive = Dir + "/lib" + F.substr(2) + ".a";
      if (sys::fs::exists(Archive)) {
        All.push_back(Archive);
        break;
      }
    }
  }
  if (O.DeviceLinkOnly) {
    std::string Out = O.Output.empty() ? "a_dlink.o" : O.Output;
    bool Linked = false;
    if (!deviceLink(All, Out, Linked))
      return false;
    if (!Linked && !O.DryRun) {
      // Nothing to link (as nvcc): an object with no device code.
      if (!writeDeviceLinkMarker(Out, Cross))
        return false;
    }
    return true;
  }
  bool Linked = false;
  std::string DLink = temp("dlink", "o");
  if (!O.NoDeviceLink && !deviceLink(All, DLink, Linked))
    return false;
  if (Linked)
    Objects.push_back(DLink);

  std::vector<std::string> A;
  if (O.Shared)
    A.push_back("-shared");
  for (const std::string &Obj : Objects)
    A.push_back(Obj);
  // Loom's library directory comes before the user's -L directories: a
  // Makefile's -L/usr/local/cuda/lib64 must not pick an NVIDIA toolkit's
  // libcudart/libcublas/... (built for a GPU) over Loom's same-named ones.
  A.push_back("-L" + L.LibDir);
  for (const std::string &F : O.LinkFlags)
    A.push_back(F);
  for (const std::string &F : O.HostFlags)
    if (F == "-fopenmp" || F == "-pthread" || F.rfind("-fsanitize", 0) == 0 ||
        F == "-fPIC" || F == "-static-libstdc++")
      A.push_back(F);
  if (O.HostDebug)
    A.push_back("-g");
  if (O.HostProfile)
    A.push_back("-pg");
  // -cudart: nvcc links the static runtime by default, loomcc the shared
  // one (with a run path, so programs run from the build tree). The static
  // runtime is libloomrt's objects in an archive (libcudart_static.a).
  std::string Cudart = O.Cudart.empty() ? (O.AsNvcc ? "static" : "shared") : O.Cudart;
  if (Cudart == "shared")
    A.insert(A.end(), {"-lloomrt", "-Wl,-rpath," + L.LibDir});
  else if (Cudart == "static")
    A.insert(A.end(), {"-lcudart_static", "-ldl", "-lrt"});
  std::string Out = O.Output.empty() ? "a.out" : O.Output;
  if (O.Output.empty() && !O.ModuleExtension.empty() && !O.Inputs.empty())
    Out = sys::path::stem(O.Inputs.front().Path).str() + O.ModuleExtension; // as nvcc names it
  A.insert(A.end(), {"-lpthread", "-lm", "-o", Out});
  return exec(L.Clang, A);
}

int Driver::run() {
  if (O.Verbose)
    for (const std::string &Opt : O.Ignored)
      errs() << "loomcc: note: '" << Opt
             << "' only tunes GPU code generation or an NVIDIA tool; ignored on the CPU\n";
  if (O.Clean)
    return 0; // -clean: loomcc leaves no files -keep did not ask for
  if (O.Inputs.empty()) {
    errs() << "loomcc: error: no input files\n";
    return 1;
  }
  if (!chooseTarget())
    return 1;
  if (O.PreprocessOnly || O.DepsOnly)
    return preprocessOrDeps() ? 0 : 1;
  if (O.CompileOnly && !O.Output.empty()) {
    unsigned Sources = 0;
    for (const Input &In : O.Inputs)
      Sources += In.Kind != InputKind::Object;
    if (Sources > 1) {
      errs() << "loomcc: error: -o with -c needs exactly one source file\n";
      return 1;
    }
  }
  std::vector<std::string> Objects;
  bool OK = true;
  for (const Input &In : O.Inputs) {
    if (In.Kind == InputKind::Object)
      continue;
    if (In.Kind != InputKind::Object && !O.DryRun && !sys::fs::exists(In.Path)) {
      errs() << "loomcc: error: no such file: '" << In.Path << "'\n";
      OK = false;
      break;
    }
    OK = In.Kind == InputKind::Cuda ? compileCuda(In, Objects)
                                    : compileHostOnly(In, Objects);
    if (!OK)
      break;
  }
  if (OK && O.StaticLibrary)
    OK = archive(Objects);
  else if (OK && (!O.CompileOnly || O.DeviceLinkOnly))
    OK = link(Objects);
  if (!TempDir.empty()) {
    if (O.Keep)
      errs() << "loomcc: intermediate files kept in " << TempDir << "\n";
    else
      sys::fs::remove_directories(TempDir);
  }
  if (OK && O.Run && !O.CompileOnly && !O.StaticLibrary && !O.Shared && !O.DeviceLinkOnly) {
    // -run: the program's own exit status is loomcc's.
    SmallString<256> Exe(O.Output.empty() ? "a.out" : O.Output);
    sys::fs::make_absolute(Exe);
    std::vector<StringRef> Argv{Exe};
    for (const std::string &A : O.RunArgs)
      Argv.push_back(A);
    if (O.Verbose || O.DryRun)
      errs() << "#$ " << Exe << "\n";
    if (O.DryRun)
      return 0;
    std::string Err;
    int RC = sys::ExecuteAndWait(Exe, Argv, std::nullopt, {}, 0, 0, &Err);
    if (RC < 0)
      errs() << "loomcc: error: cannot run '" << Exe << "': " << Err << "\n";
    return RC < 0 ? 1 : RC;
  }
  return OK ? 0 : 1;
}

} // namespace

} // namespace loomcc

int main(int Argc, char **Argv) {
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  // Under the name nvcc (bin/nvcc, a link to loomcc), loomcc identifies as
  // nvcc to build systems (docs/tools.md).
  bool AsNvcc = llvm::sys::path::stem(Argv[0]) == "nvcc";
  if (!loomcc::expandOptionFiles(Args))
    return 1;
  // nvcc prints its settings first, whatever follows (CMake runs
  // `nvcc -v __cmake_determine_cuda` only to read them).
  for (const std::string &A : Args)
    if (A == "-v" || A == "--verbose") {
      loomcc::printVerboseEnvironment(loomcc::findLayout(Argv[0]));
      break;
    }
  std::optional<loomcc::Options> O = loomcc::parseOptions(Args, AsNvcc);
  if (!O)
    return 1;
  if (O->ShowHelp) {
    loomcc::printHelp();
    return 0;
  }
  if (O->ShowVersion) {
    // nvcc's format, which CMake and FindCUDA parse: the vendor line CMake's
    // compiler identification looks for (Loom implements nvcc's interface;
    // it is not NVIDIA software) and "release X.Y, VX.Y.Z".
    if (AsNvcc)
      std::printf("nvcc: NVIDIA (R) Cuda compiler driver -- interface implemented by Loom "
                  "(CUDA on CPUs, not NVIDIA software)\n");
    else
      std::printf("loomcc: Loom CUDA compiler for CPUs, version %s\n", LOOM_VERSION);
    std::printf("Built on LLVM/Clang 22, Loom %s\n"
                "Cuda compilation tools, release %s, V%s\n"
                "Build loom-%s\n",
                LOOM_VERSION, LOOM_CUDA_VERSION, LOOM_CUDA_VERSION_FULL, LOOM_VERSION);
    return 0;
  }
  if (O->ListArch) {
    // Device code is compiled for one virtual architecture; -arch values
    // are accepted and do not change it.
    std::printf("compute_80\n");
    return 0;
  }
  return loomcc::Driver(std::move(*O), loomcc::findLayout(Argv[0])).run();
}
