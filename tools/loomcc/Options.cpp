//===- Options.cpp - loomcc's nvcc-compatible command line -----------------===//
// SPDX-License-Identifier: Apache-2.0
//
// nvcc accepts `-opt value`, `-opt=value`, `--long-opt value`,
// `--long-opt=value` and, for single-letter options, `-Ivalue`. List-valued
// options (-Xcompiler, -Xlinker) split their value on commas. GPU code
// generation options are accepted and have no effect on a CPU; an option
// loomcc does not know is an error that names it.
#include "Options.h"

#include "Pipeline/Switches.h"

#include <cstdio>
#include <functional>

namespace loomcc {

namespace {

struct Spec {
  const char *Short; // "-o"; nullptr if none
  const char *Long;  // "--output-file"; nullptr if none
  bool TakesValue;
  bool Prefix;       // value may be glued: -Ifoo, -O3, -lfoo
  std::function<bool(Options &, const std::string &)> Apply;
};

std::vector<std::string> splitCommas(const std::string &S) {
  std::vector<std::string> Out;
  std::string Cur;
  for (char C : S) {
    if (C == ',') {
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

bool error(const std::string &Msg) {
  std::fprintf(stderr, "loomcc: error: %s\n", Msg.c_str());
  return false;
}

bool ignore(Options &, const std::string &) { return true; }

/// A true/false option value (-rdc, -fmad, -ftz).
bool parseBool(const char *Flag, const std::string &V, bool &Out) {
  if (V != "true" && V != "false")
    return error("invalid value '" + V + "' for " + Flag + " (true or false)");
  Out = V == "true";
  return true;
}

std::optional<InputKind> kindFromLanguage(const std::string &L) {
  if (L == "cu" || L == "cuda")
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
           return error("unknown language '" + V + "' for -x (expected cu, c++ or c)");
         O.ForcedKind = K;
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
       }},
      {"-cubin", "--cubin", false, false,
       [](Options &, const std::string &) {
         return error("-cubin: Loom compiles CUDA for the CPU and produces no cubin");
       }},
      {"-fatbin", "--fatbin", false, false,
       [](Options &, const std::string &) {
         return error("-fatbin: Loom compiles CUDA for the CPU and produces no fat binary");
       }},
      {"-cudart", "--cudart", true, false,
       [](Options &, const std::string &V) {
         if (V == "shared" || V == "static" || V == "none")
           return true;
         return error("invalid value '" + V + "' for -cudart (none, shared or static)");
       }},
      // Accepted GPU code-generation and tool options: no meaning on a CPU.
      {"-arch", "--gpu-architecture", true, false, ignore},
      {"-code", "--gpu-code", true, false, ignore},
      {"-gencode", "--generate-code", true, false, ignore},
      {"-Xptxas", "--ptxas-options", true, false, ignore},
      {"-Xnvlink", "--nvlink-options", true, false, ignore},
      {"-Xcudafe", "--cudafe-options", true, false, ignore},
      {"-maxrregcount", "--maxrregcount", true, false, ignore},
      {"-ccbin", "--compiler-bindir", true, false, ignore},
      {"-t", "--threads", true, false, ignore},
      {"-m64", "--machine", false, false, ignore},
      {"-res-usage", "--resource-usage", false, false, ignore},
      {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr", false, false, ignore},
      {"-expt-extended-lambda", "--expt-extended-lambda", false, false, ignore},
      {"-extended-lambda", "--extended-lambda", false, false, ignore},
      {"-ftz", "--ftz", true, false,
       [](Options &O, const std::string &V) {
         bool Ftz = false;
         if (!parseBool("-ftz", V, Ftz))
           return false;
         O.Ftz = Ftz;
         return true;
       }},
      {"-prec-div", "--prec-div", true, false, ignore},
      {"-prec-sqrt", "--prec-sqrt", true, false, ignore},
      {"-fmad", "--fmad", true, false,
       [](Options &O, const std::string &V) { return parseBool("-fmad", V, O.Fmad); }},
      {"-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", false, false, ignore},
      {"-Wno-deprecated-declarations", "--Wno-deprecated-declarations", false, false, ignore},
      {"-lto", "--dlink-time-opt", false, false, ignore},
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
  if (Ext == "cu")
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

std::optional<Options> parseOptions(const std::vector<std::string> &Args) {
  Options O;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg.empty())
      continue;
    if (Arg[0] != '-' || Arg == "-") {
      InputKind Kind;
      if (O.ForcedKind && kindFromPath(Arg) != InputKind::Object)
        Kind = *O.ForcedKind;
      else if (std::optional<InputKind> K = kindFromPath(Arg))
        Kind = *K;
      else {
        error("don't know what to do with input file '" + Arg +
              "' (expected .cu, .cpp, .c, .o, .a or .so)");
        return std::nullopt;
      }
      O.Inputs.push_back({Arg, Kind});
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
    if (!Found->Apply(O, Value))
      return std::nullopt;
  }
  return O;
}

void printHelp() {
  std::printf(
      "Usage: loomcc [options] <inputs>\n"
      "Compiles CUDA programs (.cu) to native CPU executables with Loom.\n"
      "Inputs: .cu (CUDA), .cpp/.cc/.cxx (C++), .c (C), .o/.a/.so (linked).\n\n"
      "  -o <file>                 output file\n"
      "  -c                        compile only, to one object per input\n"
      "  -E                        preprocess only (host side)\n"
      "  -I<dir> -D<m> -U<m>       preprocessor options; -include <f>, -isystem <dir>\n"
      "  -L<dir> -l<lib>           linker options (-lcudart/-lcuda map to Loom's runtime)\n"
      "  -O<0-3>                   host optimization (kernels are always optimized)\n"
      "  -g / -G / -lineinfo       host debug info / kernel debug info / kernel line info\n"
      "  -std=<std>                language standard (e.g. c++17)\n"
      "  -x cu|c++|c               treat following inputs as this language\n"
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
      "Accepted and ignored (GPU code generation): -arch, -code, -gencode,\n"
      "  -Xptxas, -maxrregcount, -ccbin, --expt-relaxed-constexpr,\n"
      "  --expt-extended-lambda, -prec-div, -prec-sqrt, -res-usage.\n",
      Line.c_str());
}

} // namespace loomcc
