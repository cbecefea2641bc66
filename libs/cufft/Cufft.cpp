// Cufft.cpp - libcufft: NVIDIA's cuFFT API on FFTW (fftw3 and fftw3f).
// SPDX-License-Identifier: Apache-2.0
//
// A cuFFT plan records the transform (type, sizes, batch, layout); the FFTW
// plans that execute it are made when an exec call first sees a given
// (direction, in place or not, alignment of the two arrays) and cached in
// the cuFFT plan, then run with FFTW's new-array execute functions on any
// later arrays of the same kind. FFTW's planner is not thread-safe: one
// process-wide lock guards every plan creation and destruction. Plans use
// FFTW_ESTIMATE (arrays untouched while planning); LOOM_CUFFT_PLANNER=measure
// selects FFTW_MEASURE, which plans on scratch arrays of the same alignment.
// Transforms of at least 2^15 elements per execution use FFTW's threads, one
// per CPU the process may use (LOOM_CUFFT_THREADS=n overrides; 1: none).
// Execution is enqueued on the plan's stream (libs/common/StreamTask.h).
// Layouts follow cuFFT: the basic layout is packed, except that in-place
// real transforms pad the last real dimension to 2 (n/2 + 1) elements
// (FFTW's padding, cuFFT's default compatibility mode); the advanced layout
// (inembed/istride/idist, onembed/...) is FFTW's "many" layout, which is
// cuFFT's. See docs/libraries.md.
#include "cufft.h"
#include "cufftXt.h"
#include "cuda_runtime_api.h"

#include "../common/StreamTask.h"

#include <fftw3.h>
#include <sched.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

namespace {

std::mutex &plannerLock() {
  static std::mutex M;
  return M;
}

unsigned plannerFlags() {
  static const unsigned Flags = [] {
    const char *E = std::getenv("LOOM_CUFFT_PLANNER");
    if (E && !std::strcmp(E, "measure"))
      return (unsigned)FFTW_MEASURE;
    if (E && !std::strcmp(E, "patient"))
      return (unsigned)FFTW_PATIENT;
    return (unsigned)FFTW_ESTIMATE;
  }();
  return Flags;
}

/// FFTW threads for a transform of \p Elements elements per execution.
int fftThreads(size_t Elements) {
  static const int Cpus = [] {
    if (const char *E = std::getenv("LOOM_CUFFT_THREADS"))
      return std::max(1, std::atoi(E));
    cpu_set_t Set;
    if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
      return std::max(1, CPU_COUNT(&Set));
    return 1;
  }();
  // Below this, splitting a transform costs more than it gains.
  return Elements >= (size_t(1) << 15) ? Cpus : 1;
}

bool isDouble(cufftType T) { return T == CUFFT_Z2Z || T == CUFFT_D2Z || T == CUFFT_Z2D; }
bool isR2C(cufftType T) { return T == CUFFT_R2C || T == CUFFT_D2Z; }
bool isC2R(cufftType T) { return T == CUFFT_C2R || T == CUFFT_Z2D; }
bool validType(cufftType T) {
  return T == CUFFT_R2C || T == CUFFT_C2R || T == CUFFT_C2C || T == CUFFT_D2Z ||
         T == CUFFT_Z2D || T == CUFFT_Z2Z;
}

/// One side's layout, in elements of that side's type.
struct Side {
  int Embed[3];
  int Stride, Dist;
};

/// An FFTW plan of either precision.
struct FftwPlan {
  bool Double = false;
  fftw_plan D = nullptr;
  fftwf_plan F = nullptr;
  ~FftwPlan() {
    std::lock_guard<std::mutex> Lock(plannerLock());
    if (D)
      fftw_destroy_plan(D);
    if (F)
      fftwf_destroy_plan(F);
  }
};

struct Plan {
  bool Made = false;
  cufftType Type = CUFFT_C2C;
  int Rank = 0;
  int N[3] = {1, 1, 1};
  int Batch = 1;
  bool InAdvanced = false, OutAdvanced = false;
  Side In{}, Out{};
  cudaStream_t Stream = nullptr;
  int AutoAllocate = 1;
  void *WorkArea = nullptr;

  std::vector<int> Gpus; ///< cufftXtSetGPUs; empty: one device

  /// Load and store callbacks (cufftXtSetCallback): the callee, its
  /// caller info and the shared memory it asked for; the type says which.
  void *LoadCb = nullptr, *LoadInfo = nullptr, *StoreCb = nullptr, *StoreInfo = nullptr;
  size_t LoadShared = 0, StoreShared = 0;

  std::mutex CacheM;
  std::map<std::tuple<int, int, int, int>, std::shared_ptr<FftwPlan>> Cache;
  loomlib::TaskKeeper Keeper;

  /// The layouts of one execution: basic layouts depend on in-place-ness.
  void layouts(bool InPlace, Side *I, Side *O) const {
    int Cn[3] = {N[0], N[1], N[2]};
    Cn[Rank - 1] = N[Rank - 1] / 2 + 1;
    int Padded[3] = {N[0], N[1], N[2]};
    Padded[Rank - 1] = 2 * Cn[Rank - 1];
    auto Basic = [&](const int *Dims) {
      Side S{};
      S.Stride = 1;
      S.Dist = 1;
      for (int D = 0; D < Rank; ++D) {
        S.Embed[D] = Dims[D];
        S.Dist *= Dims[D];
      }
      return S;
    };
    const int *RealDims = InPlace ? Padded : N;
    const int *InDims = isR2C(Type) ? RealDims : isC2R(Type) ? Cn : N;
    const int *OutDims = isR2C(Type) ? Cn : isC2R(Type) ? RealDims : N;
    *I = InAdvanced ? In : Basic(InDims);
    *O = OutAdvanced ? Out : Basic(OutDims);
  }

  /// Bytes from the first to one past the last element a side touches.
  size_t extent(const Side &S, const int *Dims, size_t Elem) const {
    size_t Last = 0, Inner = 1;
    for (int D = Rank - 1; D >= 0; --D) {
      Last += (size_t)(Dims[D] - 1) * Inner;
      Inner *= S.Embed[D];
    }
    return ((size_t)(Batch - 1) * S.Dist + Last * S.Stride + 1) * Elem;
  }
};

std::mutex RegistryM;
std::map<cufftHandle, std::shared_ptr<Plan>> Registry;
cufftHandle NextHandle = 1;

std::shared_ptr<Plan> lookup(cufftHandle H) {
  std::lock_guard<std::mutex> Lock(RegistryM);
  auto It = Registry.find(H);
  return It == Registry.end() ? nullptr : It->second;
}

/// Validates and records a transform in \p P.
cufftResult define(Plan &P, int Rank, const long long *N, const long long *InEmbed,
                   long long IStride, long long IDist, const long long *OutEmbed,
                   long long OStride, long long ODist, cufftType Type, long long Batch) {
  if (!validType(Type))
    return CUFFT_INVALID_TYPE;
  if (!N)
    return CUFFT_INVALID_VALUE;
  if (Rank < 1 || Rank > 3 || Batch < 1 || Batch > INT32_MAX)
    return CUFFT_INVALID_SIZE;
  for (int D = 0; D < Rank; ++D)
    if (N[D] < 1 || N[D] > INT32_MAX)
      return CUFFT_INVALID_SIZE;
  auto SetSide = [&](const long long *Embed, long long Stride, long long Dist, Side *S) {
    for (int D = 0; D < Rank; ++D) {
      if (Embed[D] < 1 || Embed[D] > INT32_MAX)
        return false;
      S->Embed[D] = (int)Embed[D];
    }
    if (Stride < 1 || Stride > INT32_MAX || Dist < 1 || Dist > INT32_MAX)
      return false;
    S->Stride = (int)Stride;
    S->Dist = (int)Dist;
    return true;
  };
  Plan Q;
  Q.Type = Type;
  Q.Rank = Rank;
  for (int D = 0; D < Rank; ++D)
    Q.N[D] = (int)N[D];
  Q.Batch = (int)Batch;
  // cuFFT: a null inembed/onembed selects the basic layout (the strides and
  // distances given with it are ignored).
  if (InEmbed) {
    if (!SetSide(InEmbed, IStride, IDist, &Q.In))
      return CUFFT_INVALID_VALUE;
    Q.InAdvanced = true;
  }
  if (OutEmbed) {
    if (!SetSide(OutEmbed, OStride, ODist, &Q.Out))
      return CUFFT_INVALID_VALUE;
    Q.OutAdvanced = true;
  }
  P.Type = Q.Type;
  P.Rank = Q.Rank;
  std::memcpy(P.N, Q.N, sizeof(P.N));
  P.Batch = Q.Batch;
  P.In = Q.In;
  P.Out = Q.Out;
  P.InAdvanced = Q.InAdvanced;
  P.OutAdvanced = Q.OutAdvanced;
  P.Made = true;
  return CUFFT_SUCCESS;
}

/// Creates the FFTW plan for one kind of execution of \p P; with
/// FFTW_ESTIMATE on the caller's arrays (not touched), otherwise on scratch
/// arrays aligned like them. Caller holds no lock.
std::shared_ptr<FftwPlan> makeFftw(const Plan &P, int Sign, void *InArr, void *OutArr,
                                   bool InPlace) {
  bool SameArrays = InArr == OutArr;
  Side I, O;
  P.layouts(InPlace, &I, &O);
  bool Dbl = isDouble(P.Type);
  size_t Real = Dbl ? sizeof(double) : sizeof(float), Cplx = 2 * Real;
  size_t InElem = isR2C(P.Type) ? Real : Cplx, OutElem = isC2R(P.Type) ? Real : Cplx;
  unsigned Flags = plannerFlags();
  void *PlanIn = InArr, *PlanOut = OutArr, *Scratch = nullptr;
  if (Flags != FFTW_ESTIMATE) {
    int Cn[3] = {P.N[0], P.N[1], P.N[2]};
    Cn[P.Rank - 1] = P.N[P.Rank - 1] / 2 + 1;
    const int *InDims = isC2R(P.Type) ? Cn : P.N, *OutDims = isR2C(P.Type) ? Cn : P.N;
    size_t InBytes = P.extent(I, InDims, InElem), OutBytes = P.extent(O, OutDims, OutElem);
    size_t InOff = (uintptr_t)InArr % 64, OutOff = (uintptr_t)OutArr % 64;
    size_t InSpan = SameArrays ? std::max(InBytes, OutBytes) : InBytes;
    Scratch = fftw_malloc(InSpan + (SameArrays ? 0 : OutBytes) + 192);
    if (!Scratch)
      return nullptr;
    char *Base = static_cast<char *>(Scratch);
    PlanIn = Base + InOff;
    PlanOut = SameArrays ? PlanIn : Base + ((InOff + InSpan + 63) / 64) * 64 + 64 + OutOff;
  }
  auto F = std::make_shared<FftwPlan>();
  F->Double = Dbl;
  size_t Elements = (size_t)P.Batch * P.N[0] * P.N[1] * P.N[2];
  {
    std::lock_guard<std::mutex> Lock(plannerLock());
    static bool ThreadsReady = fftw_init_threads() && fftwf_init_threads();
    int Threads = ThreadsReady ? fftThreads(Elements) : 1;
    fftw_plan_with_nthreads(Threads);
    fftwf_plan_with_nthreads(Threads);
    int H = P.Batch;
    if (Dbl) {
      if (isR2C(P.Type))
        F->D = fftw_plan_many_dft_r2c(P.Rank, P.N, H, (double *)PlanIn, I.Embed, I.Stride, I.Dist,
                                      (fftw_complex *)PlanOut, O.Embed, O.Stride, O.Dist, Flags);
      else if (isC2R(P.Type))
        F->D = fftw_plan_many_dft_c2r(P.Rank, P.N, H, (fftw_complex *)PlanIn, I.Embed, I.Stride,
                                      I.Dist, (double *)PlanOut, O.Embed, O.Stride, O.Dist, Flags);
      else
        F->D = fftw_plan_many_dft(P.Rank, P.N, H, (fftw_complex *)PlanIn, I.Embed, I.Stride,
                                  I.Dist, (fftw_complex *)PlanOut, O.Embed, O.Stride, O.Dist,
                                  Sign, Flags);
    } else {
      if (isR2C(P.Type))
        F->F = fftwf_plan_many_dft_r2c(P.Rank, P.N, H, (float *)PlanIn, I.Embed, I.Stride, I.Dist,
                                       (fftwf_complex *)PlanOut, O.Embed, O.Stride, O.Dist, Flags);
      else if (isC2R(P.Type))
        F->F = fftwf_plan_many_dft_c2r(P.Rank, P.N, H, (fftwf_complex *)PlanIn, I.Embed, I.Stride,
                                       I.Dist, (float *)PlanOut, O.Embed, O.Stride, O.Dist, Flags);
      else
        F->F = fftwf_plan_many_dft(P.Rank, P.N, H, (fftwf_complex *)PlanIn, I.Embed, I.Stride,
                                   I.Dist, (fftwf_complex *)PlanOut, O.Embed, O.Stride, O.Dist,
                                   Sign, Flags);
    }
  }
  if (Scratch)
    fftw_free(Scratch);
  if (!F->D && !F->F)
    return nullptr;
  return F;
}

/// Calls \p Fn(offset) for every element a side's layout holds, offsets in
/// elements from the start of the array (cuFFT's callback offsets).
template <class F>
void forEachElement(int Rank, int Batch, const Side &S, const std::array<int, 3> &Dims, F Fn) {
  int E1 = Rank > 1 ? S.Embed[1] : 1, E2 = Rank > 2 ? S.Embed[2] : 1;
  int D0 = Dims[0], D1 = Rank > 1 ? Dims[1] : 1, D2 = Rank > 2 ? Dims[2] : 1;
  for (int B = 0; B < Batch; ++B)
    for (int I = 0; I < D0; ++I)
      for (int J = 0; J < D1; ++J)
        for (int K = 0; K < D2; ++K)
          Fn((size_t)B * S.Dist + (((size_t)I * E1 + J) * E2 + K) * S.Stride);
}

// The callbacks are the user's __device__ functions, compiled by loomcc
// from NVPTX IR and retargeted to the host: they keep the NVPTX front end's
// calling convention, not the host C ABI's. A cufftComplex (a struct of two
// floats) is returned as LLVM's {float, float}, which x86-64 returns in
// xmm0 and xmm1 (the C ABI packs it into xmm0); complex and real elements
// passed to store callbacks are byval aggregates, on the stack (the C ABI
// passes them in registers). The types below make the C ABI do what that
// convention needs (tests/libraries/fft_callbacks.cu catches a mismatch).
#if defined(__x86_64__)
#define LOOM_CUFFT_CALLBACKS 1
/// Two SSE eightbytes: returned in xmm0 and xmm1, floats in their low bits.
struct RetPairF {
  float Re, Pad0, Im, Pad1;
};
/// Larger than 16 bytes, so passed in memory, where a byval argument is.
struct alignas(8) StackF {
  cufftComplex V;
  char Pad[12];
};
struct alignas(16) StackZ {
  cufftDoubleComplex V;
  char Pad[16];
};
using LoadCFn = RetPairF (*)(void *, size_t, void *, void *);
using LoadZFn = cufftDoubleComplex (*)(void *, size_t, void *, void *);
using LoadRFn = float (*)(void *, size_t, void *, void *);
using LoadDFn = double (*)(void *, size_t, void *, void *);
using StoreCFn = void (*)(void *, size_t, StackF, void *, void *);
using StoreZFn = void (*)(void *, size_t, StackZ, void *, void *);
using StoreRFn = void (*)(void *, size_t, float, void *, void *);
using StoreDFn = void (*)(void *, size_t, double, void *, void *);
#else
#define LOOM_CUFFT_CALLBACKS 0
#endif

cufftResult exec(cufftHandle Handle, cufftType Want, void *In, void *Out, int Sign,
                 bool Sync = false) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  if (P->Type != Want)
    return CUFFT_INVALID_VALUE;
  if (!In || !Out)
    return CUFFT_INVALID_VALUE;
  if (Sign != CUFFT_FORWARD && Sign != CUFFT_INVERSE)
    return CUFFT_INVALID_VALUE;
  // A plan over several GPUs runs on descriptors (cufftXtExecDescriptor*).
  if (P->Gpus.size() > 1 && !Sync)
    return CUFFT_INVALID_VALUE;
  cufftType Type = P->Type;
  bool InPlace = In == Out;
  // Callbacks: the transform reads a scratch copy of the input the load
  // callback produced, and writes a scratch output the store callback
  // takes; offsets are those of the plan's layouts for this in-place-ness.
  void *LoadCb = P->LoadCb, *LoadInfo = P->LoadInfo, *StoreCb = P->StoreCb,
       *StoreInfo = P->StoreInfo;
  size_t Shared = std::max(P->LoadShared, P->StoreShared);
  Side I, O;
  P->layouts(InPlace, &I, &O);
  bool Dbl = isDouble(Type);
  size_t Real = Dbl ? sizeof(double) : sizeof(float), Cplx = 2 * Real;
  size_t InElem = isR2C(Type) ? Real : Cplx, OutElem = isC2R(Type) ? Real : Cplx;
  int Cn[3] = {P->N[0], P->N[1], P->N[2]};
  Cn[P->Rank - 1] = P->N[P->Rank - 1] / 2 + 1;
  const int *InD = isC2R(Type) ? Cn : P->N, *OutD = isR2C(Type) ? Cn : P->N;
  std::array<int, 3> InDims = {InD[0], InD[1], InD[2]}, OutDims = {OutD[0], OutD[1], OutD[2]};
  std::shared_ptr<void> TempIn, TempOut;
  if (LoadCb) {
    TempIn.reset(fftw_malloc(P->extent(I, InDims.data(), InElem)), fftw_free);
    if (!TempIn)
      return CUFFT_ALLOC_FAILED;
  }
  if (StoreCb) {
    TempOut.reset(fftw_malloc(P->extent(O, OutDims.data(), OutElem)), fftw_free);
    if (!TempOut)
      return CUFFT_ALLOC_FAILED;
  }
  void *ExecIn = LoadCb ? TempIn.get() : In, *ExecOut = StoreCb ? TempOut.get() : Out;
  // FFTW's new-array execute needs arrays aligned as the planned ones
  // (fftw_alignment_of), the same layout (in-place-ness of the call) and
  // the same in-place-ness of the arrays run: that is the cache key.
  auto Key = std::make_tuple(Sign, (InPlace ? 1 : 0) | (ExecIn == ExecOut ? 2 : 0),
                             fftw_alignment_of((double *)ExecIn),
                             fftw_alignment_of((double *)ExecOut));
  std::shared_ptr<FftwPlan> F;
  {
    std::lock_guard<std::mutex> Lock(P->CacheM);
    auto It = P->Cache.find(Key);
    if (It != P->Cache.end())
      F = It->second;
  }
  if (!F) {
    F = makeFftw(*P, Sign, ExecIn, ExecOut, InPlace);
    if (!F)
      return CUFFT_EXEC_FAILED;
    std::lock_guard<std::mutex> Lock(P->CacheM);
    P->Cache.emplace(Key, F); // a racing thread's equal plan may win: fine
  }
  int Rank = P->Rank, Batch = P->Batch;
  // The task holds the FFTW plan (and the cuFFT plan, whose layout the
  // callbacks walk): a cufftDestroy before it runs is safe.
  auto Run = [F, Rank, Batch, Type, In, Out, ExecIn, ExecOut, TempIn, TempOut, LoadCb, LoadInfo,
              StoreCb, StoreInfo, Shared, I, O, InDims, OutDims] {
    std::vector<char> SharedMem(Shared);
    void *Sh = Shared ? SharedMem.data() : nullptr;
    bool Cin = !isR2C(Type), Cout = !isC2R(Type), D = isDouble(Type);
#if LOOM_CUFFT_CALLBACKS
    if (LoadCb)
      forEachElement(Rank, Batch, I, InDims, [&](size_t Off) {
        if (Cin && D)
          ((cufftDoubleComplex *)ExecIn)[Off] = ((LoadZFn)LoadCb)(In, Off, LoadInfo, Sh);
        else if (Cin) {
          RetPairF R = ((LoadCFn)LoadCb)(In, Off, LoadInfo, Sh);
          ((cufftComplex *)ExecIn)[Off] = cufftComplex{R.Re, R.Im};
        } else if (D)
          ((double *)ExecIn)[Off] = ((LoadDFn)LoadCb)(In, Off, LoadInfo, Sh);
        else
          ((float *)ExecIn)[Off] = ((LoadRFn)LoadCb)(In, Off, LoadInfo, Sh);
      });
#endif
    switch (Type) {
    case CUFFT_C2C:
      fftwf_execute_dft(F->F, (fftwf_complex *)ExecIn, (fftwf_complex *)ExecOut);
      break;
    case CUFFT_R2C:
      fftwf_execute_dft_r2c(F->F, (float *)ExecIn, (fftwf_complex *)ExecOut);
      break;
    case CUFFT_C2R:
      fftwf_execute_dft_c2r(F->F, (fftwf_complex *)ExecIn, (float *)ExecOut);
      break;
    case CUFFT_Z2Z:
      fftw_execute_dft(F->D, (fftw_complex *)ExecIn, (fftw_complex *)ExecOut);
      break;
    case CUFFT_D2Z:
      fftw_execute_dft_r2c(F->D, (double *)ExecIn, (fftw_complex *)ExecOut);
      break;
    case CUFFT_Z2D:
      fftw_execute_dft_c2r(F->D, (fftw_complex *)ExecIn, (double *)ExecOut);
      break;
    }
#if LOOM_CUFFT_CALLBACKS
    if (StoreCb)
      forEachElement(Rank, Batch, O, OutDims, [&](size_t Off) {
        if (Cout && D) {
          StackZ E{};
          E.V = ((cufftDoubleComplex *)ExecOut)[Off];
          ((StoreZFn)StoreCb)(Out, Off, E, StoreInfo, Sh);
        } else if (Cout) {
          StackF E{};
          E.V = ((cufftComplex *)ExecOut)[Off];
          ((StoreCFn)StoreCb)(Out, Off, E, StoreInfo, Sh);
        } else if (D)
          ((StoreDFn)StoreCb)(Out, Off, ((double *)ExecOut)[Off], StoreInfo, Sh);
        else
          ((StoreRFn)StoreCb)(Out, Off, ((float *)ExecOut)[Off], StoreInfo, Sh);
      });
#else
    (void)Cin, (void)Cout, (void)D, (void)Sh, (void)In, (void)Out, (void)Rank, (void)Batch;
#endif
  };
  if (Sync) {
    Run();
    return CUFFT_SUCCESS;
  }
  if (loomlib::enqueue(P->Stream, P->Keeper, std::move(Run)) != cudaSuccess)
    return CUFFT_EXEC_FAILED;
  return CUFFT_SUCCESS;
}

cufftResult makePlan(cufftHandle Handle, int Rank, const long long *N, const long long *InEmbed,
                     long long IStride, long long IDist, const long long *OutEmbed,
                     long long OStride, long long ODist, cufftType Type, long long Batch,
                     size_t *WorkSize) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (P->Made)
    return CUFFT_INVALID_PLAN; // a handle takes one plan (cuFFT: create another)
  if (cufftResult R =
          define(*P, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type, Batch))
    return R;
  if (WorkSize) // FFTW manages its own scratch memory; one size per GPU
    for (size_t G = 0; G < std::max<size_t>(1, P->Gpus.size()); ++G)
      WorkSize[G] = 0;
  return CUFFT_SUCCESS;
}

void widen(int Rank, const int *In, long long *Out) {
  for (int D = 0; D < Rank && D < 3; ++D)
    Out[D] = In[D];
}

cufftResult makePlanInt(cufftHandle Handle, int Rank, const int *N, const int *InEmbed,
                        int IStride, int IDist, const int *OutEmbed, int OStride, int ODist,
                        cufftType Type, int Batch, size_t *WorkSize) {
  if (!N)
    return CUFFT_INVALID_VALUE;
  if (Rank < 1 || Rank > 3)
    return CUFFT_INVALID_SIZE;
  long long N64[3], I64[3], O64[3];
  widen(Rank, N, N64);
  if (InEmbed)
    widen(Rank, InEmbed, I64);
  if (OutEmbed)
    widen(Rank, OutEmbed, O64);
  return makePlan(Handle, Rank, N64, InEmbed ? I64 : nullptr, IStride, IDist,
                  OutEmbed ? O64 : nullptr, OStride, ODist, Type, Batch, WorkSize);
}

/// cufftPlan*: create + make, destroying the handle if the plan is invalid.
cufftResult planInt(cufftHandle *Out, int Rank, const int *N, const int *InEmbed, int IStride,
                    int IDist, const int *OutEmbed, int OStride, int ODist, cufftType Type,
                    int Batch) {
  if (!Out)
    return CUFFT_INVALID_VALUE;
  cufftHandle H;
  if (cufftResult R = cufftCreate(&H))
    return R;
  cufftResult R =
      makePlanInt(H, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type, Batch,
                  nullptr);
  if (R != CUFFT_SUCCESS) {
    cufftDestroy(H);
    return R;
  }
  *Out = H;
  return CUFFT_SUCCESS;
}

/// The work-area queries: sizes validated like a plan, FFTW needs none.
cufftResult estimate(int Rank, const int *N, cufftType Type, int Batch, size_t *WorkSize) {
  if (!WorkSize || !N)
    return CUFFT_INVALID_VALUE;
  if (!validType(Type))
    return CUFFT_INVALID_TYPE;
  if (Rank < 1 || Rank > 3 || Batch < 1)
    return CUFFT_INVALID_SIZE;
  for (int D = 0; D < Rank; ++D)
    if (N[D] < 1)
      return CUFFT_INVALID_SIZE;
  *WorkSize = 0;
  return CUFFT_SUCCESS;
}


// ---- Multiple GPUs (cufftXtSetGPUs and descriptors) ----
//
// A multi-GPU plan's data lives in a cudaLibXtDesc: one buffer per GPU,
// allocated on that device. Its "natural" order is the plan's single-GPU
// in-place layout (real dimensions padded), counted in complex elements of
// the plan's precision, split over the GPUs: batched plans by whole
// batches, a single 1D transform in contiguous pieces, a single 2D or 3D
// transform (X x Y x Z, Z the last) in X slabs, [x][y][z] on each
// (CUFFT_XT_FORMAT_INPLACE). The shuffled order a 2D/3D transform leaves
// (CUFFT_XT_FORMAT_INPLACE_SHUFFLED) is in Y slabs stored [y][x][z], which
// is what cuFFT documents and NVIDIA's simpleCUFFT_2d_MGPU indexes. The
// first GPUs take one more slab when the count does not divide. Execution
// gathers the descriptor into the natural order, runs the single-GPU
// transform in place and scatters the result in the output's order;
// Loom's 1D shuffled order is the natural one (cuFFT's permutation of a
// multi-GPU 1D transform is not reproduced).

struct XtGeometry {
  size_t Unit = 0;            ///< bytes of one complex element
  int Parts = 1;              ///< GPUs
  bool Slabs = false;         ///< a single 2D/3D transform: X or Y slabs
  size_t D0 = 0, D1 = 0, D2 = 1; ///< slab dims: X, Y, the rest (units)
  size_t Chunks = 0, ChunkUnits = 0; ///< otherwise: chunks of units
};

XtGeometry geometry(const Plan &P) {
  XtGeometry G;
  G.Unit = isDouble(P.Type) ? sizeof(cufftDoubleComplex) : sizeof(cufftComplex);
  G.Parts = std::max<int>(1, (int)P.Gpus.size());
  bool Real = P.Type != CUFFT_C2C && P.Type != CUFFT_Z2Z;
  size_t Last = Real ? P.N[P.Rank - 1] / 2 + 1 : P.N[P.Rank - 1];
  size_t PerBatch = Last;
  for (int D = 0; D < P.Rank - 1; ++D)
    PerBatch *= P.N[D];
  if (P.Batch > 1) {
    G.Chunks = P.Batch;
    G.ChunkUnits = PerBatch;
  } else if (P.Rank == 1) {
    G.Chunks = Last;
    G.ChunkUnits = 1;
  } else {
    G.Slabs = true;
    G.D0 = P.N[0];
    G.D1 = P.Rank == 2 ? Last : P.N[1];
    G.D2 = P.Rank == 2 ? 1 : Last;
  }
  return G;
}

/// Part \p I of \p Count things split over \p Parts: first index and count.
void split(size_t Count, int Parts, int I, size_t *First, size_t *N) {
  size_t Base = Count / Parts, Extra = Count % Parts;
  *N = Base + ((size_t)I < Extra ? 1 : 0);
  *First = Base * I + std::min<size_t>(I, Extra);
}

size_t partBytes(const XtGeometry &G, int I, bool Shuffled) {
  size_t F, N;
  if (!G.Slabs) {
    split(G.Chunks, G.Parts, I, &F, &N);
    return N * G.ChunkUnits * G.Unit;
  }
  split(Shuffled ? G.D1 : G.D0, G.Parts, I, &F, &N);
  return N * (Shuffled ? G.D0 : G.D1) * G.D2 * G.Unit;
}

bool shuffled(const cudaLibXtDesc *D) { return D->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED; }

/// Copies between a descriptor (in its order) and a natural-order array:
/// ToNatural gathers, otherwise scatters.
void transfer(const XtGeometry &G, cudaLibXtDesc *D, char *Natural, bool ToNatural) {
  bool Sh = shuffled(D) && G.Slabs;
  for (int I = 0; I < G.Parts; ++I) {
    char *Local = (char *)D->descriptor->data[I];
    size_t F, N;
    if (!Sh) {
      size_t Off = 0;
      for (int J = 0; J < I; ++J)
        Off += partBytes(G, J, false);
      size_t Bytes = partBytes(G, I, false);
      if (ToNatural)
        std::memcpy(Natural + Off, Local, Bytes);
      else
        std::memcpy(Local, Natural + Off, Bytes);
      continue;
    }
    split(G.D1, G.Parts, I, &F, &N);
    size_t Row = G.D2 * G.Unit;
    for (size_t Y = 0; Y < N; ++Y)
      for (size_t X = 0; X < G.D0; ++X) {
        char *L = Local + (Y * G.D0 + X) * Row;
        char *Nat = Natural + (X * G.D1 + F + Y) * Row;
        if (ToNatural)
          std::memcpy(Nat, L, Row);
        else
          std::memcpy(L, Nat, Row);
      }
  }
}

size_t naturalBytes(const XtGeometry &G) {
  size_t B = 0;
  for (int I = 0; I < G.Parts; ++I)
    B += partBytes(G, I, false);
  return B;
}

/// Waits for the work on every GPU of a descriptor (kernels that write it).
cufftResult syncDevices(const cudaLibXtDesc *D) {
  int Cur = 0;
  cudaGetDevice(&Cur);
  cufftResult R = CUFFT_SUCCESS;
  for (int I = 0; I < D->descriptor->nGPUs; ++I)
    if (cudaSetDevice(D->descriptor->GPUs[I]) != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess)
      R = CUFFT_EXEC_FAILED;
  cudaSetDevice(Cur);
  return R;
}

/// A descriptor made for plan \p P: its GPUs, as many buffers as the plan's.
bool fits(const Plan &P, const cudaLibXtDesc *D) {
  if (!D || !D->descriptor || D->library != LIB_FORMAT_CUFFT)
    return false;
  XtGeometry G = geometry(P);
  if (D->descriptor->nGPUs != G.Parts)
    return false;
  for (int I = 0; I < G.Parts; ++I)
    if (!D->descriptor->data[I] ||
        D->descriptor->size[I] < std::max(partBytes(G, I, false), partBytes(G, I, true)))
      return false;
  return true;
}

std::shared_ptr<Plan> xtPlan(cufftHandle H) {
  std::shared_ptr<Plan> P = lookup(H);
  return P && P->Made ? P : nullptr;
}

/// A multi-GPU plan takes the basic layout only.
bool descriptorLayout(const Plan &P) { return !P.InAdvanced && !P.OutAdvanced; }

cufftResult execDescriptor(cufftHandle Handle, cufftType Want, cudaLibXtDesc *In,
                           cudaLibXtDesc *Out, int Sign) {
  std::shared_ptr<Plan> P = xtPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (P->Type != Want || !fits(*P, In) || !fits(*P, Out) || !descriptorLayout(*P))
    return CUFFT_INVALID_VALUE;
  if (P->LoadCb || P->StoreCb)
    return CUFFT_NOT_SUPPORTED; // callbacks on descriptors: not in Loom
  if (Sign != CUFFT_FORWARD && Sign != CUFFT_INVERSE)
    return CUFFT_INVALID_VALUE;
  XtGeometry G = geometry(*P);
  if (cufftResult R = syncDevices(In))
    return R;
  if (Out != In)
    if (cufftResult R = syncDevices(Out))
      return R;
  // Work in the natural order, aligned for FFTW (a local, unshared array).
  std::unique_ptr<void, void (*)(void *)> Buf(fftw_malloc(std::max<size_t>(1, naturalBytes(G))),
                                               fftw_free);
  if (!Buf)
    return CUFFT_ALLOC_FAILED;
  char *Nat = (char *)Buf.get();
  transfer(G, In, Nat, true);
  if (cufftResult R = exec(Handle, Want, Nat, Nat, Sign, /*Sync=*/true))
    return R;
  // A single 2D/3D (and 1D) transform toggles natural and shuffled order;
  // batched transforms stay in the natural order.
  int Format = P->Batch > 1 ? CUFFT_XT_FORMAT_INPLACE
               : shuffled(In) ? CUFFT_XT_FORMAT_INPLACE : CUFFT_XT_FORMAT_INPLACE_SHUFFLED;
  Out->subFormat = Format;
  transfer(G, Out, Nat, false);
  return CUFFT_SUCCESS;
}

} // namespace

extern "C" {

cufftResult cufftXtSetGPUs(cufftHandle Handle, int NGpus, int *Which) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (P->Made)
    return CUFFT_INVALID_PLAN; // before cufftMakePlan*, as cuFFT requires
  if (NGpus < 1 || NGpus > MAX_CUDA_DESCRIPTOR_GPUS || !Which)
    return CUFFT_INVALID_VALUE;
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess)
    return CUFFT_INVALID_DEVICE;
  std::vector<int> Ids(Which, Which + NGpus);
  for (int I = 0; I < NGpus; ++I) {
    if (Ids[I] < 0 || Ids[I] >= Count)
      return CUFFT_INVALID_DEVICE;
    for (int J = 0; J < I; ++J)
      if (Ids[J] == Ids[I])
        return CUFFT_INVALID_DEVICE;
  }
  P->Gpus = std::move(Ids);
  return CUFFT_SUCCESS;
}

cufftResult cufftXtMalloc(cufftHandle Handle, cudaLibXtDesc **Desc, cufftXtSubFormat Format) {
  std::shared_ptr<Plan> P = xtPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (!Desc || (Format != CUFFT_XT_FORMAT_INPUT && Format != CUFFT_XT_FORMAT_OUTPUT &&
                Format != CUFFT_XT_FORMAT_INPLACE && Format != CUFFT_XT_FORMAT_INPLACE_SHUFFLED))
    return CUFFT_INVALID_VALUE;
  if (!descriptorLayout(*P))
    return CUFFT_INVALID_VALUE;
  XtGeometry G = geometry(*P);
  auto *X = new cudaXtDesc();
  X->version = CUDA_XT_DESCRIPTOR_VERSION;
  X->nGPUs = G.Parts;
  int Cur = 0;
  cudaGetDevice(&Cur);
  bool Ok = true;
  for (int I = 0; I < G.Parts; ++I) {
    X->GPUs[I] = P->Gpus.empty() ? Cur : P->Gpus[I];
    // One buffer holds a part in either order.
    X->size[I] = std::max(partBytes(G, I, false), partBytes(G, I, true));
    Ok = Ok && cudaSetDevice(X->GPUs[I]) == cudaSuccess &&
         cudaMalloc(&X->data[I], std::max<size_t>(1, X->size[I])) == cudaSuccess;
  }
  cudaSetDevice(Cur);
  auto *L = new cudaLibXtDesc();
  L->version = CUDA_XT_DESCRIPTOR_VERSION;
  L->descriptor = X;
  L->library = LIB_FORMAT_CUFFT;
  L->subFormat = Format;
  if (!Ok) {
    cufftXtFree(L);
    return CUFFT_ALLOC_FAILED;
  }
  *Desc = L;
  return CUFFT_SUCCESS;
}

cufftResult cufftXtFree(cudaLibXtDesc *Desc) {
  if (!Desc || !Desc->descriptor)
    return CUFFT_INVALID_VALUE;
  int Cur = 0;
  cudaGetDevice(&Cur);
  for (int I = 0; I < Desc->descriptor->nGPUs; ++I)
    if (Desc->descriptor->data[I]) {
      cudaSetDevice(Desc->descriptor->GPUs[I]);
      cudaFree(Desc->descriptor->data[I]);
    }
  cudaSetDevice(Cur);
  delete Desc->descriptor;
  delete Desc;
  return CUFFT_SUCCESS;
}

cufftResult cufftXtMemcpy(cufftHandle Handle, void *Dst, void *Src, cufftXtCopyType Type) {
  std::shared_ptr<Plan> P = xtPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (!Dst || !Src)
    return CUFFT_INVALID_VALUE;
  XtGeometry G = geometry(*P);
  switch (Type) {
  case CUFFT_COPY_HOST_TO_DEVICE: {
    auto *D = (cudaLibXtDesc *)Dst;
    if (!fits(*P, D))
      return CUFFT_INVALID_VALUE;
    if (cufftResult R = syncDevices(D))
      return R;
    transfer(G, D, (char *)Src, false); // into the descriptor's order
    return CUFFT_SUCCESS;
  }
  case CUFFT_COPY_DEVICE_TO_HOST: {
    auto *S = (cudaLibXtDesc *)Src;
    if (!fits(*P, S))
      return CUFFT_INVALID_VALUE;
    if (cufftResult R = syncDevices(S))
      return R;
    transfer(G, S, (char *)Dst, true); // always the natural order
    return CUFFT_SUCCESS;
  }
  case CUFFT_COPY_DEVICE_TO_DEVICE: {
    auto *S = (cudaLibXtDesc *)Src, *D = (cudaLibXtDesc *)Dst;
    if (!fits(*P, S) || !fits(*P, D))
      return CUFFT_INVALID_VALUE;
    if (cufftResult R = syncDevices(S))
      return R;
    if (cufftResult R = syncDevices(D))
      return R;
    // The destination gets the natural order (cuFFT's way to undo the
    // shuffle of a multi-GPU transform).
    std::vector<char> Nat(naturalBytes(G));
    transfer(G, S, Nat.data(), true);
    D->subFormat = CUFFT_XT_FORMAT_INPLACE;
    transfer(G, D, Nat.data(), false);
    return CUFFT_SUCCESS;
  }
  default:
    return CUFFT_INVALID_VALUE;
  }
}

cufftResult cufftXtSetWorkArea(cufftHandle Handle, void **WorkArea) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  P->WorkArea = WorkArea ? WorkArea[0] : nullptr; // accepted, unused (FFTW's scratch)
  return CUFFT_SUCCESS;
}

cufftResult cufftXtExecDescriptorC2C(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out,
                                     int Dir) {
  return execDescriptor(Plan, CUFFT_C2C, In, Out, Dir);
}
cufftResult cufftXtExecDescriptorZ2Z(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out,
                                     int Dir) {
  return execDescriptor(Plan, CUFFT_Z2Z, In, Out, Dir);
}
cufftResult cufftXtExecDescriptorR2C(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out) {
  return execDescriptor(Plan, CUFFT_R2C, In, Out, CUFFT_FORWARD);
}
cufftResult cufftXtExecDescriptorD2Z(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out) {
  return execDescriptor(Plan, CUFFT_D2Z, In, Out, CUFFT_FORWARD);
}
cufftResult cufftXtExecDescriptorC2R(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out) {
  return execDescriptor(Plan, CUFFT_C2R, In, Out, CUFFT_INVERSE);
}
cufftResult cufftXtExecDescriptorZ2D(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out) {
  return execDescriptor(Plan, CUFFT_Z2D, In, Out, CUFFT_INVERSE);
}
cufftResult cufftXtExecDescriptor(cufftHandle Plan, cudaLibXtDesc *In, cudaLibXtDesc *Out,
                                  int Dir) {
  std::shared_ptr<struct Plan> P = xtPlan(Plan);
  if (!P)
    return CUFFT_INVALID_PLAN;
  bool Complex = P->Type == CUFFT_C2C || P->Type == CUFFT_Z2Z;
  return execDescriptor(Plan, P->Type, In, Out,
                        Complex ? Dir : isR2C(P->Type) ? CUFFT_FORWARD : CUFFT_INVERSE);
}

// ---- Callbacks ----

cufftResult cufftXtSetCallback(cufftHandle Handle, void **Routine, cufftXtCallbackType Type,
                               void **Info) {
  std::shared_ptr<Plan> P = xtPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (!Routine || !Routine[0])
    return CUFFT_INVALID_VALUE;
  // The callback's element type must be the plan's input (load) or output
  // (store) type.
  cufftType T = P->Type;
  bool Dbl = isDouble(T);
  bool InComplex = !isR2C(T), OutComplex = !isC2R(T);
  cufftXtCallbackType WantLoad = InComplex ? (Dbl ? CUFFT_CB_LD_COMPLEX_DOUBLE : CUFFT_CB_LD_COMPLEX)
                                           : (Dbl ? CUFFT_CB_LD_REAL_DOUBLE : CUFFT_CB_LD_REAL);
  cufftXtCallbackType WantStore = OutComplex
                                      ? (Dbl ? CUFFT_CB_ST_COMPLEX_DOUBLE : CUFFT_CB_ST_COMPLEX)
                                      : (Dbl ? CUFFT_CB_ST_REAL_DOUBLE : CUFFT_CB_ST_REAL);
  if (Type != WantLoad && Type != WantStore)
    return CUFFT_INVALID_TYPE;
#if !LOOM_CUFFT_CALLBACKS
  return CUFFT_NOT_SUPPORTED; // the device calling convention is known on x86-64 only
#else
  void *I = Info ? Info[0] : nullptr;
  if (Type == WantLoad) {
    P->LoadCb = Routine[0];
    P->LoadInfo = I;
  } else {
    P->StoreCb = Routine[0];
    P->StoreInfo = I;
  }
  return CUFFT_SUCCESS;
#endif
}

cufftResult cufftXtClearCallback(cufftHandle Handle, cufftXtCallbackType Type) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if ((int)Type < CUFFT_CB_LD_COMPLEX || Type >= CUFFT_CB_UNDEFINED)
    return CUFFT_INVALID_TYPE;
  if (Type <= CUFFT_CB_LD_REAL_DOUBLE)
    P->LoadCb = P->LoadInfo = nullptr;
  else
    P->StoreCb = P->StoreInfo = nullptr;
  return CUFFT_SUCCESS;
}

cufftResult cufftXtSetCallbackSharedSize(cufftHandle Handle, cufftXtCallbackType Type,
                                         size_t Size) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if ((int)Type < CUFFT_CB_LD_COMPLEX || Type >= CUFFT_CB_UNDEFINED)
    return CUFFT_INVALID_TYPE;
  if (Size > 48 * 1024) // cuFFT's limit: a block's static shared memory
    return CUFFT_INVALID_VALUE;
  (Type <= CUFFT_CB_LD_REAL_DOUBLE ? P->LoadShared : P->StoreShared) = Size;
  return CUFFT_SUCCESS;
}

cufftResult cufftCreate(cufftHandle *Handle) {
  if (!Handle)
    return CUFFT_INVALID_VALUE;
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0)
    return CUFFT_INVALID_DEVICE;
  std::lock_guard<std::mutex> Lock(RegistryM);
  cufftHandle H = NextHandle++;
  Registry.emplace(H, std::make_shared<Plan>());
  *Handle = H;
  return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle Handle) {
  std::shared_ptr<Plan> P;
  {
    std::lock_guard<std::mutex> Lock(RegistryM);
    auto It = Registry.find(Handle);
    if (It == Registry.end())
      return CUFFT_INVALID_PLAN;
    P = std::move(It->second);
    Registry.erase(It);
  }
  // Pending executions hold their FFTW plans; graph-captured tasks are owned
  // by the plan's keeper: wait for the stream before they go.
  loomlib::drainStream(P->Stream);
  return CUFFT_SUCCESS;
}

cufftResult cufftPlan1d(cufftHandle *Plan, int Nx, cufftType Type, int Batch) {
  return planInt(Plan, 1, &Nx, nullptr, 1, 0, nullptr, 1, 0, Type, Batch);
}

cufftResult cufftPlan2d(cufftHandle *Plan, int Nx, int Ny, cufftType Type) {
  int N[2] = {Nx, Ny};
  return planInt(Plan, 2, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1);
}

cufftResult cufftPlan3d(cufftHandle *Plan, int Nx, int Ny, int Nz, cufftType Type) {
  int N[3] = {Nx, Ny, Nz};
  return planInt(Plan, 3, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1);
}

cufftResult cufftPlanMany(cufftHandle *Plan, int Rank, int *N, int *InEmbed, int IStride,
                          int IDist, int *OutEmbed, int OStride, int ODist, cufftType Type,
                          int Batch) {
  return planInt(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type, Batch);
}

cufftResult cufftMakePlan1d(cufftHandle Plan, int Nx, cufftType Type, int Batch, size_t *Work) {
  return makePlanInt(Plan, 1, &Nx, nullptr, 1, 0, nullptr, 1, 0, Type, Batch, Work);
}

cufftResult cufftMakePlan2d(cufftHandle Plan, int Nx, int Ny, cufftType Type, size_t *Work) {
  int N[2] = {Nx, Ny};
  return makePlanInt(Plan, 2, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1, Work);
}

cufftResult cufftMakePlan3d(cufftHandle Plan, int Nx, int Ny, int Nz, cufftType Type,
                            size_t *Work) {
  int N[3] = {Nx, Ny, Nz};
  return makePlanInt(Plan, 3, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1, Work);
}

cufftResult cufftMakePlanMany(cufftHandle Plan, int Rank, int *N, int *InEmbed, int IStride,
                              int IDist, int *OutEmbed, int OStride, int ODist, cufftType Type,
                              int Batch, size_t *Work) {
  return makePlanInt(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type,
                     Batch, Work);
}

cufftResult cufftMakePlanMany64(cufftHandle Plan, int Rank, long long *N, long long *InEmbed,
                                long long IStride, long long IDist, long long *OutEmbed,
                                long long OStride, long long ODist, cufftType Type,
                                long long Batch, size_t *Work) {
  return makePlan(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type, Batch,
                  Work);
}

cufftResult cufftEstimate1d(int Nx, cufftType Type, int Batch, size_t *Work) {
  return estimate(1, &Nx, Type, Batch, Work);
}
cufftResult cufftEstimate2d(int Nx, int Ny, cufftType Type, size_t *Work) {
  int N[2] = {Nx, Ny};
  return estimate(2, N, Type, 1, Work);
}
cufftResult cufftEstimate3d(int Nx, int Ny, int Nz, cufftType Type, size_t *Work) {
  int N[3] = {Nx, Ny, Nz};
  return estimate(3, N, Type, 1, Work);
}
cufftResult cufftEstimateMany(int Rank, int *N, int *, int, int, int *, int, int, cufftType Type,
                              int Batch, size_t *Work) {
  return estimate(Rank, N, Type, Batch, Work);
}

cufftResult cufftGetSize1d(cufftHandle Plan, int Nx, cufftType Type, int Batch, size_t *Work) {
  if (!lookup(Plan))
    return CUFFT_INVALID_PLAN;
  return cufftEstimate1d(Nx, Type, Batch, Work);
}
cufftResult cufftGetSize2d(cufftHandle Plan, int Nx, int Ny, cufftType Type, size_t *Work) {
  if (!lookup(Plan))
    return CUFFT_INVALID_PLAN;
  return cufftEstimate2d(Nx, Ny, Type, Work);
}
cufftResult cufftGetSize3d(cufftHandle Plan, int Nx, int Ny, int Nz, cufftType Type,
                           size_t *Work) {
  if (!lookup(Plan))
    return CUFFT_INVALID_PLAN;
  return cufftEstimate3d(Nx, Ny, Nz, Type, Work);
}
cufftResult cufftGetSizeMany(cufftHandle Plan, int Rank, int *N, int *InEmbed, int IStride,
                             int IDist, int *OutEmbed, int OStride, int ODist, cufftType Type,
                             int Batch, size_t *Work) {
  if (!lookup(Plan))
    return CUFFT_INVALID_PLAN;
  return cufftEstimateMany(Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type, Batch,
                           Work);
}
cufftResult cufftGetSizeMany64(cufftHandle Plan, int Rank, long long *N, long long *, long long,
                               long long, long long *, long long, long long, cufftType Type,
                               long long Batch, size_t *Work) {
  if (!lookup(Plan))
    return CUFFT_INVALID_PLAN;
  if (!N || !Work)
    return CUFFT_INVALID_VALUE;
  if (!validType(Type))
    return CUFFT_INVALID_TYPE;
  if (Rank < 1 || Rank > 3 || Batch < 1)
    return CUFFT_INVALID_SIZE;
  for (int D = 0; D < Rank; ++D)
    if (N[D] < 1)
      return CUFFT_INVALID_SIZE;
  *Work = 0;
  return CUFFT_SUCCESS;
}
cufftResult cufftGetSize(cufftHandle Plan, size_t *Work) {
  if (!lookup(Plan))
    return CUFFT_INVALID_PLAN;
  if (!Work)
    return CUFFT_INVALID_VALUE;
  *Work = 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftSetWorkArea(cufftHandle Plan, void *WorkArea) {
  std::shared_ptr<struct Plan> P = lookup(Plan);
  if (!P)
    return CUFFT_INVALID_PLAN;
  P->WorkArea = WorkArea; // accepted, unused: FFTW keeps its own scratch
  return CUFFT_SUCCESS;
}

cufftResult cufftSetAutoAllocation(cufftHandle Plan, int Auto) {
  std::shared_ptr<struct Plan> P = lookup(Plan);
  if (!P)
    return CUFFT_INVALID_PLAN;
  P->AutoAllocate = Auto;
  return CUFFT_SUCCESS;
}

cufftResult cufftSetStream(cufftHandle Plan, cudaStream_t Stream) {
  std::shared_ptr<struct Plan> P = lookup(Plan);
  if (!P)
    return CUFFT_INVALID_PLAN;
  P->Stream = Stream;
  return CUFFT_SUCCESS;
}

cufftResult cufftExecC2C(cufftHandle Plan, cufftComplex *In, cufftComplex *Out, int Dir) {
  return exec(Plan, CUFFT_C2C, In, Out, Dir);
}
cufftResult cufftExecR2C(cufftHandle Plan, cufftReal *In, cufftComplex *Out) {
  return exec(Plan, CUFFT_R2C, In, Out, CUFFT_FORWARD);
}
cufftResult cufftExecC2R(cufftHandle Plan, cufftComplex *In, cufftReal *Out) {
  return exec(Plan, CUFFT_C2R, In, Out, CUFFT_INVERSE);
}
cufftResult cufftExecZ2Z(cufftHandle Plan, cufftDoubleComplex *In, cufftDoubleComplex *Out,
                         int Dir) {
  return exec(Plan, CUFFT_Z2Z, In, Out, Dir);
}
cufftResult cufftExecD2Z(cufftHandle Plan, cufftDoubleReal *In, cufftDoubleComplex *Out) {
  return exec(Plan, CUFFT_D2Z, In, Out, CUFFT_FORWARD);
}
cufftResult cufftExecZ2D(cufftHandle Plan, cufftDoubleComplex *In, cufftDoubleReal *Out) {
  return exec(Plan, CUFFT_Z2D, In, Out, CUFFT_INVERSE);
}

/// The cufftType of an Xt plan's data types (0 if none fits).
static cufftType xtType(cudaDataType In, cudaDataType Out, cudaDataType Exec) {
  if (Exec == CUDA_C_32F) {
    if (In == CUDA_C_32F && Out == CUDA_C_32F)
      return CUFFT_C2C;
    if (In == CUDA_R_32F && Out == CUDA_C_32F)
      return CUFFT_R2C;
    if (In == CUDA_C_32F && Out == CUDA_R_32F)
      return CUFFT_C2R;
  } else if (Exec == CUDA_C_64F) {
    if (In == CUDA_C_64F && Out == CUDA_C_64F)
      return CUFFT_Z2Z;
    if (In == CUDA_R_64F && Out == CUDA_C_64F)
      return CUFFT_D2Z;
    if (In == CUDA_C_64F && Out == CUDA_R_64F)
      return CUFFT_Z2D;
  }
  return (cufftType)0;
}

cufftResult cufftXtMakePlanMany(cufftHandle Plan, int Rank, long long *N, long long *InEmbed,
                                long long IStride, long long IDist, cudaDataType InType,
                                long long *OutEmbed, long long OStride, long long ODist,
                                cudaDataType OutType, long long Batch, size_t *Work,
                                cudaDataType ExecType) {
  cufftType Type = xtType(InType, OutType, ExecType);
  if (!Type)
    return CUFFT_NOT_SUPPORTED;
  return makePlan(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type, Batch,
                  Work);
}

cufftResult cufftXtGetSizeMany(cufftHandle Plan, int Rank, long long *N, long long *InEmbed,
                               long long IStride, long long IDist, cudaDataType InType,
                               long long *OutEmbed, long long OStride, long long ODist,
                               cudaDataType OutType, long long Batch, size_t *Work,
                               cudaDataType ExecType) {
  cufftType Type = xtType(InType, OutType, ExecType);
  if (!Type)
    return CUFFT_NOT_SUPPORTED;
  return cufftGetSizeMany64(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride, ODist, Type,
                            Batch, Work);
}

cufftResult cufftXtExec(cufftHandle Plan, void *In, void *Out, int Direction) {
  std::shared_ptr<struct Plan> P = lookup(Plan);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  bool Complex = P->Type == CUFFT_C2C || P->Type == CUFFT_Z2Z;
  return exec(Plan, P->Type, In, Out,
              Complex ? Direction : isR2C(P->Type) ? CUFFT_FORWARD : CUFFT_INVERSE);
}

cufftResult cufftGetVersion(int *Version) {
  if (!Version)
    return CUFFT_INVALID_VALUE;
  *Version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUFFT_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CUFFT_VER_MAJOR;
    return CUFFT_SUCCESS;
  case MINOR_VERSION:
    *Value = CUFFT_VER_MINOR;
    return CUFFT_SUCCESS;
  case PATCH_LEVEL:
    *Value = CUFFT_VER_PATCH;
    return CUFFT_SUCCESS;
  }
  return CUFFT_INVALID_TYPE;
}

} // extern "C"
