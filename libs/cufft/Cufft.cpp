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
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

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

  std::mutex CacheM;
  std::map<std::tuple<int, bool, int, int>, std::shared_ptr<FftwPlan>> Cache;
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
std::shared_ptr<FftwPlan> makeFftw(const Plan &P, int Sign, void *InArr, void *OutArr) {
  bool InPlace = InArr == OutArr;
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
    size_t InSpan = InPlace ? std::max(InBytes, OutBytes) : InBytes;
    Scratch = fftw_malloc(InSpan + (InPlace ? 0 : OutBytes) + 192);
    if (!Scratch)
      return nullptr;
    char *Base = static_cast<char *>(Scratch);
    PlanIn = Base + InOff;
    PlanOut = InPlace ? PlanIn : Base + ((InOff + InSpan + 63) / 64) * 64 + 64 + OutOff;
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

cufftResult exec(cufftHandle Handle, cufftType Want, void *In, void *Out, int Sign) {
  std::shared_ptr<Plan> P = lookup(Handle);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  if (P->Type != Want)
    return CUFFT_INVALID_VALUE;
  if (!In || !Out)
    return CUFFT_INVALID_VALUE;
  if (Sign != CUFFT_FORWARD && Sign != CUFFT_INVERSE)
    return CUFFT_INVALID_VALUE;
  // FFTW's new-array execute needs arrays aligned as the planned ones
  // (fftw_alignment_of) and the same in-place-ness: that is the cache key.
  bool InPlace = In == Out;
  auto Key = std::make_tuple(Sign, InPlace, fftw_alignment_of((double *)In),
                             fftw_alignment_of((double *)Out));
  std::shared_ptr<FftwPlan> F;
  {
    std::lock_guard<std::mutex> Lock(P->CacheM);
    auto It = P->Cache.find(Key);
    if (It != P->Cache.end())
      F = It->second;
  }
  if (!F) {
    F = makeFftw(*P, Sign, In, Out);
    if (!F)
      return CUFFT_EXEC_FAILED;
    std::lock_guard<std::mutex> Lock(P->CacheM);
    P->Cache.emplace(Key, F); // a racing thread's equal plan may win: fine
  }
  cufftType Type = P->Type;
  // The task holds the FFTW plan: a cufftDestroy before it runs is safe.
  auto Run = [F, Type, In, Out] {
    switch (Type) {
    case CUFFT_C2C:
      fftwf_execute_dft(F->F, (fftwf_complex *)In, (fftwf_complex *)Out);
      break;
    case CUFFT_R2C:
      fftwf_execute_dft_r2c(F->F, (float *)In, (fftwf_complex *)Out);
      break;
    case CUFFT_C2R:
      fftwf_execute_dft_c2r(F->F, (fftwf_complex *)In, (float *)Out);
      break;
    case CUFFT_Z2Z:
      fftw_execute_dft(F->D, (fftw_complex *)In, (fftw_complex *)Out);
      break;
    case CUFFT_D2Z:
      fftw_execute_dft_r2c(F->D, (double *)In, (fftw_complex *)Out);
      break;
    case CUFFT_Z2D:
      fftw_execute_dft_c2r(F->D, (fftw_complex *)In, (double *)Out);
      break;
    }
  };
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
  if (WorkSize)
    *WorkSize = 0; // FFTW manages its own scratch memory
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

} // namespace

extern "C" {

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
