// Curand.cpp - cuRAND's host API (curand.h) on the CPU: XORWOW, MRG32k3a,
// MTGP32, Philox4x32-10, MT19937, Sobol32/64 and scrambled Sobol32/64
// generators filling memory in stream order.
// SPDX-License-Identifier: Apache-2.0
//
// The numbers come from curand_kernel.h, the same code kernels use. XORWOW
// and MRG32k3a interleave L lanes (4096 and 81920): the result at offset n
// is number floor(n / L) of subsequence n mod L (the lane's state is
// curand_init(seed, n mod L, ...)). A normal pair,
// a double and a Poisson value are one "slot" of a lane, drawn with the
// device API's function for it. The lane states persist between calls, so a
// sequence of calls continues where the last one stopped; a seed, offset or
// ordering change starts again from the offset. Sobol32: dimension d of the
// quasi point i goes to output[d * (n / dims) + i], in Gray-code order;
// the scrambled ones use Loom's scrambled direction vectors and constants.
// MTGP32 runs 192 block states (parameter sets 0-191, seeded as
// curandMakeMTGP32KernelState seeds them) in rounds of 256 numbers, one per
// thread of a block; the result at offset n is thread n mod 256 of round
// floor(n / 49152) of block floor(n / 256) mod 192, and an offset is refused:
// what an H200 gives (CUDA 13.0), docs/libraries.md. Philox4_32_10 groups
// each lane's numbers by four (one Philox block): output n is element n mod 4
// of block floor(n / 262144) of subsequence floor(n / 4) mod 65536, as on a
// GPU; MRG32k3a interleaves 81920 subsequences, XORWOW 4096.
//
// A generator from curandCreateGenerator runs each call as a host function
// on its stream (cudaLaunchHostFunc): it starts when the stream reaches it,
// after the kernels and copies enqueued before, and the caller does not
// wait. curandCreateGeneratorHost's generators run before returning.
// docs/libraries.md ("cuRAND") says what is verified against a GPU.

#include "curand_kernel.h"
#include "curand_mtgp32_host.h"
#include "curand_mtgp32dc_p_11213.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

namespace {

// Interleaved subsequences, as a GPU's generators lay them out (measured on
// an H200 with CUDA 13.0: the result at offset n of XORWOW is number
// floor(n / 4096) of subsequence n mod 4096; of MRG32k3a number
// floor(n / 81920) of subsequence n mod 81920; Philox groups by four).
constexpr unsigned Lanes = 4096;        // XORWOW
constexpr unsigned MrgLanes = 81920;    // MRG32k3a
constexpr unsigned PhiloxLanes = 65536; // Philox4_32_10, four numbers per lane and block
constexpr unsigned MaxDimensions = 20000; // as cuRAND's Sobol32

enum class Kind { XORWOW, MRG32k3a, Philox, Sobol32, Sobol64, ScrambledSobol32, ScrambledSobol64,
                  MT19937, MTGP32 };

constexpr unsigned MtgpBlocks = 192;  // as a GPU's host generator: parameter sets 0-191
constexpr unsigned MtgpThreads = 256; // in rounds of 256

/// MTGP32's 64 block states, and each block's latest round of outputs.
struct MtgpEngine {
  mtgp32_kernel_params_t Params;
  curandStateMtgp32_t States[MtgpBlocks];
  unsigned Round[MtgpBlocks][MtgpThreads];
  unsigned long long RoundIndex[MtgpBlocks]; // round held in Round[b], +1 (0: none yet)
};

/// MT19937 (Matsumoto and Nishimura, ACM TOMACS 8(1), 1998): one sequential
/// generator, seeded with init_genrand's recurrence; the distributions use
/// curand_kernel.h's conversions through curand() below.
struct Mt19937State {
  unsigned Mt[624];
  unsigned Index;
  int boxmuller_flag, boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};

void mtSeed(Mt19937State &S, unsigned Seed) {
  S.Mt[0] = Seed;
  for (unsigned I = 1; I < 624; ++I)
    S.Mt[I] = 1812433253u * (S.Mt[I - 1] ^ (S.Mt[I - 1] >> 30)) + I;
  S.Index = 624;
  S.boxmuller_flag = S.boxmuller_flag_double = 0;
}

/// MT19937's next output (found by argument-dependent lookup from the
/// distribution templates of curand_kernel.h).
unsigned curand(Mt19937State *S) {
  if (S->Index >= 624) {
    for (unsigned I = 0; I < 624; ++I) {
      unsigned Y = (S->Mt[I] & 0x80000000u) | (S->Mt[(I + 1) % 624] & 0x7fffffffu);
      S->Mt[I] = S->Mt[(I + 397) % 624] ^ (Y >> 1) ^ ((Y & 1u) ? 0x9908b0dfu : 0u);
    }
    S->Index = 0;
  }
  unsigned Y = S->Mt[S->Index++];
  Y ^= Y >> 11;
  Y ^= (Y << 7) & 0x9d2c5680u;
  Y ^= (Y << 15) & 0xefc60000u;
  Y ^= Y >> 18;
  return Y;
}
} // namespace

template <> struct __loom_curand_box_muller_gen<Mt19937State> { static const bool value = true; };

namespace {

/// Lane states and where the last call stopped; shared by the queued calls.
struct Engine {
  std::mutex M;
  Kind K;
  std::vector<curandStateXORWOW> Xorwow;
  std::vector<curandStateMRG32k3a> Mrg;
  std::vector<curandStateSobol32> Sobol; // one per dimension
  std::vector<curandStateSobol64> Sobol64;
  std::vector<curandStateScrambledSobol32> ScrSobol;
  std::vector<curandStateScrambledSobol64> ScrSobol64;
  std::unique_ptr<MtgpEngine> Mtgp;
  std::vector<Mt19937State> Mt; // one: MT19937 is generated in sequence
  unsigned long long Slot = 0;           // next slot (pseudo) or point index (quasi)
};

/// What a call needs from the generator's settings, taken when it is made.
struct Settings {
  unsigned long long Seed = 0;
  unsigned long long Offset = 0;
  unsigned Dimensions = 1;
  bool Restart = true; // seed/offset/ordering changed since the last call
};

} // namespace

struct curandGenerator_st {
  curandRngType_t Type;
  bool Host;
  cudaStream_t Stream = nullptr;
  curandOrdering_t Ordering;
  Settings S;
  std::shared_ptr<Engine> E = std::make_shared<Engine>();
};

namespace {

// ---- Sobol direction numbers ---------------------------------------------
// Dimension 1 is van der Corput's (v_k = 2^(32-k)). Dimension d >= 2 uses
// Joe and Kuo's primitive polynomial and initial numbers m_1..m_s
// (new-joe-kuo-6.21201, as cuRAND's CURAND_DIRECTION_VECTORS_32_JOEKUO6),
// converted at build time from python3-scipy's copy of the table
// (gen_sobol_joe_kuo.py); later m_k follow Bratley and Fox's recurrence,
// to 32 bits and to 64 for Sobol64.

#include "curand_sobol_joe_kuo.inc"
static_assert(LoomSobolJoeKuoDimensions >= MaxDimensions, "Sobol table too short");

std::mutex DirectionMutex;
curandDirectionVectors32_t *DirectionTable; // MaxDimensions rows, filled on demand
curandDirectionVectors64_t *DirectionTable64; // the same numbers m_k, to 64 bits
unsigned DirectionCount;

/// Direction vectors for dimensions [0, Count).
const curandDirectionVectors32_t *directions(unsigned Count) {
  std::lock_guard<std::mutex> Lock(DirectionMutex);
  if (!DirectionTable) {
    DirectionTable = new (std::nothrow) curandDirectionVectors32_t[MaxDimensions];
    DirectionTable64 = new (std::nothrow) curandDirectionVectors64_t[MaxDimensions];
    if (!DirectionTable || !DirectionTable64) {
      delete[] DirectionTable;
      delete[] DirectionTable64;
      DirectionTable = nullptr;
      DirectionTable64 = nullptr;
      return nullptr;
    }
    for (int K = 0; K < 64; ++K) {
      if (K < 32)
        DirectionTable[0][K] = 1u << (31 - K);
      DirectionTable64[0][K] = 1ull << (63 - K);
    }
    DirectionCount = 1;
  }
  static const unsigned *Next = LoomSobolJoeKuo; // dimension DirectionCount + 1's entry
  while (DirectionCount < Count) {
    unsigned P = *Next++;
    int S = 31 - __builtin_clz(P); // degree
    unsigned long long M[65];      // m_k < 2^k
    for (int K = 1; K <= S; ++K)
      M[K] = *Next++;
    for (int K = S + 1; K <= 64; ++K) {
      unsigned long long V = M[K - S] ^ (M[K - S] << S);
      for (int J = 1; J < S; ++J)
        if ((P >> (S - J)) & 1)
          V ^= M[K - J] << J;
      M[K] = V;
    }
    for (int K = 1; K <= 64; ++K) {
      if (K <= 32)
        DirectionTable[DirectionCount][K - 1] = (unsigned)(M[K] << (32 - K));
      DirectionTable64[DirectionCount][K - 1] = M[K] << (64 - K);
    }
    ++DirectionCount;
  }
  return DirectionTable;
}

// ---- Scrambled Sobol ---------------------------------------------------------
// Loom's own scrambling (cuRAND's scrambled tables are its own data): each
// dimension's direction vectors are multiplied by a random lower-triangular
// binary matrix with a unit diagonal (Matousek's linear scrambling: digit j
// of every point gets the XOR of a random subset of its more significant
// digits, which keeps the (t,s)-net structure), and the scramble constant is
// a random digital shift. The random bits come from splitmix64 seeded with
// the dimension, so the tables are the same in every run.

unsigned long long splitmix64(unsigned long long &X) {
  unsigned long long Z = (X += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

/// V scrambled by the lower-triangular matrix whose row j (digit j, counted
/// from the most significant of Bits) is Rows[j].
template <class W> W scrambleVector(W V, const W *Rows, int Bits) {
  W R = V;
  for (int J = 1; J < Bits; ++J)
    if (__builtin_parityll((unsigned long long)(V & Rows[J])))
      R ^= (W)1 << (Bits - 1 - J);
  return R;
}

curandDirectionVectors32_t *ScrambledTable;
curandDirectionVectors64_t *ScrambledTable64;
unsigned *ScrambleConstants32;
unsigned long long *ScrambleConstants64;
unsigned ScrambledCount;

/// Scrambled direction vectors and constants for dimensions [0, Count).
bool scrambledDirections(unsigned Count) {
  if (!directions(Count))
    return false;
  std::lock_guard<std::mutex> Lock(DirectionMutex);
  if (!ScrambledTable) {
    ScrambledTable = new (std::nothrow) curandDirectionVectors32_t[MaxDimensions];
    ScrambledTable64 = new (std::nothrow) curandDirectionVectors64_t[MaxDimensions];
    ScrambleConstants32 = new (std::nothrow) unsigned[MaxDimensions];
    ScrambleConstants64 = new (std::nothrow) unsigned long long[MaxDimensions];
    if (!ScrambledTable || !ScrambledTable64 || !ScrambleConstants32 || !ScrambleConstants64) {
      delete[] ScrambledTable;
      delete[] ScrambledTable64;
      delete[] ScrambleConstants32;
      delete[] ScrambleConstants64;
      ScrambledTable = nullptr;
      ScrambledTable64 = nullptr;
      ScrambleConstants32 = nullptr;
      ScrambleConstants64 = nullptr;
      return false;
    }
  }
  for (; ScrambledCount < Count; ++ScrambledCount) {
    unsigned D = ScrambledCount;
    unsigned long long X = 0x4c6f6f6d536f626full ^ ((unsigned long long)D << 20); // per dimension
    // One 64-digit scrambling; the 32-bit tables are its top halves (the
    // top 32 digits of a lower-triangular product depend only on the top 32
    // digits, and the plain 64-bit vectors' top halves are the 32-bit
    // ones), so scrambled Sobol32 is the top of scrambled Sobol64, as a
    // GPU's tables are.
    unsigned long long Rows64[64];
    for (int J = 0; J < 64; ++J) // digit j may depend on digits 0 .. j-1 (bits above it)
      Rows64[J] = J ? splitmix64(X) & ~((1ull << (64 - J)) - 1ull) : 0ull;
    for (int K = 0; K < 64; ++K)
      ScrambledTable64[D][K] = scrambleVector<unsigned long long>(DirectionTable64[D][K], Rows64, 64);
    for (int K = 0; K < 32; ++K)
      ScrambledTable[D][K] = (unsigned)(ScrambledTable64[D][K] >> 32);
    ScrambleConstants64[D] = splitmix64(X);
    ScrambleConstants32[D] = (unsigned)(ScrambleConstants64[D] >> 32);
  }
  return true;
}

// ---- Filling ---------------------------------------------------------------

template <class State> std::vector<State> &lanes(Engine &E);
template <> std::vector<curandStateXORWOW> &lanes(Engine &E) { return E.Xorwow; }
template <> std::vector<curandStateMRG32k3a> &lanes(Engine &E) { return E.Mrg; }
template <> std::vector<Mt19937State> &lanes(Engine &E) { return E.Mt; }

/// Lane l's states positioned so that slot s = Offset (counted in 32-bit
/// outputs) comes next: lane l has produced ceil((Offset - l) / Lanes).
template <class State> void restart(Engine &E, const Settings &S) {
  std::vector<State> &L = lanes<State>(E);
  L.resize(Lanes);
  curand_init(S.Seed, 0, 0, &L[0]);
  for (unsigned I = 1; I < Lanes; ++I) {
    L[I] = L[I - 1];
    skipahead_sequence(1, &L[I]); // one subsequence further than its neighbour
  }
  for (unsigned I = 0; I < Lanes; ++I) {
    unsigned long long Done = S.Offset > I ? (S.Offset - I + Lanes - 1) / Lanes : 0;
    if (Done)
      skipahead(Done, &L[I]);
  }
  E.Slot = S.Offset;
}
template <> void restart<curandStateMRG32k3a>(Engine &E, const Settings &S) {
  std::vector<curandStateMRG32k3a> &L = E.Mrg;
  L.resize(MrgLanes);
  curand_init(S.Seed, 0, 0, &L[0]);
  for (unsigned I = 1; I < MrgLanes; ++I) {
    L[I] = L[I - 1];
    skipahead_subsequence(1, &L[I]);
  }
  for (unsigned I = 0; I < MrgLanes; ++I) {
    unsigned long long Done = S.Offset > I ? (S.Offset - I + MrgLanes - 1) / MrgLanes : 0;
    if (Done)
      skipahead(Done, &L[I]);
  }
  E.Slot = S.Offset;
}

/// Slots [E.Slot, E.Slot + Count): Draw(state, slot index within the call).
template <class State, class Draw> void fillPseudo(Engine &E, size_t Count, Draw &&D) {
  std::vector<State> &L = lanes<State>(E);
  unsigned N = (unsigned)L.size(); // Lanes, or 1 for MT19937
  unsigned First = (unsigned)(E.Slot % N);
  for (unsigned Lane = 0; Lane < N; ++Lane) {
    size_t I = (Lane + N - First) % N;
    State &St = L[Lane];
    for (; I < Count; I += N)
      D(St, I);
  }
  E.Slot += Count;
}

/// MTGP32's output number N (see the file comment for the layout); calls
/// must ask for increasing N, as rounds are generated forwards.
unsigned mtgpBits(MtgpEngine &M, unsigned long long N) {
  unsigned long long Round = N / (MtgpBlocks * MtgpThreads);
  unsigned B = (unsigned)((N / MtgpThreads) % MtgpBlocks), T = (unsigned)(N % MtgpThreads);
  while (M.RoundIndex[B] < Round + 1) {
    curandStateMtgp32_t &S = M.States[B];
    for (unsigned I = 0; I < MtgpThreads; ++I) // threads of a round are independent
      M.Round[B][I] = __loom_mtgp32_step(&S, I);
    S.offset = (S.offset + (int)MtgpThreads) & MTGP32_STATE_MASK;
    ++M.RoundIndex[B];
  }
  return M.Round[B][T];
}

bool mtgpRestart(Engine &E, const Settings &S) {
  if (!E.Mtgp) {
    E.Mtgp.reset(new (std::nothrow) MtgpEngine);
    if (!E.Mtgp)
      return false;
  }
  MtgpEngine &M = *E.Mtgp;
  __loom_mtgp32_make_constants(mtgp32dc_params_fast_11213, &M.Params);
  for (unsigned B = 0; B < MtgpBlocks; ++B) {
    __loom_mtgp32_make_state(&M.States[B], mtgp32dc_params_fast_11213, &M.Params, (int)B, S.Seed);
    M.RoundIndex[B] = 0;
  }
  E.Slot = 0; // MTGP32 has no offset (curandSetGeneratorOffset refuses one)
  return true;
}

enum class Op { Bits, LongLong, Uniform, UniformDouble, Normal, NormalDouble, LogNormal, LogNormalDouble,
                Poisson };

struct Request {
  Op O;
  void *Out;
  size_t N;
  double Mean, Stddev; // Normal/LogNormal; Mean is lambda for Poisson
};

/// Writes a pair of standard normals as two values of N(Mean, Sd), or of
/// the log-normal distribution with those parameters.
template <class T, class Pair> void putNormalPair(T *Out, Pair V, T Mean, T Sd, bool Log) {
  T A = Mean + Sd * V.x, B = Mean + Sd * V.y;
  Out[0] = Log ? std::exp(A) : A;
  Out[1] = Log ? std::exp(B) : B;
}

template <class State> void runPseudo(Engine &E, const Request &R) {
  switch (R.O) {
  case Op::Bits: {
    unsigned *Out = static_cast<unsigned *>(R.Out);
    fillPseudo<State>(E, R.N, [&](State &S, size_t I) { Out[I] = curand(&S); });
    break;
  }
  case Op::LongLong: break; // refused when the call is made
  case Op::Uniform: {
    float *Out = static_cast<float *>(R.Out);
    fillPseudo<State>(E, R.N, [&](State &S, size_t I) { Out[I] = curand_uniform(&S); });
    break;
  }
  case Op::UniformDouble: {
    double *Out = static_cast<double *>(R.Out);
    fillPseudo<State>(E, R.N, [&](State &S, size_t I) { Out[I] = curand_uniform_double(&S); });
    break;
  }
  case Op::Normal:
  case Op::LogNormal: {
    float *Out = static_cast<float *>(R.Out);
    float Mean = (float)R.Mean, Sd = (float)R.Stddev;
    bool Log = R.O == Op::LogNormal;
    fillPseudo<State>(E, R.N / 2, [&](State &S, size_t I) {
      putNormalPair(Out + 2 * I, curand_normal2(&S), Mean, Sd, Log);
    });
    break;
  }
  case Op::NormalDouble:
  case Op::LogNormalDouble: {
    double *Out = static_cast<double *>(R.Out);
    bool Log = R.O == Op::LogNormalDouble;
    fillPseudo<State>(E, R.N / 2, [&](State &S, size_t I) {
      putNormalPair(Out + 2 * I, curand_normal2_double(&S), R.Mean, R.Stddev, Log);
    });
    break;
  }
  case Op::Poisson: {
    unsigned *Out = static_cast<unsigned *>(R.Out);
    fillPseudo<State>(E, R.N, [&](State &S, size_t I) { Out[I] = curand_poisson(&S, R.Mean); });
    break;
  }
  }
}

/// Poisson by inversion of its CDF at a quasi-random uniform.
unsigned poissonInverse(double U, double Lambda) { return __loom_curand_poisson_inverse(U, Lambda); }

/// MTGP32: one output per value, as a GPU's generator: floats
/// x 2^-32 + 2^-33, doubles x 2^-32 + 2^-32, normals the inverse normal CDF
/// at x 2^-32 + 2^-33 in double (checked against an H200), Poisson by
/// inversion at the double (Loom's; a GPU's differs).
void runMtgp(Engine &E, const Request &R) {
  MtgpEngine &M = *E.Mtgp;
  unsigned long long N0 = E.Slot;
  auto Bits = [&](unsigned long long I) { return mtgpBits(M, N0 + I); };
  size_t N = R.N;
  for (size_t I = 0; I < N; ++I) {
    unsigned X = Bits(I);
    double U33 = X * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE / 2.0; // normals' uniform
    switch (R.O) {
    case Op::Bits: static_cast<unsigned *>(R.Out)[I] = X; break;
    case Op::LongLong: break; // refused when the call is made
    case Op::Uniform: static_cast<float *>(R.Out)[I] = _curand_uniform(X); break;
    case Op::UniformDouble: static_cast<double *>(R.Out)[I] = _curand_uniform_double(X); break;
    case Op::Normal:
    case Op::LogNormal: {
      float V = (float)R.Mean + (float)R.Stddev * (float)__loom_curand_normcdfinv(U33);
      static_cast<float *>(R.Out)[I] = R.O == Op::LogNormal ? expf(V) : V;
      break;
    }
    case Op::NormalDouble:
    case Op::LogNormalDouble: {
      double V = R.Mean + R.Stddev * __loom_curand_normcdfinv(U33);
      static_cast<double *>(R.Out)[I] = R.O == Op::LogNormalDouble ? exp(V) : V;
      break;
    }
    case Op::Poisson:
      static_cast<unsigned *>(R.Out)[I] =
          __loom_curand_poisson_inverse(_curand_uniform_double(X), R.Mean);
      break;
    }
  }
  E.Slot += N;
}

/// Philox4_32_10's output n (counting 32-bit numbers from the generator's
/// start) in groups of W = 4 (32-bit values: element n mod 4 of block
/// floor(n / 262144) of subsequence floor(n / 4) mod 65536) or W = 8
/// (doubles: each lane gives four from two consecutive blocks), as a GPU's
/// generator; a block is curand_init(seed, subsequence, 4 * block)'s.
struct PhiloxHost {
  unsigned long long Seed;
  unsigned W;
  unsigned long long Block = ~0ull, Lane = ~0ull;
  uint4 Out = {0, 0, 0, 0};
  unsigned operator()(unsigned long long N) {
    unsigned long long L = (N / W) % PhiloxLanes;
    unsigned long long B = N / ((unsigned long long)W * PhiloxLanes) * (W / 4) + (N % W) / 4;
    if (B != Block || L != Lane) {
      uint4 Ctr;
      Ctr.x = (unsigned)B;
      Ctr.y = (unsigned)(B >> 32);
      Ctr.z = (unsigned)L;
      Ctr.w = 0;
      uint2 Key;
      Key.x = (unsigned)Seed;
      Key.y = (unsigned)(Seed >> 32);
      Out = curand_Philox4x32_10(Ctr, Key);
      Block = B;
      Lane = L;
    }
    switch (N % 4) {
    case 0: return Out.x;
    case 1: return Out.y;
    case 2: return Out.z;
    default: return Out.w;
    }
  }
};

/// Philox's values: floats and Bits one output each, doubles two (53
/// bits), float normals Box-Muller on two, double normals on four, Poisson
/// PTRS/Knuth on the lane's own state is replaced by inversion at a 53-bit
/// uniform (Loom's; a GPU's Poisson values differ).
void runPhilox(Engine &E, const Settings &S, const Request &R) {
  bool Doubles = R.O == Op::UniformDouble || R.O == Op::NormalDouble ||
                 R.O == Op::LogNormalDouble || R.O == Op::Poisson;
  PhiloxHost P{S.Seed, Doubles ? 8u : 4u};
  unsigned long long N0 = E.Slot;
  size_t N = R.N, Used = N;
  switch (R.O) {
  case Op::Bits:
    for (size_t I = 0; I < N; ++I)
      static_cast<unsigned *>(R.Out)[I] = P(N0 + I);
    break;
  case Op::LongLong: break; // refused when the call is made
  case Op::Uniform:
    for (size_t I = 0; I < N; ++I)
      static_cast<float *>(R.Out)[I] = _curand_uniform(P(N0 + I));
    break;
  case Op::UniformDouble:
  case Op::Poisson:
    for (size_t I = 0; I < N; ++I) {
      unsigned X = P(N0 + 2 * I), Y = P(N0 + 2 * I + 1);
      double U = _curand_uniform_double_hq(X, Y);
      if (R.O == Op::Poisson)
        static_cast<unsigned *>(R.Out)[I] = __loom_curand_poisson_inverse(U, R.Mean);
      else
        static_cast<double *>(R.Out)[I] = U;
    }
    Used = 2 * N;
    break;
  case Op::Normal:
  case Op::LogNormal: {
    float *Out = static_cast<float *>(R.Out);
    float Mean = (float)R.Mean, Sd = (float)R.Stddev;
    bool Log = R.O == Op::LogNormal;
    for (size_t I = 0; I + 1 < N; I += 2)
      putNormalPair(Out + I, _curand_box_muller(P(N0 + I), P(N0 + I + 1)), Mean, Sd, Log);
    break;
  }
  case Op::NormalDouble:
  case Op::LogNormalDouble: {
    double *Out = static_cast<double *>(R.Out);
    bool Log = R.O == Op::LogNormalDouble;
    for (size_t I = 0; I + 1 < N; I += 2) {
      unsigned long long Q = N0 + 2 * I;
      putNormalPair(Out + I, _curand_box_muller_double(P(Q), P(Q + 1), P(Q + 2), P(Q + 3)),
                    R.Mean, R.Stddev, Log);
    }
    Used = 2 * N;
    break;
  }
  }
  E.Slot += Used;
}

/// A quasi point's coordinate from 32 bits, or 64 (Sobol64): the
/// conversions of curand_kernel.h, which match a GPU's generators.
double sobolUniform(unsigned X) { return __loom_sobol_double(X); }
double sobolUniform(unsigned long long X) { return __loom_sobol_double(X); }
float sobolUniformF(unsigned X) { return __loom_sobol_float(X); }
float sobolUniformF(unsigned long long X) { return __loom_sobol_float(X); }

template <class State>
void runSobol(std::vector<State> &States, Engine &E, const Settings &S, const Request &R) {
  unsigned D = S.Dimensions;
  size_t PerDim = R.N / D;
  for (unsigned Dim = 0; Dim < D; ++Dim) {
    State &St = States[Dim];
    size_t Base = (size_t)Dim * PerDim;
    for (size_t I = 0; I < PerDim; ++I) {
      auto X = curand(&St);
      size_t J = Base + I;
      float Uf = sobolUniformF(X);
      double Ud = sobolUniform(X);
      switch (R.O) {
      case Op::Bits: static_cast<unsigned *>(R.Out)[J] = (unsigned)X; break;
      case Op::LongLong: static_cast<unsigned long long *>(R.Out)[J] = X; break;
      case Op::Uniform: static_cast<float *>(R.Out)[J] = Uf; break;
      case Op::UniformDouble: static_cast<double *>(R.Out)[J] = Ud; break;
      case Op::Normal:
        static_cast<float *>(R.Out)[J] =
            (float)(R.Mean + R.Stddev * __loom_curand_normcdfinv(Uf));
        break;
      case Op::LogNormal:
        static_cast<float *>(R.Out)[J] =
            (float)std::exp(R.Mean + R.Stddev * __loom_curand_normcdfinv(Uf));
        break;
      case Op::NormalDouble:
        static_cast<double *>(R.Out)[J] = R.Mean + R.Stddev * __loom_sobol_normal_double(X);
        break;
      case Op::LogNormalDouble:
        static_cast<double *>(R.Out)[J] = std::exp(R.Mean + R.Stddev * __loom_sobol_normal_double(X));
        break;
      case Op::Poisson: static_cast<unsigned *>(R.Out)[J] = poissonInverse(Ud, R.Mean); break;
      }
    }
  }
  E.Slot += PerDim;
}

/// The four Sobol generators: on a restart, once \p Ready says their
/// tables exist (checked when the call was made), one state per dimension
/// set up by \p Init at the generator's offset; then the generation.
template <class State, class ReadyFn, class InitFn>
void runSobolKind(std::vector<State> &States, Engine &E, const Settings &S, const Request &R,
                  ReadyFn Ready, InitFn Init) {
  if (S.Restart) {
    if (!Ready())
      return;
    States.resize(S.Dimensions);
    for (unsigned D = 0; D < S.Dimensions; ++D)
      Init(D, &States[D]);
    E.Slot = S.Offset;
  }
  runSobol(States, E, S, R);
}

void run(Engine &E, const Settings &S, const Request &R) {
  std::lock_guard<std::mutex> Lock(E.M);
  switch (E.K) {
  case Kind::XORWOW:
    if (S.Restart)
      restart<curandStateXORWOW>(E, S);
    runPseudo<curandStateXORWOW>(E, R);
    break;
  case Kind::MRG32k3a:
    if (S.Restart)
      restart<curandStateMRG32k3a>(E, S);
    runPseudo<curandStateMRG32k3a>(E, R);
    break;
  case Kind::Philox:
    if (S.Restart)
      E.Slot = S.Offset; // counter-based: nothing else to set up
    runPhilox(E, S, R);
    break;
  case Kind::MT19937:
    if (S.Restart) {
      E.Mt.resize(1);
      mtSeed(E.Mt[0], (unsigned)S.Seed);
      for (unsigned long long I = 0; I < S.Offset; ++I) // no jump-ahead: step
        curand(&E.Mt[0]);
      E.Slot = S.Offset;
    }
    runPseudo<Mt19937State>(E, R);
    break;
  case Kind::Sobol32:
    runSobolKind(E.Sobol, E, S, R, [&] { return directions(S.Dimensions) != nullptr; },
                 [&](unsigned D, curandStateSobol32 *St) {
                   curand_init(DirectionTable[D], (unsigned)S.Offset, St);
                 });
    break;
  case Kind::Sobol64:
    runSobolKind(E.Sobol64, E, S, R, [&] { return directions(S.Dimensions) != nullptr; },
                 [&](unsigned D, curandStateSobol64 *St) {
                   curand_init(DirectionTable64[D], S.Offset, St);
                 });
    break;
  case Kind::ScrambledSobol32:
    runSobolKind(E.ScrSobol, E, S, R, [&] { return scrambledDirections(S.Dimensions); },
                 [&](unsigned D, curandStateScrambledSobol32 *St) {
                   curand_init(ScrambledTable[D], ScrambleConstants32[D], (unsigned)S.Offset, St);
                 });
    break;
  case Kind::ScrambledSobol64:
    runSobolKind(E.ScrSobol64, E, S, R, [&] { return scrambledDirections(S.Dimensions); },
                 [&](unsigned D, curandStateScrambledSobol64 *St) {
                   curand_init(ScrambledTable64[D], ScrambleConstants64[D], S.Offset, St);
                 });
    break;
  case Kind::MTGP32:
    if (S.Restart && !mtgpRestart(E, S))
      return; // out of memory: checked when the call was made
    runMtgp(E, R);
    break;
  }
}

struct Job {
  std::shared_ptr<Engine> E;
  Settings S;
  Request R;
};

void runJob(void *P) {
  std::unique_ptr<Job> J(static_cast<Job *>(P));
  run(*J->E, J->S, J->R);
}

bool isQuasi(curandRngType_t T) { return T >= CURAND_RNG_QUASI_DEFAULT; }

curandStatus_t generate(curandGenerator_t G, Op O, void *Out, size_t N, double Mean = 0,
                        double Stddev = 1) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (N == 0)
    return CURAND_STATUS_SUCCESS;
  bool Quasi = isQuasi(G->Type);
  bool Wide = G->E->K == Kind::Sobol64 || G->E->K == Kind::ScrambledSobol64;
  if ((O == Op::LongLong) != Wide && (O == Op::LongLong || O == Op::Bits))
    return CURAND_STATUS_TYPE_ERROR; // 64-bit results only from a 64-bit generator, and only them
  if (!Out)
    return CURAND_STATUS_LAUNCH_FAILURE; // cuRAND's kernel would fault on it
  if (Quasi && N % G->S.Dimensions)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  bool Pairs = O == Op::Normal || O == Op::NormalDouble || O == Op::LogNormal ||
               O == Op::LogNormalDouble;
  if (!Quasi && Pairs && N % 2 && G->E->K != Kind::MTGP32) // MTGP32's normals are one per output
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  if (O == Op::Poisson && !(Mean > 0.0))
    return CURAND_STATUS_OUT_OF_RANGE;
  if (O == Op::Poisson && Quasi && Mean > 700.0)
    return CURAND_STATUS_OUT_OF_RANGE; // Loom's inversion: exp(-lambda) must not underflow
  bool Scrambled = G->E->K == Kind::ScrambledSobol32 || G->E->K == Kind::ScrambledSobol64;
  if (Quasi && !(Scrambled ? scrambledDirections(G->S.Dimensions) : directions(G->S.Dimensions) != nullptr))
    return CURAND_STATUS_ALLOCATION_FAILED;
  if (G->E->K == Kind::MTGP32 && !G->E->Mtgp) {
    // Allocated here, where a failure can be reported (the engine is the
    // caller's until a queued call runs; none has run before this one).
    std::lock_guard<std::mutex> Lock(G->E->M);
    if (!G->E->Mtgp) {
      G->E->Mtgp.reset(new (std::nothrow) MtgpEngine);
      if (!G->E->Mtgp)
        return CURAND_STATUS_ALLOCATION_FAILED;
      G->S.Restart = true;
    }
  }
  Settings S = G->S;
  G->S.Restart = false;
  Request R{O, Out, N, Mean, Stddev};
  if (G->Host) {
    run(*G->E, S, R);
    return CURAND_STATUS_SUCCESS;
  }
  Job *J = new (std::nothrow) Job{G->E, S, R};
  if (!J)
    return CURAND_STATUS_ALLOCATION_FAILED;
  if (cudaLaunchHostFunc(G->Stream, runJob, J) != cudaSuccess) {
    delete J;
    G->S.Restart = S.Restart;
    return CURAND_STATUS_LAUNCH_FAILURE;
  }
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t create(curandGenerator_t *Out, curandRngType_t Type, bool Host) {
  if (!Out)
    return CURAND_STATUS_NOT_INITIALIZED;
  Kind K;
  switch (Type) {
  case CURAND_RNG_PSEUDO_DEFAULT:
  case CURAND_RNG_PSEUDO_XORWOW: K = Kind::XORWOW; break;
  case CURAND_RNG_PSEUDO_MRG32K3A: K = Kind::MRG32k3a; break;
  case CURAND_RNG_PSEUDO_PHILOX4_32_10: K = Kind::Philox; break;
  case CURAND_RNG_PSEUDO_MT19937: K = Kind::MT19937; break;
  case CURAND_RNG_QUASI_DEFAULT:
  case CURAND_RNG_QUASI_SOBOL32: K = Kind::Sobol32; break;
  case CURAND_RNG_QUASI_SOBOL64: K = Kind::Sobol64; break;
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL32: K = Kind::ScrambledSobol32; break;
  case CURAND_RNG_QUASI_SCRAMBLED_SOBOL64: K = Kind::ScrambledSobol64; break;
  case CURAND_RNG_PSEUDO_MTGP32: K = Kind::MTGP32; break;
  default: return CURAND_STATUS_TYPE_ERROR;
  }
  auto *G = new (std::nothrow) curandGenerator_st();
  if (!G)
    return CURAND_STATUS_ALLOCATION_FAILED;
  G->Type = Type;
  G->Host = Host;
  G->E->K = K;
  G->Ordering = isQuasi(Type) ? CURAND_ORDERING_QUASI_DEFAULT : CURAND_ORDERING_PSEUDO_DEFAULT;
  *Out = G;
  return CURAND_STATUS_SUCCESS;
}

/// curandGetDirectionVectors32/64: the scrambled table (made on first
/// use) or the plain one \p Plain returns (null if it could not be made).
template <class T, class F>
curandStatus_t directionVectors(T *Vectors[], curandDirectionVectorSet_t Set,
                                curandDirectionVectorSet_t PlainSet,
                                curandDirectionVectorSet_t ScrambledSet, T **Scrambled, F Plain) {
  if (!Vectors)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (Set == ScrambledSet) {
    if (!scrambledDirections(MaxDimensions))
      return CURAND_STATUS_ALLOCATION_FAILED;
    *Vectors = *Scrambled;
    return CURAND_STATUS_SUCCESS;
  }
  if (Set != PlainSet)
    return CURAND_STATUS_OUT_OF_RANGE;
  T *V = Plain();
  if (!V)
    return CURAND_STATUS_ALLOCATION_FAILED;
  *Vectors = V;
  return CURAND_STATUS_SUCCESS;
}

/// curandGetScrambleConstants32/64.
template <class T> curandStatus_t scrambleConstants(T **Out, T **Table) {
  if (!Out)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (!scrambledDirections(MaxDimensions))
    return CURAND_STATUS_ALLOCATION_FAILED;
  *Out = *Table;
  return CURAND_STATUS_SUCCESS;
}

} // namespace

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type) {
  return create(generator, rng_type, false);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type) {
  return create(generator, rng_type, true);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t generator) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  delete generator; // queued calls keep the engine alive
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *version) {
  if (!version)
    return CURAND_STATUS_OUT_OF_RANGE;
  *version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  generator->Stream = stream;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator,
                                                  unsigned long long seed) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (isQuasi(generator->Type))
    return CURAND_STATUS_TYPE_ERROR;
  generator->S.Seed = seed;
  generator->S.Restart = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if ((generator->E->K == Kind::Sobol32 || generator->E->K == Kind::ScrambledSobol32) &&
      offset > 0xffffffffull)
    return CURAND_STATUS_OUT_OF_RANGE; // 32-bit point index
  if (generator->E->K == Kind::MTGP32)
    return CURAND_STATUS_TYPE_ERROR; // MTGP32 has no offset: a GPU's generator says so (measured)
  generator->S.Offset = offset;
  generator->S.Restart = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (isQuasi(generator->Type)) {
    if (order != CURAND_ORDERING_QUASI_DEFAULT)
      return CURAND_STATUS_OUT_OF_RANGE;
  } else {
    // BEST, DEFAULT, LEGACY and DYNAMIC all give the legacy interleaving;
    // SEEDED (one differently seeded state per lane) is not implemented.
    if (order != CURAND_ORDERING_PSEUDO_BEST && order != CURAND_ORDERING_PSEUDO_DEFAULT &&
        order != CURAND_ORDERING_PSEUDO_LEGACY && order != CURAND_ORDERING_PSEUDO_DYNAMIC)
      return CURAND_STATUS_OUT_OF_RANGE;
  }
  generator->Ordering = order;
  generator->S.Restart = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator,
                                                       unsigned int num_dimensions) {
  if (!generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!isQuasi(generator->Type))
    return CURAND_STATUS_TYPE_ERROR;
  if (num_dimensions < 1 || num_dimensions > MaxDimensions)
    return CURAND_STATUS_OUT_OF_RANGE;
  generator->S.Dimensions = num_dimensions;
  generator->S.Restart = true;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num) {
  return generate(generator, Op::Bits, outputPtr, num);
}

curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr,
                                      size_t num) {
  return generate(generator, Op::LongLong, outputPtr, num);
}

curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num) {
  return generate(generator, Op::Uniform, outputPtr, num);
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr,
                                           size_t num) {
  return generate(generator, Op::UniformDouble, outputPtr, num);
}

curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                    float mean, float stddev) {
  return generate(generator, Op::Normal, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n,
                                          double mean, double stddev) {
  return generate(generator, Op::NormalDouble, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n,
                                       float mean, float stddev) {
  return generate(generator, Op::LogNormal, outputPtr, n, mean, stddev);
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr,
                                             size_t n, double mean, double stddev) {
  return generate(generator, Op::LogNormalDouble, outputPtr, n, mean, stddev);
}

curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr,
                                     size_t n, double lambda) {
  return generate(generator, Op::Poisson, outputPtr, n, lambda);
}

curandStatus_t curandGenerateSeeds(curandGenerator_t generator) {
  // Lane states are set up lazily, by the first generation after a change.
  return generator ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}

curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[],
                                           curandDirectionVectorSet_t set) {
  return directionVectors(vectors, set, CURAND_DIRECTION_VECTORS_32_JOEKUO6,
                          CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6, &ScrambledTable, [] {
                            return const_cast<curandDirectionVectors32_t *>(
                                directions(MaxDimensions));
                          });
}

curandStatus_t curandCreatePoissonDistribution(double lambda,
                                               curandDiscreteDistribution_t *discrete_distribution) {
  if (!discrete_distribution)
    return CURAND_STATUS_OUT_OF_RANGE;
  if (!(lambda > 0.0) || !(lambda < 4.0e9))
    return CURAND_STATUS_OUT_OF_RANGE;
  // The probabilities from the mode outwards, in log space, until they are
  // below 2^-64 of the mode's (far beyond what a double uniform resolves).
  double Mode = std::floor(lambda);
  auto LogP = [&](double K) { return K * std::log(lambda) - lambda - std::lgamma(K + 1.0); };
  double LogMode = LogP(Mode), Cut = LogMode - 64 * std::log(2.0);
  double Lo = Mode, Hi = Mode;
  while (Lo > 0 && LogP(Lo - 1) > Cut)
    Lo -= 1;
  while (LogP(Hi + 1) > Cut)
    Hi += 1;
  size_t Length = (size_t)(Hi - Lo) + 1;
  auto *D = new (std::nothrow) curandDiscreteDistribution_st();
  double *Cdf = new (std::nothrow) double[Length];
  if (!D || !Cdf) {
    delete D;
    delete[] Cdf;
    return CURAND_STATUS_ALLOCATION_FAILED;
  }
  double Sum = 0;
  for (size_t I = 0; I < Length; ++I) {
    Sum += std::exp(LogP(Lo + I) - LogMode);
    Cdf[I] = Sum;
  }
  for (size_t I = 0; I < Length; ++I)
    Cdf[I] /= Sum;
  Cdf[Length - 1] = 1.0;
  D->shift = (unsigned)Lo;
  D->length = (unsigned)Length;
  D->mean = lambda;
  D->cdf = Cdf;
  *discrete_distribution = D;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t discrete_distribution) {
  if (!discrete_distribution)
    return CURAND_STATUS_OUT_OF_RANGE;
  delete[] discrete_distribution->cdf;
  delete discrete_distribution;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[],
                                           curandDirectionVectorSet_t set) {
  return directionVectors(vectors, set, CURAND_DIRECTION_VECTORS_64_JOEKUO6,
                          CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6, &ScrambledTable64, [] {
                            return directions(MaxDimensions) ? DirectionTable64 : nullptr;
                          });
}

curandStatus_t curandGetScrambleConstants32(unsigned int **constants) {
  return scrambleConstants(constants, &ScrambleConstants32);
}

curandStatus_t curandGetScrambleConstants64(unsigned long long **constants) {
  return scrambleConstants(constants, &ScrambleConstants64);
}

} // extern "C"
