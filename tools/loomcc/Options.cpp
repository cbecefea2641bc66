//===- Options.cpp - loomcc's nvcc-compatible command line -----------------===//
// SPDX-License-Identifier: Apache-2.0
//
// nvcc accepts `-opt value`, `-opt=value`, `--long-opt value`,
// `--long-opt=value` and, for single-letter options, `-Ivalue`. List-valued
// options (-Xcompiler, -Xlinker) split their value on commas, with double
// quotes grouping. Every option of nvcc's documentation (CUDA 12.8) is in the
// table: implemented, or accepted and ignored where it only tunes GPU code
// generation or a tool Loom does not have (-v lists those); an option loomcc
// does not know is an error that names it, unless
// -forward-unknown-to-host-compiler/-linker sends it on. --options-file
// files are read as CMake writes them (shell quoting).
#include "Options.h"

#include "Pipeline/Switches.h"

#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>

namespace loomcc {

namespace {

/// How loomcc treats an option (--help groups them so).
enum class Treatment { Implemented, Ignored, Refused };

struct Spec {
  const char *Short; // "-o"; nullptr if none
  const char *Long;  // "--output-file"; nullptr if none
  bool TakesValue;
  bool Prefix;       // value may be glued: -Ifoo, -O3, -lfoo
  std::function<bool(Options &, const std::string &)> Apply;
  Treatment How = Treatment::Implemented;
};

std::vector<std::string> splitCommas(const std::string &S) { return splitList(S); }

bool error(const std::string &Msg) {
  std::fprintf(stderr, "loomcc: error: %s\n", Msg.c_str());
  return false;
}

bool ignore(Options &, const std::string &) { return true; }

/// An option accepted and ignored: it only tunes GPU code generation, or a
/// tool (ptxas, nvlink, the host compiler choice) Loom has no counterpart of.
Spec gpu(const char *Short, const char *Long, bool TakesValue) {
  return Spec{Short, Long, TakesValue, false, ignore, Treatment::Ignored};
}

/// --target=<triple>: the CPUs Loom compiles for (docs/tools.md, "More
/// CPUs"), spelled as clang and Debian's cross toolchains spell them.
bool setTarget(Options &O, const std::string &V) {
  std::string Arch = V.substr(0, V.find('-'));
  if (V.find("-linux") == std::string::npos)
    return error("unsupported target '" + V + "' (Loom targets Linux: aarch64-linux-gnu, "
                 "riscv64-linux-gnu or x86_64-linux-gnu)");
  if (Arch == "aarch64" || Arch == "arm64")
    O.Target = "aarch64-linux-gnu";
  else if (Arch == "riscv64")
    O.Target = "riscv64-linux-gnu";
  else if (Arch == "x86_64")
    O.Target = "x86_64-linux-gnu";
  else
    return error("unsupported target '" + V +
                 "' (aarch64-linux-gnu, riscv64-linux-gnu or x86_64-linux-gnu)");
  return true;
}

/// An option that adds \p Flags to both sides of every compile.
std::function<bool(Options &, const std::string &)> common(std::vector<std::string> Flags) {
  return [Flags](Options &O, const std::string &) {
    O.CommonFlags.insert(O.CommonFlags.end(), Flags.begin(), Flags.end());
    return true;
  };
}

/// nvcc's unsigned-number options (-ftemplate-depth and the like).
bool isNumber(const std::string &V) {
  return !V.empty() && V.find_first_not_of("0123456789") == std::string::npos;
}

/// A true/false option value (-rdc, -fmad, -ftz).
bool parseBool(const char *Flag, const std::string &V, bool &Out) {
  if (V != "true" && V != "false")
    return error("invalid value '" + V + "' for " + Flag + " (true or false)");
  Out = V == "true";
  return true;
}

std::optional<InputKind> kindFromLanguage(const std::string &L) {
  if (L == "cu" || L == "cuda" || L == "hip")
    return InputKind::Cuda;
  if (L == "c++" || L == "cpp")
    return InputKind::Cxx;
  if (L == "c")
    return InputKind::C;
  return std::nullopt;
}

const std::vector<Spec> &specs() {
  static const std::vector<Spec> Table = {
      {"-o", "--output-file", true, false,
       [](Options &O, const std::string &V) { O.Output = V; return true; }},
      {"-c", "--compile", false, false,
       [](Options &O, const std::string &) { O.CompileOnly = true; return true; }},
      {"-E", "--preprocess", false, false,
       [](Options &O, const std::string &) { O.PreprocessOnly = true; return true; }},
      // Old nvcc: write the preprocessed host side to <file>.cpp.ii.
      {"-cuda", "--cuda", false, false,
       [](Options &O, const std::string &) {
         O.PreprocessOnly = true;
         O.HostSourceOut = true;
         return true;
       }},
      {"-I", "--include-path", true, true,
       [](Options &O, const std::string &V) { O.Preprocessor.push_back("-I" + V); return true; }},
      {"-isystem", "--system-include", true, false,
       [](Options &O, const std::string &V) {
         O.Preprocessor.push_back("-isystem");
         O.Preprocessor.push_back(V);
         return true;
       }},
      {"-include", "--pre-include", true, false,
       [](Options &O, const std::string &V) {
         O.Preprocessor.push_back("-include");
         O.Preprocessor.push_back(V);
         return true;
       }},
      {"-D", "--define-macro", true, true,
       [](Options &O, const std::string &V) { O.Preprocessor.push_back("-D" + V); return true; }},
      {"-U", "--undefine-macro", true, true,
       [](Options &O, const std::string &V) { O.Preprocessor.push_back("-U" + V); return true; }},
      {"-L", "--library-path", true, true,
       [](Options &O, const std::string &V) { O.LinkFlags.push_back("-L" + V); return true; }},
      {"-l", "--library", true, true,
       [](Options &O, const std::string &V) {
         // The CUDA runtime and driver libraries are Loom's runtime.
         if (V == "cudart" || V == "cudart_static" || V == "cuda" || V == "cudadevrt")
           return true;
         O.LinkFlags.push_back("-l" + V);
         return true;
       }},
      {"-O", "--optimize", true, true,
       [](Options &O, const std::string &V) {
         if (V.size() != 1 || V[0] < '0' || V[0] > '3')
           return error("invalid optimization level '-O" + V + "' (expected 0-3)");
         O.OptLevel = V[0] - '0';
         return true;
       }},
      {"-g", "--debug", false, false,
       [](Options &O, const std::string &) { O.HostDebug = true; return true; }},
      {"-G", "--device-debug", false, false,
       [](Options &O, const std::string &) { O.DeviceDebug = true; return true; }},
      {"-lineinfo", "--generate-line-info", false, false,
       [](Options &O, const std::string &) { O.LineInfo = true; return true; }},
      {"-std", "--std", true, false,
       [](Options &O, const std::string &V) { O.Std = V; return true; }},
      {"-x", "--x", true, false,
       [](Options &O, const std::string &V) {
         std::optional<InputKind> K = kindFromLanguage(V);
         if (!K)
           return error("unknown language '" + V + "' for -x (expected cu, hip, c++ or c)");
         O.ForcedKind = K;
         O.ForcedHip = V == "hip";
         return true;
       }},
      {"-Xcompiler", "--compiler-options", true, false,
       [](Options &O, const std::string &V) {
         for (std::string &S : splitCommas(V))
           O.HostFlags.push_back(S);
         return true;
       }},
      {"-Xlinker", "--linker-options", true, false,
       [](Options &O, const std::string &V) {
         for (std::string &S : splitCommas(V))
           O.LinkFlags.push_back("-Wl," + S);
         return true;
       }},
      {"-use_fast_math", "--use_fast_math", false, false,
       [](Options &O, const std::string &) { O.FastMath = true; return true; }},
      {"-w", "--disable-warnings", false, false,
       [](Options &O, const std::string &) { O.NoWarnings = true; return true; }},
      {"-lib", "--lib", false, false,
       [](Options &O, const std::string &) { O.StaticLibrary = true; return true; }},
      {"-shared", "--shared", false, false,
       [](Options &O, const std::string &) { O.Shared = true; return true; }},
      {"-M", "--generate-dependencies", false, false,
       [](Options &O, const std::string &) { O.DepsOnly = true; return true; }},
      {"-MD", "--generate-dependencies-with-compile", false, false,
       [](Options &O, const std::string &) { O.DepsWithCompile = true; return true; }},
      {"-MF", "--dependency-output", true, false,
       [](Options &O, const std::string &V) { O.DepFile = V; return true; }},
      {"-MT", "--dependency-target-name", true, false,
       [](Options &O, const std::string &V) { O.DepTarget = V; return true; }},
      {"-optf", "--options-file", true, false, ignore}, // expanded before parsing
      {"-V", "--version", false, false,
       [](Options &O, const std::string &) { O.ShowVersion = true; return true; }},
      {"-h", "--help", false, false,
       [](Options &O, const std::string &) { O.ShowHelp = true; return true; }},
      {"-v", "--verbose", false, false,
       [](Options &O, const std::string &) { O.Verbose = true; return true; }},
      {"-keep-dir", "--keep-dir", true, false,
       [](Options &O, const std::string &V) { O.KeepDir = V; return true; }},
      {"-keep", "--keep", false, false,
       [](Options &O, const std::string &) { O.Keep = true; return true; }},
      {"-dryrun", "--dryrun", false, false,
       [](Options &O, const std::string &) { O.DryRun = true; return true; }},
      {"-loom-vector-width", "--loom-vector-width", true, false,
       [](Options &O, const std::string &V) {
         unsigned W = 0;
         for (char C : V)
           W = (C >= '0' && C <= '9' && W < 1000) ? W * 10 + unsigned(C - '0') : 1000;
         if (V.empty() || W < 1 || W > 64 || (W & (W - 1)))
           return error("--loom-vector-width takes a power of two from 1 to 64, not '" + V + "'");
         O.VectorWidth = W;
         return true;
       }},
      {"-loom-dump-stages", "--loom-dump-stages", true, false,
       [](Options &O, const std::string &V) {
         if (V.empty())
           return error("--loom-dump-stages needs a directory");
         O.DumpStagesDir = V;
         return true;
       }},
      {"-memcheck", "--memcheck", false, false,
       [](Options &O, const std::string &) { O.Memcheck = true; return true; }},
      {"-racecheck", "--racecheck", false, false,
       [](Options &O, const std::string &) { O.Racecheck = true; return true; }},
      {"-loom-no-jit-bitcode", "--loom-no-jit-bitcode", false, false,
       [](Options &O, const std::string &) { O.NoJitBitcode = true; return true; }},
      {"-Rpass", nullptr, true, false,
       [](Options &O, const std::string &V) { O.RemarkPassed = V; return true; }},
      {"-Rpass-missed", nullptr, true, false,
       [](Options &O, const std::string &V) { O.RemarkMissed = V; return true; }},
      {"-loom-disable", "--loom-disable", true, false,
       [](Options &O, const std::string &V) {
         for (std::string &S : splitCommas(V)) {
           if (S != "vectorize" && !loom::findCodegenSwitch(S)) {
             std::string Names = "vectorize";
             for (const loom::CodegenSwitchName &Sw : loom::CodegenSwitchNames)
               Names += std::string(", ") + Sw.Name;
             return error("unknown optimization '" + S + "' for --loom-disable (" + Names + ")");
           }
           O.Disabled.push_back(S);
         }
         return true;
       }},
      {"-rdc", "--relocatable-device-code", true, false,
       [](Options &O, const std::string &V) { return parseBool("-rdc", V, O.Rdc); }},
      {"-dc", "--device-c", false, false,
       [](Options &O, const std::string &) {
         O.Rdc = true;
         O.CompileOnly = true;
         return true;
       }},
      {"-dlink", "--device-link", false, false,
       [](Options &O, const std::string &) {
         O.DeviceLinkOnly = true;
         return true;
       }},
      {"-ptx", "--ptx", false, false,
       [](Options &, const std::string &) {
         return error("-ptx: Loom compiles CUDA for the CPU and produces no PTX");
       }, Treatment::Refused},
      // A cubin or fat binary is what a driver-API program loads with
      // cuModuleLoad*; Loom's loadable module is a shared object, so these
      // build one (as -shared -Xcompiler -fPIC) under the name asked for.
      {"-cubin", "--cubin", false, false,
       [](Options &O, const std::string &) {
         O.Shared = true;
         O.HostFlags.push_back("-fPIC");
         O.ModuleExtension = ".cubin";
         return true;
       }},
      {"-fatbin", "--fatbin", false, false,
       [](Options &O, const std::string &) {
         O.Shared = true;
         O.HostFlags.push_back("-fPIC");
         O.ModuleExtension = ".fatbin";
         return true;
       }},
      {"-cudart", "--cudart", true, false,
       [](Options &O, const std::string &V) {
         O.Cudart = V;
         if (V == "shared" || V == "static" || V == "none")
           return true;
         return error("invalid value '" + V + "' for -cudart (none, shared or static)");
       }},
      // Accepted GPU code-generation and tool options: no meaning on a CPU.
      gpu("-arch", "--gpu-architecture", true),
      gpu("-code", "--gpu-code", true),
      gpu("-gencode", "--generate-code", true),
      gpu("-Xptxas", "--ptxas-options", true),
      gpu("-Xnvlink", "--nvlink-options", true),
      gpu("-Xcudafe", "--cudafe-options", true),
      gpu("-Xarchive", "--archive-options", true),
      gpu("-maxrregcount", "--maxrregcount", true),
      gpu("-ccbin", "--compiler-bindir", true),
      gpu("-allow-unsupported-compiler", "--allow-unsupported-compiler", false),
      gpu("-t", "--threads", true),
      gpu("-split-compile", "--split-compile", true),
      gpu("-split-compile-extended", "--split-compile-extended", true),
      gpu("-res-usage", "--resource-usage", false),
      gpu("-expt-relaxed-constexpr", "--expt-relaxed-constexpr", false),
      gpu("-expt-extended-lambda", "--expt-extended-lambda", false),
      gpu("-extended-lambda", "--extended-lambda", false),
      gpu("-e", "--entries", true),
      gpu("-ewp", "--extensible-whole-program", false),
      gpu("-no-compress", "--no-compress", false),
      gpu("-compress-mode", "--compress-mode", true),
      gpu("-compress-all", "--compress-all", false),
      gpu("-opt-info", "--optimization-info", true),
      gpu("-dopt", "--dopt", true),
      gpu("-dlto", "--dlink-time-opt", false),
      gpu("-lto", nullptr, false),
      gpu("-gen-opt-lto", "--gen-opt-lto", false),
      gpu("-nohdinitlist", "--no-host-device-initializer-list", false),
      gpu("-nohdmoveforward", "--no-host-device-move-forward", false),
      gpu("-hls", "--host-linker-script", true),
      gpu("-aug-hls", "--augment-host-linker-script", false),
      gpu("-r", "--host-relocatable-link", false),
      gpu("-frandom-seed", "--frandom-seed", true),
      gpu("-extra-device-vectorization", "--extra-device-vectorization", false),
      gpu("-astoolspatch", "--compile-as-tools-patch", false),
      gpu("-keep-device-functions", "--keep-device-functions", false),
      gpu("-jtd", "--jump-table-density", true),
      gpu("-device-stack-protector", "--device-stack-protector", true),
      gpu("-fdevice-syntax-only", "--fdevice-syntax-only", false),
      gpu("-fdevice-time-trace", "--fdevice-time-trace", true),
      gpu("-src-in-ptx", "--source-in-ptx", false),
      gpu("-restrict", "--restrict", false),
      gpu("-static-global-template-stub", "--static-global-template-stub", true),
      gpu("-device-entity-has-hidden-visibility", "--device-entity-has-hidden-visibility", true),
      gpu("-objtemp", "--objdir-as-tempdir", false),
      gpu("-ldir", "--libdevice-directory", true),
      // nvcc's cross-compilation switch names a folder of the toolkit's
      // targets/: aarch64-linux and sbsa-linux are Arm, x86_64-linux this CPU.
      {"-target-dir", "--target-directory", true, false,
       [](Options &O, const std::string &V) {
         if (V == "aarch64-linux" || V == "sbsa-linux")
           return setTarget(O, "aarch64-linux-gnu");
         if (V == "x86_64-linux")
           return setTarget(O, "x86_64-linux-gnu");
         return error("unsupported --target-directory '" + V +
                      "' (aarch64-linux, sbsa-linux or x86_64-linux)");
       }},
      {"-target", "--target", true, false, setTarget},
      gpu("-cudadevrt", "--cudadevrt", true),
      gpu("-noprof", "--dont-use-profile", false),
      gpu("-idp", "--input-drive-prefix", true),
      gpu("-ddp", "--dependency-drive-prefix", true),
      gpu("-dp", "--drive-prefix", true),
      gpu("-use-local-env", "--use-local-env", false),
      gpu("-no-align-double", "--no-align-double", false),
      gpu("-time", "--time", true),
      gpu("-qpp-config", "--qpp-config", true),
      gpu("-err-no", "--display-error-number", false),
      gpu("-no-err-no", "--no-display-error-number", false),
      // nvcc's front end's diagnostic numbers have no clang counterpart.
      gpu("-diag-error", "--diag-error", true),
      gpu("-diag-suppress", "--diag-suppress", true),
      gpu("-diag-warn", "--diag-warn", true),
      gpu("-Wdefault-stream-launch", "--Wdefault-stream-launch", false),
      gpu("-Wmissing-launch-bounds", "--Wmissing-launch-bounds", false),
      gpu("-Wext-lambda-captures-this", "--Wext-lambda-captures-this", false),
      gpu("-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", false),
      gpu("-Wno-deprecated-declarations", "--Wno-deprecated-declarations", false),
      {"-Wreorder", "--Wreorder", false, false, common({"-Wreorder"})},
      {"-Werror", "--Werror", true, false,
       [](Options &O, const std::string &V) {
         for (const std::string &Kind : splitList(V)) {
           if (Kind == "all-warnings")
             O.CommonFlags.push_back("-Werror");
           else if (Kind == "deprecated-declarations")
             O.CommonFlags.push_back("-Werror=deprecated-declarations");
           else if (Kind == "reorder")
             O.CommonFlags.push_back("-Werror=reorder");
           else if (Kind != "cross-execution-space-call" && Kind != "default-stream-launch" &&
                    Kind != "missing-launch-bounds" && Kind != "ext-lambda-captures-this")
             return error("invalid value '" + Kind + "' for -Werror");
         }
         return true;
       }},
      {"-m64", "--m64", false, false, ignore}, // 64-bit: what Loom builds
      {"-m", "--machine", true, false,
       [](Options &, const std::string &V) {
         if (V != "64")
           return error("-m" + V + ": Loom builds 64-bit programs only (-m64)");
         return true;
       }},
      {"-noeh", "--no-exceptions", false, false, common({"-fno-exceptions"})},
      {"-ftemplate-depth", "--ftemplate-depth", true, false,
       [](Options &O, const std::string &V) {
         if (!isNumber(V))
           return error("invalid value '" + V + "' for -ftemplate-depth");
         O.CommonFlags.push_back("-ftemplate-depth=" + V);
         return true;
       }},
      {"-ftemplate-backtrace-limit", "--ftemplate-backtrace-limit", true, false,
       [](Options &O, const std::string &V) {
         if (!isNumber(V))
           return error("invalid value '" + V + "' for -ftemplate-backtrace-limit");
         O.CommonFlags.push_back("-ftemplate-backtrace-limit=" + V);
         return true;
       }},
      {"-pg", "--profile", false, false,
       [](Options &O, const std::string &) { O.HostProfile = true; return true; }},
      {"-MM", "--generate-nonsystem-dependencies", false, false,
       [](Options &O, const std::string &) {
         O.DepsOnly = true;
         O.DepsNonSystem = true;
         return true;
       }},
      {"-MMD", "--generate-nonsystem-dependencies-with-compile", false, false,
       [](Options &O, const std::string &) {
         O.DepsWithCompile = true;
         O.DepsNonSystem = true;
         return true;
       }},
      {"-MP", "--generate-dependency-targets", false, false,
       [](Options &O, const std::string &) { O.DepsPhony = true; return true; }},
      {"-odir", "--output-directory", true, false,
       [](Options &O, const std::string &V) { O.OutputDir = V; return true; }},
      {"-arbin", "--archiver-binary", true, false,
       [](Options &O, const std::string &V) { O.Archiver = V; return true; }},
      {"-run", "--run", false, false,
       [](Options &O, const std::string &) { O.Run = true; return true; }},
      {"-run-args", "--run-args", true, false,
       [](Options &O, const std::string &V) {
         for (const std::string &A : splitList(V))
           O.RunArgs.push_back(A);
         return true;
       }},
      {"-link", "--link", false, false, ignore},
      {"-dw", "--device-w", false, false,
       [](Options &O, const std::string &) {
         O.Rdc = false;
         O.CompileOnly = true;
         return true;
       }},
      {"-nodlink", "--no-device-link", false, false,
       [](Options &O, const std::string &) { O.NoDeviceLink = true; return true; }},
      {"-save-temps", "--save-temps", false, false,
       [](Options &O, const std::string &) { O.Keep = true; return true; }},
      {"-clean", "--clean-targets", false, false,
       [](Options &O, const std::string &) { O.Clean = true; return true; }},
      {"-arch-ls", "--list-gpu-arch", false, false,
       [](Options &O, const std::string &) { O.ListArch = true; return true; }},
      {"-code-ls", "--list-gpu-code", false, false,
       [](Options &O, const std::string &) { O.ListArch = true; return true; }},
      // Handled before parsing (a first pass decides what unknown options do).
      {"-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler", false,
       false, ignore},
      {"-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker", false, false,
       ignore},
      {"-forward-unknown-opts", "--forward-unknown-opts", false, false, ignore},
      {"-optix-ir", "--optix-ir", false, false,
       [](Options &, const std::string &) {
         return error("-optix-ir: Loom compiles CUDA for the CPU and produces no OptiX IR");
       }, Treatment::Refused},
      {"-ltoir", "--ltoir", false, false,
       [](Options &, const std::string &) {
         return error("-ltoir: Loom compiles CUDA for the CPU and produces no LTO IR");
       }, Treatment::Refused},
      {"-ftz", "--ftz", true, false,
       [](Options &O, const std::string &V) {
         bool Ftz = false;
         if (!parseBool("-ftz", V, Ftz))
           return false;
         O.Ftz = Ftz;
         return true;
       }},
      gpu("-prec-div", "--prec-div", true),
      gpu("-prec-sqrt", "--prec-sqrt", true),
      {"-fmad", "--fmad", true, false,
       [](Options &O, const std::string &V) { return parseBool("-fmad", V, O.Fmad); }},
      {"-default-stream", "--default-stream", true, false,
       [](Options &O, const std::string &V) {
         if (V == "legacy" || V == "null")
           return true;
         if (V == "per-thread") {
           O.Preprocessor.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
           return true;
         }
         return error("invalid value '" + V +
                      "' for --default-stream (legacy, null or per-thread)");
       }},
  };
  return Table;
}

/// Matches \p Arg against \p Name: exact, `Name=value`, or glued prefix.
/// Returns 0 no match, 1 exact (value in next arg if needed), 2 value inline.
int match(const std::string &Arg, const char *Name, bool Prefix,
          bool TakesValue, std::string &Inline) {
  if (!Name)
    return 0;
  std::string N = Name;
  if (Arg == N)
    return 1;
  if (TakesValue && Arg.size() > N.size() + 1 && Arg.compare(0, N.size(), N) == 0 &&
      Arg[N.size()] == '=') {
    Inline = Arg.substr(N.size() + 1);
    return 2;
  }
  if (TakesValue && Prefix && Arg.size() > N.size() &&
      Arg.compare(0, N.size(), N) == 0) {
    Inline = Arg.substr(N.size());
    return 2;
  }
  return 0;
}

std::optional<InputKind> kindFromPath(const std::string &Path) {
  auto Dot = Path.rfind('.');
  std::string Ext = Dot == std::string::npos ? "" : Path.substr(Dot + 1);
  if (Ext == "cu" || Ext == "hip")
    return InputKind::Cuda;
  if (Ext == "cpp" || Ext == "cc" || Ext == "cxx" || Ext == "C" || Ext == "c++")
    return InputKind::Cxx;
  if (Ext == "c")
    return InputKind::C;
  if (Ext == "o" || Ext == "a" || Ext == "so" || Ext == "obj" ||
      Path.find(".so.") != std::string::npos)
    return InputKind::Object;
  return std::nullopt;
}

} // namespace

std::vector<std::string> splitList(const std::string &S) {
  std::vector<std::string> Out;
  std::string Cur;
  bool Quoted = false;
  for (char C : S) {
    if (C == '"') {
      Quoted = !Quoted;
    } else if (C == ',' && !Quoted) {
      if (!Cur.empty())
        Out.push_back(Cur);
      Cur.clear();
    } else {
      Cur += C;
    }
  }
  if (!Cur.empty())
    Out.push_back(Cur);
  return Out;
}

namespace {
/// Splits an options file into words: whitespace separates, single and
/// double quotes group, a backslash escapes the next character.
std::vector<std::string> splitWords(const std::string &Text) {
  std::vector<std::string> Words;
  std::string Cur;
  bool Any = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote) {
      if (C == Quote)
        Quote = 0;
      else if (C == '\\' && Quote == '"' && I + 1 < Text.size() &&
               (Text[I + 1] == '"' || Text[I + 1] == '\\'))
        Cur += Text[++I];
      else
        Cur += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      Any = true;
    } else if (C == '\\' && I + 1 < Text.size()) {
      Cur += Text[++I];
      Any = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (Any)
        Words.push_back(Cur);
      Cur.clear();
      Any = false;
    } else {
      Cur += C;
      Any = true;
    }
  }
  if (Any)
    Words.push_back(Cur);
  return Words;
}
} // namespace

bool expandOptionFiles(std::vector<std::string> &Args) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    std::string Files;
    bool Found = false;
    for (const char *Name : {"-optf", "--options-file"}) {
      std::string N = Name;
      if (A == N && I + 1 < Args.size()) {
        Files = Args[++I];
        Found = true;
      } else if (A.compare(0, N.size() + 1, N + "=") == 0) {
        Files = A.substr(N.size() + 1);
        Found = true;
      }
      if (Found)
        break;
    }
    if (!Found) {
      Out.push_back(A);
      continue;
    }
    for (const std::string &F : splitList(Files)) {
      std::ifstream In(F);
      if (!In)
        return error("cannot read options file '" + F + "'");
      std::stringstream Text;
      Text << In.rdbuf();
      std::vector<std::string> Words = splitWords(Text.str());
      // Files may name further files.
      if (!expandOptionFiles(Words))
        return false;
      Out.insert(Out.end(), Words.begin(), Words.end());
    }
  }
  Args = std::move(Out);
  return true;
}

std::optional<Options> parseOptions(const std::vector<std::string> &Args, bool AsNvcc) {
  Options O;
  O.AsNvcc = AsNvcc;
  // nvcc decides what unknown options do from the whole command line.
  bool ForwardCompiler = false, ForwardLinker = false;
  for (const std::string &A : Args) {
    if (A == "-forward-unknown-to-host-compiler" || A == "--forward-unknown-to-host-compiler")
      ForwardCompiler = true;
    else if (A == "-forward-unknown-to-host-linker" || A == "--forward-unknown-to-host-linker")
      ForwardLinker = true;
    else if (A == "-forward-unknown-opts" || A == "--forward-unknown-opts")
      ForwardCompiler = ForwardLinker = true;
  }
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg.empty())
      continue;
    if (Arg[0] != '-' || Arg == "-") {
      InputKind Kind;
      bool Hip = false;
      if (O.ForcedKind && kindFromPath(Arg) != InputKind::Object) {
        Kind = *O.ForcedKind;
        Hip = O.ForcedHip;
      } else if (std::optional<InputKind> K = kindFromPath(Arg)) {
        Kind = *K;
        Hip = Arg.size() > 4 && Arg.compare(Arg.size() - 4, 4, ".hip") == 0;
      } else {
        error("don't know what to do with input file '" + Arg +
              "' (expected .cu, .hip, .cpp, .c, .o, .a or .so)");
        return std::nullopt;
      }
      O.Inputs.push_back({Arg, Kind, Hip});
      if (Kind == InputKind::Object)
        O.LinkFlags.push_back(Arg);
      continue;
    }
    const Spec *Found = nullptr;
    std::string Value;
    int How = 0;
    // Longest name first so that -MD is not read as -M + "D".
    size_t Best = 0;
    for (const Spec &S : specs()) {
      for (const char *Name : {S.Short, S.Long}) {
        std::string Inline;
        int H = match(Arg, Name, S.Prefix, S.TakesValue, Inline);
        if (H && std::string(Name).size() > Best) {
          Best = std::string(Name).size();
          Found = &S;
          How = H;
          Value = Inline;
        }
      }
    }
    // -std=c++17 and the like are glued with '='.
    if (!Found) {
      // nvcc forwards an unknown option as one word, to the host compiler
      // (which also links) or to the host linker.
      if (ForwardCompiler) {
        O.HostFlags.push_back(Arg);
        continue;
      }
      if (ForwardLinker) {
        O.LinkFlags.push_back("-Wl," + Arg);
        continue;
      }
      error("unknown option '" + Arg + "' (see loomcc --help)");
      return std::nullopt;
    }
    if (Found->TakesValue && How == 1) {
      if (I + 1 >= Args.size()) {
        error("option '" + Arg + "' needs a value");
        return std::nullopt;
      }
      Value = Args[++I];
    }
    if (Found->How == Treatment::Ignored)
      O.Ignored.push_back(How == 1 && Found->TakesValue ? Arg + " " + Value : Arg);
    if (!Found->Apply(O, Value))
      return std::nullopt;
  }
  return O;
}

void printHelp() {
  std::printf(
      "Usage: loomcc [options] <inputs>\n"
      "Compiles CUDA programs (.cu) to native CPU executables with Loom.\n"
      "Inputs: .cu (CUDA), .hip (HIP), .cpp/.cc/.cxx (C++), .c (C), .o/.a/.so (linked).\n\n"
      "  -o <file>                 output file\n"
      "  -c                        compile only, to one object per input\n"
      "  -E                        preprocess only (host side)\n"
      "  -I<dir> -D<m> -U<m>       preprocessor options; -include <f>, -isystem <dir>\n"
      "  -L<dir> -l<lib>           linker options (-lcudart/-lcuda map to Loom's runtime)\n"
      "  -O<0-3>                   host optimization (kernels are always optimized)\n"
      "  -g / -G / -lineinfo       host debug info / kernel debug info / kernel line info\n"
      "  -memcheck / -racecheck    check every kernel memory access / shared-memory races\n"
      "                            at run time (also LOOM_MEMCHECK=1, LOOM_RACECHECK=1;\n"
      "                            docs/reliability.md)\n"
      "  -std=<std>                language standard (e.g. c++17)\n"
      "  -x cu|hip|c++|c           treat following inputs as this language\n"
      "  -Xcompiler <a,b>          pass options to the host compiler\n"
      "  -Xlinker <a,b>            pass options to the linker\n"
      "  --use_fast_math           fast approximate math in kernels\n");
  // The switch names come from the one list of them (Pipeline/Switches.h).
  std::string Line = "  --loom-disable=<a,b>      turn off Loom optimizations (vectorize,";
  for (const loom::CodegenSwitchName &Sw : loom::CodegenSwitchNames) {
    std::string Item = std::string(" ") + Sw.Name + ",";
    if (Line.size() + Item.size() > 78) {
      std::printf("%s\n", Line.c_str());
      Line = "                           ";
    }
    Line += Item;
  }
  Line.back() = ')';
  std::printf("%s, to measure\n"
      "                            what they buy\n"
      "  --loom-vector-width=<w>   gang width of the kernel vectorizer (default:\n"
      "                            the CPU's vector registers; also LOOM_VECTOR_WIDTH)\n"
      "  --loom-no-jit-bitcode     do not embed kernels' bitcode for launch-time\n"
      "                            specialization (smaller binary; LOOM_JIT has\n"
      "                            nothing to compile)\n"
      "  --loom-dump-stages=<dir>  write the device module before and after each\n"
      "                            stage of the kernel pipeline and after host\n"
      "                            optimization: <dir>/<file stem>/<part>-NN-<stage>.ll\n"
      "  -Rpass=<re>, -Rpass-missed=<re>  report kernel optimizations done /\n"
      "                            missed with the reason (e.g. -Rpass-missed=loom)\n"
      "  -M, -MD, -MF <f>, -MT <t> dependency output\n"
      "  -shared                   link a shared library\n"
      "  -lib                      archive the objects into a static library (a.a)\n"
      "  -fmad=false               kernels keep a*b+c as a rounded multiply and a\n"
      "                            rounded add (default true: fused multiply-add)\n"
      "  -ftz=true                 kernels flush single-precision denormals to\n"
      "                            zero (implied by --use_fast_math; default false)\n"
      "  -rdc=true, -dc            relocatable device code: kernels may call\n"
      "                            __device__ functions and use variables of\n"
      "                            other .cu files; linked at the link step\n"
      "  -dlink                    device link step only (object for a host linker)\n"
      "  -v, -keep, -dryrun        show / keep / only print the steps\n"
      "  -keep-dir <dir>           with -keep: put the intermediate files in <dir>\n"
      "  --version, --help\n"
      "  -cudart none|shared|static  the CUDA runtime linked (default: shared as\n"
      "                            loomcc, static as nvcc, like nvcc)\n"
      "  --options-file <f,...>    read more options from files (also -optf)\n"
      "  -forward-unknown-to-host-compiler, -forward-unknown-to-host-linker\n"
      "                            send unknown options on instead of failing\n"
      "  -run [-run-args a,b]      run the program after linking\n",
      Line.c_str());
  // Every option of the table, by treatment, so that --help lists them all.
  const char *Titles[] = {"Implemented", "Accepted and ignored (they tune GPU code generation "
                                         "or tools Loom does not have; -v lists them)",
                          "Refused (GPU binary formats Loom does not produce)"};
  for (Treatment T : {Treatment::Implemented, Treatment::Ignored, Treatment::Refused}) {
    std::printf("\n%s:\n", Titles[int(T)]);
    std::string Row = " ";
    for (const Spec &S : specs()) {
      if (S.How != T)
        continue;
      std::string Item = " ";
      if (S.Long)
        Item += S.Long;
      if (S.Short)
        Item += std::string(S.Long ? " (" : "") + S.Short + (S.Long ? ")" : "");
      if (S.TakesValue)
        Item += " <v>";
      Item += ",";
      if (Row.size() + Item.size() > 79) {
        std::printf("%s\n", Row.c_str());
        Row = " ";
      }
      Row += Item;
    }
    Row.back() = '\n';
    std::printf("%s", Row.c_str());
  }
}

} // namespace loomcc
