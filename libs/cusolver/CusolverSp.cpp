// CusolverSp.cpp - cuSOLVER's high-level sparse API (cusolverSp.h): the
// handle, the linear solvers (csrlsvlu, csrlsvqr, csrlsvchol, csrlsqvqr) for
// S/D/C/Z, and the reorderings and permutations (csrissym, csrsymrcm,
// csrsymamd, csrsymmdq, csrmetisnd, csrzfd, csrperm).
// SPDX-License-Identifier: Apache-2.0
//
// Matrices are CSR with a legacy cuSPARSE descriptor (type GENERAL, index
// base 0 or 1). The factorizations are SuiteSparse's: CHOLMOD (Cholesky,
// simplicial LL^H), UMFPACK (LU, partial pivoting) and SPQR (Householder
// QR), all in double precision (single-precision data is widened and the
// result rounded back). The fill-reducing orderings are AMD (symamd and
// symmdq), METIS_NodeND (metisnd) and a reverse Cuthill-McKee written here
// (symrcm: George-Liu pseudo-peripheral start, neighbours by increasing
// degree). reorder = 1, 2, 3 apply symrcm, symamd, metisnd of A + A^T as a
// symmetric permutation before factoring, as cuSOLVER documents; the
// factorization then keeps that column order, so `singularity` is the first
// pivot step j (0-based, in the factored order) whose U(j,j), R(j,j) or
// L(j,j) has magnitude <= tol (Cholesky: also a pivot that is not
// positive), or -1.
//
// "Host" forms take host memory. The others take device memory, which is
// host memory in Loom; they return singularity to host memory, so they wait
// for the handle's stream first (work enqueued before them is seen) and
// compute at the call instead of in stream order. See docs/libraries.md.
#include "SpContext.h"

#include "cuda_runtime_api.h"

#include <SuiteSparseQR_C.h>
#include <amd.h>
#include <cholmod.h>
#include <metis.h>
#include <umfpack.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>
#include <vector>

namespace {

using cf = std::complex<float>;
using cd = std::complex<double>;

template <class T> struct Real { using type = T; };
template <class R> struct Real<std::complex<R>> { using type = R; };
template <class T> using RealT = typename Real<T>::type;
template <class T> constexpr bool IsComplex = !std::is_same<T, RealT<T>>::value;
/// The type a solver computes in: double or complex<double>.
template <class T> using Wide = std::conditional_t<IsComplex<T>, cd, double>;

inline double conjOf(double V) { return V; }
inline cd conjOf(cd V) { return std::conj(V); }

using loomsp::checkDescr;

/// A pattern in CSR, 0-based: row i holds Col[Ptr[i] .. Ptr[i+1]), which are
/// positions Src[..] of the caller's arrays.
struct Pattern {
  int Rows = 0, Cols = 0;
  std::vector<int> Ptr, Col, Src;
};

/// Reads a CSR pattern (rows start at RowPtr[i], end at RowEnd[i], or at
/// RowPtr[i + 1] when RowEnd is null) and checks it: offsets within
/// [0, nnz] and not decreasing, column indices in range.
bool readPattern(int M, int N, int Nnz, int Base, const int *RowPtr, const int *RowEnd,
                 const int *ColInd, Pattern &P) {
  P.Rows = M;
  P.Cols = N;
  P.Ptr.assign(M + 1, 0);
  for (int I = 0; I < M; ++I) {
    long B = long(RowPtr[I]) - Base, E = long(RowEnd ? RowEnd[I] : RowPtr[I + 1]) - Base;
    if (B < 0 || E < B || E > Nnz)
      return false;
    if (!RowEnd && I == 0 && B != 0)
      return false;
    P.Ptr[I + 1] = P.Ptr[I] + int(E - B);
  }
  if (!RowEnd && long(RowPtr[M]) - Base != Nnz)
    return false;
  P.Col.resize(P.Ptr[M]);
  P.Src.resize(P.Ptr[M]);
  for (int I = 0, K = 0; I < M; ++I) {
    int B = RowPtr[I] - Base, E = (RowEnd ? RowEnd[I] : RowPtr[I + 1]) - Base;
    for (int Q = B; Q < E; ++Q, ++K) {
      int C = ColInd[Q] - Base;
      if (C < 0 || C >= N)
        return false;
      P.Col[K] = C;
      P.Src[K] = Q;
    }
  }
  return true;
}

/// The adjacency of A + A^T without the diagonal (sorted, no duplicates).
void symmetricGraph(const Pattern &A, std::vector<int> &Xadj, std::vector<int> &Adj) {
  int N = A.Rows;
  std::vector<std::vector<int>> Nb(N);
  for (int I = 0; I < N; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K) {
      int J = A.Col[K];
      if (J != I) {
        Nb[I].push_back(J);
        Nb[J].push_back(I);
      }
    }
  Xadj.assign(N + 1, 0);
  Adj.clear();
  for (int I = 0; I < N; ++I) {
    std::sort(Nb[I].begin(), Nb[I].end());
    Nb[I].erase(std::unique(Nb[I].begin(), Nb[I].end()), Nb[I].end());
    Adj.insert(Adj.end(), Nb[I].begin(), Nb[I].end());
    Xadj[I + 1] = int(Adj.size());
  }
}

/// Breadth-first level structure from Root over the unnumbered vertices of
/// its component: returns the vertices by level in Order, the level starts
/// in Levels (Levels.size() - 1 levels).
void levelStructure(int Root, const std::vector<int> &Xadj, const std::vector<int> &Adj,
                    std::vector<int> &Mark, int Stamp, std::vector<int> &Order,
                    std::vector<int> &Levels) {
  Order.clear();
  Levels.clear();
  Order.push_back(Root);
  Mark[Root] = Stamp;
  size_t Begin = 0;
  while (Begin < Order.size()) {
    Levels.push_back(int(Begin));
    size_t End = Order.size();
    for (size_t K = Begin; K < End; ++K)
      for (int Q = Xadj[Order[K]]; Q < Xadj[Order[K] + 1]; ++Q)
        if (Mark[Adj[Q]] != Stamp) {
          Mark[Adj[Q]] = Stamp;
          Order.push_back(Adj[Q]);
        }
    Begin = End;
  }
  Levels.push_back(int(Order.size()));
}

/// Reverse Cuthill-McKee of a symmetric graph: each component from a
/// pseudo-peripheral vertex (George and Liu, ACM TOMS 5(3), 1979: repeat
/// BFS from a vertex of least degree in the last level while the number of
/// levels grows), neighbours numbered by increasing degree; the whole
/// order reversed. P[k] = old index of new vertex k.
std::vector<int> reverseCuthillMcKee(const std::vector<int> &Xadj, const std::vector<int> &Adj) {
  int N = int(Xadj.size()) - 1;
  auto Deg = [&](int V) { return Xadj[V + 1] - Xadj[V]; };
  std::vector<int> P;
  P.reserve(N);
  std::vector<char> Done(N, 0);
  std::vector<int> Mark(N, -1), Order, Levels;
  // Components are started in order of their least-degree vertex.
  std::vector<int> ByDegree(N);
  for (int I = 0; I < N; ++I)
    ByDegree[I] = I;
  std::stable_sort(ByDegree.begin(), ByDegree.end(),
                   [&](int A, int B) { return Deg(A) < Deg(B); });
  int Stamp = 0;
  for (int Start : ByDegree) {
    if (Done[Start])
      continue;
    // Pseudo-peripheral vertex.
    int Root = Start;
    levelStructure(Root, Xadj, Adj, Mark, ++Stamp, Order, Levels);
    for (;;) {
      int Ecc = int(Levels.size()) - 1;
      int Best = -1;
      for (int K = Levels[Ecc - 1]; K < Levels[Ecc]; ++K)
        if (Best < 0 || Deg(Order[K]) < Deg(Best))
          Best = Order[K];
      std::vector<int> O2, L2;
      levelStructure(Best, Xadj, Adj, Mark, ++Stamp, O2, L2);
      if (int(L2.size()) - 1 <= Ecc)
        break;
      Root = Best;
      Order.swap(O2);
      Levels.swap(L2);
    }
    // Cuthill-McKee from Root.
    size_t First = P.size();
    P.push_back(Root);
    Done[Root] = 1;
    std::vector<int> Nb;
    for (size_t K = First; K < P.size(); ++K) {
      int V = P[K];
      Nb.clear();
      for (int Q = Xadj[V]; Q < Xadj[V + 1]; ++Q)
        if (!Done[Adj[Q]]) {
          Done[Adj[Q]] = 1;
          Nb.push_back(Adj[Q]);
        }
      std::stable_sort(Nb.begin(), Nb.end(), [&](int A, int B) { return Deg(A) < Deg(B); });
      P.insert(P.end(), Nb.begin(), Nb.end());
    }
  }
  std::reverse(P.begin(), P.end());
  return P;
}

/// AMD of A + A^T (amd_order forms it). False when AMD fails.
bool amdOrder(const Pattern &A, std::vector<int> &P) {
  P.assign(A.Rows, 0);
  if (A.Rows == 0)
    return true;
  double Control[AMD_CONTROL], Info[AMD_INFO];
  amd_defaults(Control);
  int S = amd_order(A.Rows, A.Ptr.data(), A.Col.data(), P.data(), Control, Info);
  return S == AMD_OK || S == AMD_OK_BUT_JUMBLED;
}

/// METIS_NodeND of A + A^T. Options: cuSOLVER's int64_t array of
/// METIS_NOPTIONS (null: METIS's defaults). False when METIS fails.
bool metisOrder(const Pattern &A, const int64_t *Options, std::vector<int> &P) {
  int N = A.Rows;
  P.assign(N, 0);
  std::vector<int> Xadj, Adj;
  symmetricGraph(A, Xadj, Adj);
  if (Adj.empty()) { // METIS wants edges; no edges: any order is as good
    for (int I = 0; I < N; ++I)
      P[I] = I;
    return true;
  }
  idx_t Nv = N;
  std::vector<idx_t> X(Xadj.begin(), Xadj.end()), Ad(Adj.begin(), Adj.end()), Perm(N), Iperm(N);
  idx_t Opt[METIS_NOPTIONS];
  METIS_SetDefaultOptions(Opt);
  if (Options)
    for (int I = 0; I < METIS_NOPTIONS; ++I)
      Opt[I] = idx_t(Options[I]);
  Opt[METIS_OPTION_NUMBERING] = 0;
  if (METIS_NodeND(&Nv, X.data(), Ad.data(), nullptr, Opt, Perm.data(), Iperm.data()) != METIS_OK)
    return false;
  // METIS_NodeND's perm lists the vertices in elimination order (A' =
  // A(perm,perm); iperm is its inverse). Checked by the fill it gives.
  for (int I = 0; I < N; ++I)
    P[I] = int(Perm[I]);
  return true;
}

/// A permutation of 0..N-1?
bool isPermutation(const int *P, int N) {
  std::vector<char> Seen(N, 0);
  for (int I = 0; I < N; ++I) {
    if (P[I] < 0 || P[I] >= N || Seen[P[I]])
      return false;
    Seen[P[I]] = 1;
  }
  return true;
}

/// Computes the fill-reducing ordering that `reorder` names (1 symrcm, 2
/// symamd, 3 metisnd); 0: identity.
bool orderFor(int Reorder, const Pattern &A, std::vector<int> &Q) {
  int N = A.Rows;
  switch (Reorder) {
  case 1: {
    std::vector<int> Xadj, Adj;
    symmetricGraph(A, Xadj, Adj);
    Q = reverseCuthillMcKee(Xadj, Adj);
    return true;
  }
  case 2:
    return amdOrder(A, Q);
  case 3:
    return metisOrder(A, nullptr, Q);
  default:
    Q.resize(N);
    for (int I = 0; I < N; ++I)
      Q[I] = I;
    return true;
  }
}

/// A square matrix in CSC (0-based, rows sorted, duplicates summed).
template <class W> struct Csc {
  int N = 0;
  std::vector<int> Ptr, Row;
  std::vector<W> Val;
};

/// B = A(Q,Q) in CSC: A's entry (r, c) goes to (Qinv[r], Qinv[c]). With
/// Lower, only A's lower triangle (r >= c) is used and B holds its lower
/// triangle (entries that land above the diagonal are conjugated across).
template <class T>
Csc<Wide<T>> permutedCsc(const Pattern &A, const T *Val, const std::vector<int> &Q, bool Lower) {
  using W = Wide<T>;
  int N = A.Rows;
  std::vector<int> Qinv(N);
  for (int I = 0; I < N; ++I)
    Qinv[Q[I]] = I;
  struct E {
    int R, C;
    W V;
  };
  std::vector<E> Es;
  Es.reserve(A.Col.size());
  for (int I = 0; I < N; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K) {
      int J = A.Col[K];
      if (Lower && I < J)
        continue;
      W V = W(Val[A.Src[K]]);
      int R = Qinv[I], C = Qinv[J];
      if (Lower && R < C) {
        std::swap(R, C);
        V = conjOf(V);
      }
      Es.push_back({R, C, V});
    }
  std::sort(Es.begin(), Es.end(),
            [](const E &X, const E &Y) { return X.C != Y.C ? X.C < Y.C : X.R < Y.R; });
  Csc<W> B;
  B.N = N;
  B.Ptr.assign(N + 1, 0);
  for (size_t K = 0; K < Es.size(); ++K) {
    if (K > 0 && Es[K].R == Es[K - 1].R && Es[K].C == Es[K - 1].C) {
      B.Val.back() += Es[K].V;
      continue;
    }
    B.Row.push_back(Es[K].R);
    B.Val.push_back(Es[K].V);
    ++B.Ptr[Es[K].C + 1];
  }
  for (int J = 0; J < N; ++J)
    B.Ptr[J + 1] += B.Ptr[J];
  return B;
}

enum class Method { LU, QR, Chol };

/// Factors B (already permuted) and solves B z = c. Returns false when a
/// library call fails; Sing gets the first small pivot (-1: none).
bool solveLU(const Csc<double> &B, const std::vector<double> &C, double Tol,
             std::vector<double> &Z, int &Sing);
bool solveLU(const Csc<cd> &B, const std::vector<cd> &C, double Tol, std::vector<cd> &Z,
             int &Sing);

void umfpackControl(double *Control, bool IsCx) {
  if (IsCx)
    umfpack_zi_defaults(Control);
  else
    umfpack_di_defaults(Control);
  // Partial pivoting in the given column order: no fill-reducing ordering
  // of UMFPACK's own (the caller's reorder did that), no singleton
  // filter, no column refinement and no row scaling, so U's diagonal is
  // the pivots of A's LU in its column order.
  Control[UMFPACK_STRATEGY] = UMFPACK_STRATEGY_UNSYMMETRIC;
  Control[UMFPACK_ORDERING] = UMFPACK_ORDERING_NONE;
  Control[UMFPACK_FIXQ] = 1;
  Control[UMFPACK_SINGLETONS] = 0;
  Control[UMFPACK_PIVOT_TOLERANCE] = 1.0;
  Control[UMFPACK_SCALE] = UMFPACK_SCALE_NONE;
}

/// The first column with a pivot |U(k,k)| <= Tol. UMFPACK keeps the given
/// column order (FIXQ) but may still move a column it finds no pivot in
/// to the end: pivot k is column Q[k], and the smallest such column is
/// reported (the j at which an LU in the given order would stop).
template <class GetDiag> int firstSmallPivot(const std::vector<int> &Q, double Tol, GetDiag Diag) {
  int First = -1;
  for (size_t K = 0; K < Q.size(); ++K)
    if (!(Diag(int(K)) > Tol) && (First < 0 || Q[K] < First))
      First = Q[K];
  return First;
}

bool solveLU(const Csc<double> &B, const std::vector<double> &C, double Tol,
             std::vector<double> &Z, int &Sing) {
  int N = B.N;
  double Control[UMFPACK_CONTROL], Info[UMFPACK_INFO];
  umfpackControl(Control, false);
  void *Sym = nullptr, *Num = nullptr;
  if (umfpack_di_symbolic(N, N, B.Ptr.data(), B.Row.data(), B.Val.data(), &Sym, Control, Info) !=
      UMFPACK_OK)
    return false;
  int S = umfpack_di_numeric(B.Ptr.data(), B.Row.data(), B.Val.data(), Sym, &Num, Control, Info);
  umfpack_di_free_symbolic(&Sym);
  if (S != UMFPACK_OK && S != UMFPACK_WARNING_singular_matrix)
    return false;
  std::vector<double> D(N);
  std::vector<int> Q(N);
  umfpack_di_get_numeric(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, Q.data(),
                         D.data(), nullptr, nullptr, Num);
  Sing = firstSmallPivot(Q, Tol, [&](int J) { return std::fabs(D[J]); });
  Z.assign(N, 0.0);
  S = umfpack_di_solve(UMFPACK_A, B.Ptr.data(), B.Row.data(), B.Val.data(), Z.data(), C.data(),
                       Num, Control, Info);
  umfpack_di_free_numeric(&Num);
  return S == UMFPACK_OK || S == UMFPACK_WARNING_singular_matrix;
}

bool solveLU(const Csc<cd> &B, const std::vector<cd> &C, double Tol, std::vector<cd> &Z,
             int &Sing) {
  int N = B.N;
  double Control[UMFPACK_CONTROL], Info[UMFPACK_INFO];
  umfpackControl(Control, true);
  void *Sym = nullptr, *Num = nullptr;
  // Packed complex: Az null, real and imaginary parts interleaved in Ax.
  const double *Ax = reinterpret_cast<const double *>(B.Val.data());
  if (umfpack_zi_symbolic(N, N, B.Ptr.data(), B.Row.data(), Ax, nullptr, &Sym, Control, Info) !=
      UMFPACK_OK)
    return false;
  int S = umfpack_zi_numeric(B.Ptr.data(), B.Row.data(), Ax, nullptr, Sym, &Num, Control, Info);
  umfpack_zi_free_symbolic(&Sym);
  if (S != UMFPACK_OK && S != UMFPACK_WARNING_singular_matrix)
    return false;
  std::vector<cd> D(N);
  std::vector<int> Q(N);
  umfpack_zi_get_numeric(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
                         nullptr, Q.data(), reinterpret_cast<double *>(D.data()), nullptr, nullptr,
                         nullptr, Num);
  Sing = firstSmallPivot(Q, Tol, [&](int J) { return std::abs(D[J]); });
  Z.assign(N, cd(0));
  S = umfpack_zi_solve(UMFPACK_A, B.Ptr.data(), B.Row.data(), Ax, nullptr,
                       reinterpret_cast<double *>(Z.data()), nullptr,
                       reinterpret_cast<const double *>(C.data()), nullptr, Num, Control, Info);
  umfpack_zi_free_numeric(&Num);
  return S == UMFPACK_OK || S == UMFPACK_WARNING_singular_matrix;
}

/// Cholesky (CHOLMOD, simplicial LL^H in the given order: natural ordering,
/// no postorder) of the Hermitian matrix whose lower triangle B holds.
template <class W>
bool solveChol(const Csc<W> &B, const std::vector<W> &C, double Tol, std::vector<W> &Z,
               int &Sing) {
  constexpr bool Cx = std::is_same<W, cd>::value;
  int N = B.N;
  cholmod_common Cm;
  cholmod_start(&Cm);
  Cm.print = 0;
  Cm.nmethods = 1;
  Cm.method[0].ordering = CHOLMOD_NATURAL;
  Cm.postorder = 0;
  Cm.supernodal = CHOLMOD_SIMPLICIAL;
  Cm.final_ll = 1;
  Cm.quick_return_if_not_posdef = 1;
  bool Ok = false;
  cholmod_sparse *A = cholmod_allocate_sparse(N, N, B.Row.size(), 1, 1, -1,
                                              Cx ? CHOLMOD_COMPLEX : CHOLMOD_REAL, &Cm);
  cholmod_factor *L = nullptr;
  cholmod_dense *Bd = nullptr, *X = nullptr;
  if (A) {
    std::memcpy(A->p, B.Ptr.data(), sizeof(int) * (N + 1));
    std::memcpy(A->i, B.Row.data(), sizeof(int) * B.Row.size());
    std::memcpy(A->x, B.Val.data(), sizeof(W) * B.Val.size());
    L = cholmod_analyze(A, &Cm);
  }
  if (L && cholmod_factorize(A, L, &Cm)) {
    // L(j,j) is the first entry of column j of a simplicial LL^H factor.
    int Minor = int(L->minor);
    Sing = Minor < N ? Minor : -1;
    const int *Lp = static_cast<const int *>(L->p);
    const W *Lx = static_cast<const W *>(L->x);
    int Last = Minor < N ? Minor : N;
    for (int J = 0; J < Last; ++J)
      if (!(std::real(Lx[Lp[J]]) > Tol)) {
        Sing = J;
        break;
      }
    if (Minor < N) {
      Ok = true; // not positive definite: the factor is incomplete, x is not written
      Z.clear();
    } else {
      Bd = cholmod_allocate_dense(N, 1, N, Cx ? CHOLMOD_COMPLEX : CHOLMOD_REAL, &Cm);
      if (Bd) {
        std::memcpy(Bd->x, C.data(), sizeof(W) * N);
        X = cholmod_solve(CHOLMOD_A, L, Bd, &Cm);
      }
      if (X) {
        const W *Xs = static_cast<const W *>(X->x);
        Z.assign(Xs, Xs + N);
        Ok = true;
      }
    }
  }
  cholmod_free_dense(&X, &Cm);
  cholmod_free_dense(&Bd, &Cm);
  cholmod_free_factor(&L, &Cm);
  cholmod_free_sparse(&A, &Cm);
  cholmod_finish(&Cm);
  return Ok;
}

/// QR (SPQR, Householder, fixed column order, no rank detection) of the
/// M x N matrix B (M >= N; B.N is the column count, Rows the row count):
/// returns R's diagonal check and z = R \ (Q^H c).
template <class W>
bool solveQR(int Rows, const Csc<W> &B, const std::vector<W> &C, double SpqrTol, double Tol,
             std::vector<W> &Z, int &Sing, long *Rank, std::vector<long> *Perm) {
  constexpr bool Cx = std::is_same<W, cd>::value;
  int N = B.N;
  cholmod_common Cm;
  cholmod_l_start(&Cm);
  Cm.print = 0;
  bool Ok = false;
  cholmod_sparse *A = cholmod_l_allocate_sparse(Rows, N, B.Row.size(), 1, 1, 0,
                                                Cx ? CHOLMOD_COMPLEX : CHOLMOD_REAL, &Cm);
  cholmod_dense *Bd = nullptr, *Zd = nullptr;
  cholmod_sparse *R = nullptr;
  SuiteSparse_long *E = nullptr;
  if (A) {
    auto *Ap = static_cast<SuiteSparse_long *>(A->p);
    auto *Ai = static_cast<SuiteSparse_long *>(A->i);
    for (int J = 0; J <= N; ++J)
      Ap[J] = B.Ptr[J];
    for (size_t K = 0; K < B.Row.size(); ++K)
      Ai[K] = B.Row[K];
    std::memcpy(A->x, B.Val.data(), sizeof(W) * B.Val.size());
    Bd = cholmod_l_allocate_dense(Rows, 1, Rows, Cx ? CHOLMOD_COMPLEX : CHOLMOD_REAL, &Cm);
  }
  if (Bd) {
    std::memcpy(Bd->x, C.data(), sizeof(W) * Rows);
    long Rk = SuiteSparseQR_C(Perm ? SPQR_ORDERING_DEFAULT : SPQR_ORDERING_FIXED, SpqrTol, N, 0,
                              A, nullptr, Bd, nullptr, &Zd, &R, &E, nullptr, nullptr, nullptr, &Cm);
    if (Rk >= 0 && R && Zd) {
      if (Rank)
        *Rank = Rk;
      // R is upper triangular (min(Rows,N) or rank rows, N columns, CSC):
      // back-substitution on its leading square part.
      int Rr = int(R->nrow), K = std::min(Rr, N);
      if (Perm) // least squares: only the rank-sized leading block is solved
        K = std::min<int>(K, int(Rk));
      auto *Rp = static_cast<const SuiteSparse_long *>(R->p);
      auto *Ri = static_cast<const SuiteSparse_long *>(R->i);
      const W *Rx = static_cast<const W *>(R->x);
      const W *Zc = static_cast<const W *>(Zd->x);
      std::vector<W> Diag(N, W(0));
      for (int J = 0; J < K; ++J)
        for (SuiteSparse_long Q = Rp[J]; Q < Rp[J + 1]; ++Q)
          if (Ri[Q] == J)
            Diag[J] += Rx[Q];
      // As for LU: the smallest column (of B) whose R(k,k) is small.
      Sing = -1;
      for (int J = 0; J < N; ++J) {
        int Cj = E ? int(E[J]) : J;
        if (!(std::abs(Diag[J]) > Tol) && (Sing < 0 || Cj < Sing))
          Sing = Cj;
      }
      std::vector<W> Y(Zc, Zc + K), Zp(N, W(0));
      for (int J = K - 1; J >= 0; --J) {
        W V = Y[J] / Diag[J];
        Zp[J] = V;
        for (SuiteSparse_long Q = Rp[J]; Q < Rp[J + 1]; ++Q)
          if (Ri[Q] < J)
            Y[Ri[Q]] -= Rx[Q] * V;
      }
      // Column j of the factored matrix is column E[j] of B.
      Z.assign(N, W(0));
      for (int J = 0; J < N; ++J)
        Z[E ? int(E[J]) : J] = Zp[J];
      if (Perm) {
        Perm->resize(N);
        for (int J = 0; J < N; ++J)
          (*Perm)[J] = E ? E[J] : J;
      }
      Ok = true;
    }
  }
  if (E)
    cholmod_l_free(N, sizeof(SuiteSparse_long), E, &Cm);
  cholmod_l_free_sparse(&R, &Cm);
  cholmod_l_free_dense(&Zd, &Cm);
  cholmod_l_free_dense(&Bd, &Cm);
  cholmod_l_free_sparse(&A, &Cm);
  cholmod_l_finish(&Cm);
  return Ok;
}

/// Waits for the handle's stream before a device form reads its inputs.
/// An error of an earlier asynchronous call is not this call's: it does not
/// stay as the thread's last error (one the program had before is kept).
void waitForStream(cusolverSpHandle_t H) {
  cudaError_t Before = cudaPeekAtLastError();
  cudaStreamSynchronize(H->Stream);
  if (Before == cudaSuccess)
    (void)cudaGetLastError();
}

template <class T>
cusolverStatus_t linearSolve(Method Mt, bool Device, cusolverSpHandle_t H, int N, int Nnz,
                             const cusparseMatDescr_t Descr, const T *Val, const int *RowPtr,
                             const int *ColInd, const T *B, RealT<T> Tol, int Reorder, T *X,
                             int *Singularity) {
  using W = Wide<T>;
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  int Base = 0;
  cusolverStatus_t St = checkDescr(Descr, Base);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (N <= 0 || Nnz <= 0 || Reorder < 0 || Reorder > 3 || !Val || !RowPtr || !ColInd || !B ||
      !X || !Singularity)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (Device)
    waitForStream(H);
  Pattern A;
  if (!readPattern(N, N, Nnz, Base, RowPtr, nullptr, ColInd, A))
    return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<int> Q;
  if (!orderFor(Reorder, A, Q))
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  Csc<W> Bm = permutedCsc(A, Val, Q, Mt == Method::Chol);
  std::vector<W> C(N), Z;
  for (int I = 0; I < N; ++I)
    C[I] = W(B[Q[I]]);
  double T0 = std::max(double(Tol), 0.0);
  int Sing = -1;
  bool Ok = false;
  switch (Mt) {
  case Method::LU:
    Ok = solveLU(Bm, C, T0, Z, Sing);
    break;
  case Method::Chol:
    Ok = solveChol(Bm, C, T0, Z, Sing);
    break;
  case Method::QR:
    Ok = solveQR(N, Bm, C, -1.0, T0, Z, Sing, nullptr, nullptr);
    break;
  }
  if (!Ok)
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  if (!Z.empty())
    for (int I = 0; I < N; ++I)
      X[Q[I]] = T(Z[I]);
  *Singularity = Sing;
  return CUSOLVER_STATUS_SUCCESS;
}

/// Least squares: min ||A x - b|| for an M x N matrix (M >= N), by SPQR
/// with its default column ordering and rank detection at tol.
template <class T>
cusolverStatus_t leastSquares(cusolverSpHandle_t H, int M, int N, int Nnz,
                              const cusparseMatDescr_t Descr, const T *Val, const int *RowPtr,
                              const int *ColInd, const T *B, RealT<T> Tol, int *RankA, T *X,
                              int *P, RealT<T> *MinNorm) {
  using W = Wide<T>;
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  int Base = 0;
  cusolverStatus_t St = checkDescr(Descr, Base);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (M <= 0 || N <= 0 || Nnz <= 0 || M < N || !Val || !RowPtr || !ColInd || !B || !RankA || !X ||
      !P || !MinNorm)
    return CUSOLVER_STATUS_INVALID_VALUE;
  Pattern A;
  if (!readPattern(M, N, Nnz, Base, RowPtr, nullptr, ColInd, A))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // CSC of A, duplicates summed.
  struct E {
    int R, C;
    W V;
  };
  std::vector<E> Es;
  for (int I = 0; I < M; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K)
      Es.push_back({I, A.Col[K], W(Val[A.Src[K]])});
  std::sort(Es.begin(), Es.end(),
            [](const E &U, const E &V) { return U.C != V.C ? U.C < V.C : U.R < V.R; });
  Csc<W> Bm;
  Bm.N = N;
  Bm.Ptr.assign(N + 1, 0);
  for (size_t K = 0; K < Es.size(); ++K) {
    if (K > 0 && Es[K].R == Es[K - 1].R && Es[K].C == Es[K - 1].C) {
      Bm.Val.back() += Es[K].V;
      continue;
    }
    Bm.Row.push_back(Es[K].R);
    Bm.Val.push_back(Es[K].V);
    ++Bm.Ptr[Es[K].C + 1];
  }
  for (int J = 0; J < N; ++J)
    Bm.Ptr[J + 1] += Bm.Ptr[J];
  std::vector<W> C(M), Z;
  for (int I = 0; I < M; ++I)
    C[I] = W(B[I]);
  int Sing = -1;
  long Rank = 0;
  std::vector<long> Perm;
  double T0 = std::max(double(Tol), 0.0);
  if (!solveQR(M, Bm, C, T0, T0, Z, Sing, &Rank, &Perm))
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  // ||A x - b|| in double.
  std::vector<W> Rr(C);
  for (int I = 0; I < M; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K)
      Rr[I] -= W(Val[A.Src[K]]) * Z[A.Col[K]];
  double Nrm = 0;
  for (int I = 0; I < M; ++I)
    Nrm += std::norm(Rr[I]);
  for (int J = 0; J < N; ++J) {
    X[J] = T(Z[J]);
    P[J] = int(Perm[J]);
  }
  *RankA = int(Rank);
  *MinNorm = RealT<T>(std::sqrt(Nrm));
  return CUSOLVER_STATUS_SUCCESS;
}

/// The argument checks the reorderings share; reads the pattern.
cusolverStatus_t reorderArgs(cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t Descr,
                             const int *RowPtr, const int *ColInd, const int *P, Pattern &A) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  int Base = 0;
  cusolverStatus_t St = checkDescr(Descr, Base);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (N <= 0 || Nnz <= 0 || !RowPtr || !ColInd || !P)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!readPattern(N, N, Nnz, Base, RowPtr, nullptr, ColInd, A))
    return CUSOLVER_STATUS_INVALID_VALUE;
  return CUSOLVER_STATUS_SUCCESS;
}

/// MC21-style zero-free diagonal: a maximum matching of rows to columns by
/// augmenting paths (depth-first, iterative) over A's nonzero entries.
/// P[j] = the row placed at row j of A(P,:); unmatched rows fill the
/// remaining places. Returns the number of matched columns.
template <class T> int zeroFreeDiagonal(const Pattern &A, const T *Val, int *P) {
  int N = A.Rows;
  // Column -> rows (the matching puts row MatchRow[c] on diagonal c).
  std::vector<int> Cp(N + 1, 0), Ci;
  for (int I = 0; I < N; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K)
      if (Val[A.Src[K]] != T(0))
        ++Cp[A.Col[K] + 1];
  for (int J = 0; J < N; ++J)
    Cp[J + 1] += Cp[J];
  Ci.resize(Cp[N]);
  std::vector<int> Fill(Cp.begin(), Cp.end() - 1);
  for (int I = 0; I < N; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K)
      if (Val[A.Src[K]] != T(0))
        Ci[Fill[A.Col[K]]++] = I;
  std::vector<int> MatchRow(N, -1), MatchCol(N, -1), Visit(N, -1), Stack, Next(N);
  int Count = 0;
  for (int C0 = 0; C0 < N; ++C0) {
    // Depth-first search for an augmenting path from column C0.
    Stack.assign(1, C0);
    Next[C0] = Cp[C0];
    Visit[C0] = C0;
    bool Found = false;
    std::vector<int> ViaRow(N, -1);
    while (!Stack.empty() && !Found) {
      int C = Stack.back();
      if (Next[C] == Cp[C + 1]) {
        Stack.pop_back();
        continue;
      }
      int R = Ci[Next[C]++];
      if (MatchCol[R] < 0) {
        // Augment along the stack.
        for (int D = int(Stack.size()) - 1; D >= 0; --D) {
          int Cc = Stack[D];
          int Prev = MatchRow[Cc];
          MatchRow[Cc] = R;
          MatchCol[R] = Cc;
          R = Prev;
        }
        Found = true;
      } else if (Visit[MatchCol[R]] != C0) {
        int C2 = MatchCol[R];
        Visit[C2] = C0;
        Next[C2] = Cp[C2];
        Stack.push_back(C2);
      }
    }
    if (Found)
      ++Count;
  }
  std::vector<char> Used(N, 0);
  for (int J = 0; J < N; ++J)
    if (MatchRow[J] >= 0) {
      P[J] = MatchRow[J];
      Used[MatchRow[J]] = 1;
    }
  int Free = 0;
  for (int J = 0; J < N; ++J)
    if (MatchRow[J] < 0) {
      while (Used[Free])
        ++Free;
      P[J] = Free;
      Used[Free] = 1;
    }
  return Count;
}

template <class T>
cusolverStatus_t zfd(cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t Descr,
                     const T *Val, const int *RowPtr, const int *ColInd, int *P, int *NumNz) {
  Pattern A;
  cusolverStatus_t St = reorderArgs(H, N, Nnz, Descr, RowPtr, ColInd, P, A);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (!Val || !NumNz)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *NumNz = zeroFreeDiagonal(A, Val, P);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T> const T *asStd(const void *P) { return static_cast<const T *>(P); }
template <class T> T *asStd(void *P) { return static_cast<T *>(P); }

} // namespace

extern "C" {

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // A handle needs a working CUDA context (as on a GPU).
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  *Handle = new (std::nothrow) cusolverSpContext;
  return *Handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t H) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  // The handle's work must finish before its captured tasks go away.
  loomlib::drainStream(H->Stream);
  delete H;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t H, cudaStream_t Stream) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  H->Stream = Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t H, cudaStream_t *Stream) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  if (!Stream)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Stream = H->Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

// ---- Properties and reorderings ----

cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t H, int M, int Nnz,
                                         const cusparseMatDescr_t Descr, const int *RowPtr,
                                         const int *RowEnd, const int *ColInd, int *IsSym) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  int Base = 0;
  cusolverStatus_t St = checkDescr(Descr, Base);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (M <= 0 || Nnz <= 0 || !RowPtr || !RowEnd || !ColInd || !IsSym)
    return CUSOLVER_STATUS_INVALID_VALUE;
  Pattern A;
  if (!readPattern(M, M, Nnz, Base, RowPtr, RowEnd, ColInd, A))
    return CUSOLVER_STATUS_INVALID_VALUE;
  std::vector<std::pair<int, int>> E, Et;
  for (int I = 0; I < M; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K) {
      E.emplace_back(I, A.Col[K]);
      Et.emplace_back(A.Col[K], I);
    }
  for (auto *V : {&E, &Et}) {
    std::sort(V->begin(), V->end());
    V->erase(std::unique(V->begin(), V->end()), V->end());
  }
  *IsSym = E == Et ? 1 : 0;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t H, int N, int Nnz,
                                          const cusparseMatDescr_t Descr, const int *RowPtr,
                                          const int *ColInd, int *P) {
  Pattern A;
  cusolverStatus_t St = reorderArgs(H, N, Nnz, Descr, RowPtr, ColInd, P, A);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  std::vector<int> Q;
  orderFor(1, A, Q);
  std::copy(Q.begin(), Q.end(), P);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t H, int N, int Nnz,
                                          const cusparseMatDescr_t Descr, const int *RowPtr,
                                          const int *ColInd, int *P) {
  Pattern A;
  cusolverStatus_t St = reorderArgs(H, N, Nnz, Descr, RowPtr, ColInd, P, A);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  std::vector<int> Q;
  if (!amdOrder(A, Q))
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  std::copy(Q.begin(), Q.end(), P);
  return CUSOLVER_STATUS_SUCCESS;
}

// cuSOLVER's symmdq is a minimum degree on the quotient graph; AMD is one
// (with approximate degrees), so it gives AMD's ordering.
cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t H, int N, int Nnz,
                                          const cusparseMatDescr_t Descr, const int *RowPtr,
                                          const int *ColInd, int *P) {
  return cusolverSpXcsrsymamdHost(H, N, Nnz, Descr, RowPtr, ColInd, P);
}

cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t H, int N, int Nnz,
                                           const cusparseMatDescr_t Descr, const int *RowPtr,
                                           const int *ColInd, const int64_t *Options, int *P) {
  Pattern A;
  cusolverStatus_t St = reorderArgs(H, N, Nnz, Descr, RowPtr, ColInd, P, A);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  std::vector<int> Q;
  if (!metisOrder(A, Options, Q))
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  std::copy(Q.begin(), Q.end(), P);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpScsrzfdHost(cusolverSpHandle_t H, int N, int Nnz,
                                       const cusparseMatDescr_t D, const float *V, const int *Rp,
                                       const int *Ci, int *P, int *NumNz) {
  return zfd(H, N, Nnz, D, V, Rp, Ci, P, NumNz);
}
cusolverStatus_t cusolverSpDcsrzfdHost(cusolverSpHandle_t H, int N, int Nnz,
                                       const cusparseMatDescr_t D, const double *V, const int *Rp,
                                       const int *Ci, int *P, int *NumNz) {
  return zfd(H, N, Nnz, D, V, Rp, Ci, P, NumNz);
}
cusolverStatus_t cusolverSpCcsrzfdHost(cusolverSpHandle_t H, int N, int Nnz,
                                       const cusparseMatDescr_t D, const cuComplex *V,
                                       const int *Rp, const int *Ci, int *P, int *NumNz) {
  return zfd(H, N, Nnz, D, asStd<cf>(V), Rp, Ci, P, NumNz);
}
cusolverStatus_t cusolverSpZcsrzfdHost(cusolverSpHandle_t H, int N, int Nnz,
                                       const cusparseMatDescr_t D, const cuDoubleComplex *V,
                                       const int *Rp, const int *Ci, int *P, int *NumNz) {
  return zfd(H, N, Nnz, D, asStd<cd>(V), Rp, Ci, P, NumNz);
}

// csrperm's buffer holds a copy of the row offsets, column indices and map
// and the inverse column permutation.
static size_t permBufferBytes(int M, int N, int Nnz) {
  return sizeof(int) * (size_t(M) + 1 + 2 * size_t(Nnz) + size_t(N));
}

cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(cusolverSpHandle_t H, int M, int N, int Nnz,
                                                   const cusparseMatDescr_t Descr,
                                                   const int *RowPtr, const int *ColInd,
                                                   const int *P, const int *Q, size_t *Bytes) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  int Base = 0;
  cusolverStatus_t St = checkDescr(Descr, Base);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (M <= 0 || N <= 0 || Nnz <= 0 || !RowPtr || !ColInd || !P || !Q || !Bytes)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Bytes = permBufferBytes(M, N, Nnz);
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t H, int M, int N, int Nnz,
                                        const cusparseMatDescr_t Descr, int *RowPtr, int *ColInd,
                                        const int *P, const int *Q, int *Map, void *Buffer) {
  if (!H)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  int Base = 0;
  cusolverStatus_t St = checkDescr(Descr, Base);
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (M <= 0 || N <= 0 || Nnz <= 0 || !RowPtr || !ColInd || !P || !Q || !Map || !Buffer)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!isPermutation(P, M) || !isPermutation(Q, N))
    return CUSOLVER_STATUS_INVALID_VALUE;
  Pattern A;
  if (!readPattern(M, N, Nnz, Base, RowPtr, nullptr, ColInd, A))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // The caller's buffer: old offsets, old columns, old map, inverse of q.
  int *OldPtr = static_cast<int *>(Buffer);
  int *OldCol = OldPtr + M + 1;
  int *OldMap = OldCol + Nnz;
  int *Qinv = OldMap + Nnz;
  std::memcpy(OldPtr, RowPtr, sizeof(int) * (M + 1));
  std::memcpy(OldCol, ColInd, sizeof(int) * Nnz);
  std::memcpy(OldMap, Map, sizeof(int) * Nnz);
  for (int J = 0; J < N; ++J)
    Qinv[Q[J]] = J;
  // Row i of B is row p[i] of A; its columns renumbered by q and sorted.
  std::vector<std::pair<int, int>> Row;
  int K = 0;
  RowPtr[0] = Base;
  for (int I = 0; I < M; ++I) {
    int R = P[I];
    Row.clear();
    for (int S = OldPtr[R] - Base; S < OldPtr[R + 1] - Base; ++S)
      Row.emplace_back(Qinv[OldCol[S] - Base], S);
    std::stable_sort(Row.begin(), Row.end(),
                     [](const std::pair<int, int> &X, const std::pair<int, int> &Y) {
                       return X.first < Y.first;
                     });
    for (auto &E : Row) {
      ColInd[K] = E.first + Base;
      Map[K] = OldMap[E.second];
      ++K;
    }
    RowPtr[I + 1] = K + Base;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

// ---- Linear solvers ----

#define LOOM_SOLVERS(t, T, S, R)                                                           \
  cusolverStatus_t cusolverSp##t##csrlsvluHost(                                           \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *V,        \
      const int *Rp, const int *Ci, const T *B, R Tol, int Reorder, T *X, int *Sing) {     \
    return linearSolve<S>(Method::LU, false, H, N, Nnz, D, asStd<S>(V), Rp, Ci,            \
                          asStd<S>(B), Tol, Reorder, asStd<S>(X), Sing);                   \
  }                                                                                        \
  cusolverStatus_t cusolverSp##t##csrlsvqrHost(                                           \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *V,        \
      const int *Rp, const int *Ci, const T *B, R Tol, int Reorder, T *X, int *Sing) {     \
    return linearSolve<S>(Method::QR, false, H, N, Nnz, D, asStd<S>(V), Rp, Ci,            \
                          asStd<S>(B), Tol, Reorder, asStd<S>(X), Sing);                   \
  }                                                                                        \
  cusolverStatus_t cusolverSp##t##csrlsvqr(                                               \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *V,        \
      const int *Rp, const int *Ci, const T *B, R Tol, int Reorder, T *X, int *Sing) {     \
    return linearSolve<S>(Method::QR, true, H, N, Nnz, D, asStd<S>(V), Rp, Ci,             \
                          asStd<S>(B), Tol, Reorder, asStd<S>(X), Sing);                   \
  }                                                                                        \
  cusolverStatus_t cusolverSp##t##csrlsvcholHost(                                         \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *V,        \
      const int *Rp, const int *Ci, const T *B, R Tol, int Reorder, T *X, int *Sing) {     \
    return linearSolve<S>(Method::Chol, false, H, N, Nnz, D, asStd<S>(V), Rp, Ci,          \
                          asStd<S>(B), Tol, Reorder, asStd<S>(X), Sing);                   \
  }                                                                                        \
  cusolverStatus_t cusolverSp##t##csrlsvchol(                                             \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *V,        \
      const int *Rp, const int *Ci, const T *B, R Tol, int Reorder, T *X, int *Sing) {     \
    return linearSolve<S>(Method::Chol, true, H, N, Nnz, D, asStd<S>(V), Rp, Ci,           \
                          asStd<S>(B), Tol, Reorder, asStd<S>(X), Sing);                   \
  }                                                                                        \
  cusolverStatus_t cusolverSp##t##csrlsqvqrHost(                                          \
      cusolverSpHandle_t H, int M, int N, int Nnz, const cusparseMatDescr_t D, const T *V, \
      const int *Rp, const int *Ci, const T *B, R Tol, int *Rank, T *X, int *P,            \
      R *MinNorm) {                                                                        \
    return leastSquares<S>(H, M, N, Nnz, D, asStd<S>(V), Rp, Ci, asStd<S>(B), Tol, Rank,   \
                           asStd<S>(X), P, MinNorm);                                       \
  }
LOOM_SOLVERS(S, float, float, float)
LOOM_SOLVERS(D, double, double, double)
LOOM_SOLVERS(C, cuComplex, cf, float)
LOOM_SOLVERS(Z, cuDoubleComplex, cd, double)
#undef LOOM_SOLVERS

} // extern "C"
