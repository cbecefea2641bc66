// Sample.cpp - __loom_tex_fetch: CUDA's texture sampling (addressing, filtering, read modes).
// SPDX-License-Identifier: Apache-2.0
//
// Follows the CUDA C++ Programming Guide, appendix "Texture Fetching":
//  - coordinates: unnormalized texel units, or normalized ones multiplied by
//    the size; texel i covers [i, i+1) (its centre is i + 0.5);
//  - point filtering reads texel floor(u);
//  - linear filtering reads texels i = floor(u - 0.5) and i + 1 with weight
//    alpha = frac(u - 0.5) held in 9-bit fixed point with 8 fractional bits
//    (rounded to the nearest 1/256), bilinear/trilinear per dimension;
//  - addressing applies to each texel index: clamp to [0, N-1]; border gives
//    the border colour; wrap (index mod N) and mirror (index reflected every
//    N texels) for normalized coordinates only (unnormalized: clamp);
//  - mipmaps (tex*Lod, tex*Grad): the level of detail is the given one, or
//    log2 of the longer gradient in level-0 texels (the larger of |dPdx| and
//    |dPdy| scaled by the texture size for normalized coordinates), plus
//    mipmapLevelBias, clamped to [minMipmapLevelClamp, maxMipmapLevelClamp]
//    and to the levels that exist; point mipmap filtering takes the nearest
//    level, linear blends the two around it with the same 8-bit fraction as
//    texel filtering.
#include "texture/Texture.h"

#include "loom/KernelABI.h"

#include <cmath>
#include <cstring>

namespace loom {

namespace {

/// Four result lanes: floats or 32-bit integers (TextureRecord::IntResult).
union Texel {
  float F[4];
  int32_t I[4];
};

float halfToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H >> 15) << 31;
  uint32_t Exp = (H >> 10) & 0x1f;
  uint32_t Mant = H & 0x3ff;
  uint32_t Bits;
  if (Exp == 0) {
    if (Mant == 0) {
      Bits = Sign;
    } else { // subnormal: renormalize
      int E = -1;
      do {
        ++E;
        Mant <<= 1;
      } while (!(Mant & 0x400));
      Bits = Sign | uint32_t(127 - 15 - E) << 23 | (Mant & 0x3ff) << 13;
    }
  } else if (Exp == 31) {
    Bits = Sign | 0x7f800000u | Mant << 13;
  } else {
    Bits = Sign | (Exp + 127 - 15) << 23 | Mant << 13;
  }
  float F;
  std::memcpy(&F, &Bits, sizeof(F));
  return F;
}

/// Channel \p C of the element at \p P, as an integer (integer formats).
int64_t readInt(const TextureRecord &T, const unsigned char *P, int C) {
  bool Signed = T.Kind == cudaChannelFormatKindSigned;
  switch (T.Bits) {
  case 8:
    return Signed ? int64_t(int8_t(P[C])) : int64_t(P[C]);
  case 16: {
    uint16_t V;
    std::memcpy(&V, P + 2 * C, 2);
    return Signed ? int64_t(int16_t(V)) : int64_t(V);
  }
  default: {
    uint32_t V;
    std::memcpy(&V, P + 4 * C, 4);
    return Signed ? int64_t(int32_t(V)) : int64_t(V);
  }
  }
}

/// The element at \p P converted per the read mode; missing channels are
/// 0 except w, which is 1.
void convert(const TextureRecord &T, const unsigned char *P, Texel &Out) {
  for (int C = 0; C < 4; ++C) {
    if (C >= T.Channels) {
      if (T.IntResult)
        Out.I[C] = C == 3 ? 1 : 0;
      else
        Out.F[C] = C == 3 ? 1.0f : 0.0f;
      continue;
    }
    if (T.Kind == cudaChannelFormatKindFloat) {
      if (T.Bits == 16) {
        uint16_t H;
        std::memcpy(&H, P + 2 * C, 2);
        Out.F[C] = halfToFloat(H);
      } else {
        std::memcpy(&Out.F[C], P + 4 * C, 4);
      }
    } else if (T.IntResult) {
      Out.I[C] = int32_t(uint32_t(readInt(T, P, C)));
    } else { // cudaReadModeNormalizedFloat on 8/16 bits
      int64_t V = readInt(T, P, C);
      if (T.Kind == cudaChannelFormatKindSigned) {
        float Max = float((int64_t(1) << (T.Bits - 1)) - 1);
        Out.F[C] = std::fmax(float(V) / Max, -1.0f);
      } else {
        Out.F[C] = float(V) / float((int64_t(1) << T.Bits) - 1);
      }
    }
  }
}

void borderTexel(const TextureRecord &T, Texel &Out) {
  for (int C = 0; C < 4; ++C) {
    if (T.IntResult)
      Out.I[C] = int32_t(T.Border[C]);
    else
      Out.F[C] = T.Border[C];
  }
}

/// Texel (X, Y, Z) (indices already addressed; -1 in any means border).
void texelAt(const TextureRecord &T, int64_t X, int64_t Y, int64_t Z, Texel &Out) {
  if (X < 0 || Y < 0 || Z < 0) {
    borderTexel(T, Out);
    return;
  }
  const unsigned char *P =
      T.Base + size_t(Z) * T.SlicePitch + size_t(Y) * T.RowPitch + size_t(X) * T.ElementSize;
  convert(T, P, Out);
}

/// Applies the addressing mode to texel index \p I of a dimension of size
/// \p N; -1 selects the border colour.
int64_t addressIndex(int64_t I, int64_t N, cudaTextureAddressMode Mode, bool Normalized) {
  if (!Normalized && (Mode == cudaAddressModeWrap || Mode == cudaAddressModeMirror))
    Mode = cudaAddressModeClamp;
  switch (Mode) {
  case cudaAddressModeWrap:
    return ((I % N) + N) % N;
  case cudaAddressModeMirror: {
    int64_t M = ((I % (2 * N)) + 2 * N) % (2 * N);
    return M >= N ? 2 * N - 1 - M : M;
  }
  case cudaAddressModeBorder:
    return I < 0 || I >= N ? -1 : I;
  case cudaAddressModeClamp:
  default:
    return I < 0 ? 0 : (I >= N ? N - 1 : I);
  }
}

/// A coordinate in texel units, kept finite and within int64 range.
double texelCoordinate(const TextureRecord &T, double X, size_t N) {
  double U = T.Normalized ? X * double(N) : X;
  if (std::isnan(U))
    return 0.0;
  constexpr double Limit = 1099511627776.0; // 2^40
  return U < -Limit ? -Limit : (U > Limit ? Limit : U);
}

/// Per dimension: the two texel indices a linear filter reads and the weight
/// of the second, or for point filtering one index (I1 unused, Alpha 0).
struct Axis {
  int64_t I0, I1;
  float Alpha;
};

Axis axis(const TextureRecord &T, double X, size_t N, int Dim, bool Linear) {
  double U = texelCoordinate(T, X, N);
  Axis A;
  int64_t Size = int64_t(N);
  if (!Linear) {
    A.I0 = addressIndex(int64_t(std::floor(U)), Size, T.Address[Dim], T.Normalized);
    A.I1 = A.I0;
    A.Alpha = 0.0f;
    return A;
  }
  double UB = U - 0.5;
  double Floor = std::floor(UB);
  // 9-bit fixed point, 8 fractional bits: 1.0 is representable.
  A.Alpha = float(std::floor((UB - Floor) * 256.0 + 0.5) / 256.0);
  int64_t I = int64_t(Floor);
  A.I0 = addressIndex(I, Size, T.Address[Dim], T.Normalized);
  A.I1 = addressIndex(I + 1, Size, T.Address[Dim], T.Normalized);
  return A;
}

size_t clampLayer(const TextureRecord &T, int32_t Layer) {
  size_t Count = T.Layers ? T.Layers : T.Depth;
  if (Layer < 0)
    return 0;
  return size_t(Layer) >= Count ? Count - 1 : size_t(Layer);
}

void zero(Texel &Out) { std::memset(&Out, 0, sizeof(Out)); }

/// CUDA's cubemap addressing (programming guide, "Cubemap Textures"): the
/// direction's component of largest magnitude m picks the face, and the
/// other two (s, t) address it as ((s/m + 1)/2, (t/m + 1)/2). Replaces
/// \p X, \p Y with those face coordinates and returns the face (0..5: +x,
/// -x, +y, -y, +z, -z).
int cubemapFace(double &X, double &Y, double Z) {
  double AX = std::fabs(X), AY = std::fabs(Y), AZ = std::fabs(Z);
  double M, S, T;
  int Face;
  if (AX >= AY && AX >= AZ) {
    Face = X >= 0 ? 0 : 1;
    M = AX;
    S = X >= 0 ? -Z : Z;
    T = -Y;
  } else if (AY >= AZ) {
    Face = Y >= 0 ? 2 : 3;
    M = AY;
    S = X;
    T = Y >= 0 ? Z : -Z;
  } else {
    Face = Z >= 0 ? 4 : 5;
    M = AZ;
    S = Z >= 0 ? X : -X;
    T = -Y;
  }
  X = M > 0 ? (S / M + 1) / 2 : 0.5;
  Y = M > 0 ? (T / M + 1) / 2 : 0.5;
  return Face;
}

} // namespace

void sampleTexture(const TextureRecord &T, uint32_t Kind, double X, double Y, double Z,
                   int32_t Layer, void *Result) {
  Texel Out;
  if (Kind == LoomTex1DFetch) {
    // An integer index into linear memory: no filtering, 0 out of range.
    double I = std::isnan(X) ? -1.0 : X;
    if (I < 0 || I >= double(T.Width))
      zero(Out);
    else
      texelAt(T, int64_t(I), 0, 0, Out);
    std::memcpy(Result, &Out, sizeof(Out));
    return;
  }

  if (Kind == LoomTex2DGather) {
    // The 2x2 footprint of a bilinear fetch, component `Layer` of each texel,
    // in CUDA's (Direct3D's) order: (i,j+1), (i+1,j+1), (i+1,j), (i,j).
    Axis AX = axis(T, X, T.Width, 0, true);
    Axis AY = axis(T, Y, T.Height, 1, true);
    int C = Layer < 0 ? 0 : (Layer > 3 ? 3 : Layer);
    const int64_t Xs[4] = {AX.I0, AX.I1, AX.I1, AX.I0};
    const int64_t Ys[4] = {AY.I1, AY.I1, AY.I0, AY.I0};
    for (int K = 0; K < 4; ++K) {
      Texel V;
      texelAt(T, Xs[K], Ys[K], 0, V);
      if (T.IntResult)
        Out.I[K] = V.I[C];
      else
        Out.F[K] = V.F[C];
    }
    std::memcpy(Result, &Out, sizeof(Out));
    return;
  }

  int Dims;
  int64_t Slice = 0;
  switch (Kind) {
  case LoomTex1D:
    Dims = 1;
    break;
  case LoomTex2D:
    Dims = 2;
    break;
  case LoomTex3D:
    Dims = 3;
    break;
  case LoomTex1DLayered:
    Dims = 1;
    Slice = int64_t(clampLayer(T, Layer));
    break;
  case LoomTex2DLayered:
    Dims = 2;
    Slice = int64_t(clampLayer(T, Layer));
    break;
  case LoomTexCubemap:
  case LoomTexCubemapLayered: {
    int Face = cubemapFace(X, Y, Z);
    if (!T.Normalized) { // face coordinates are in [0, 1]
      X *= double(T.Width);
      Y *= double(T.Height);
    }
    Dims = 2;
    Slice = int64_t(clampLayer(T, Kind == LoomTexCubemap ? Face : Layer * 6 + Face));
    break;
  }
  default:
    zero(Out);
    std::memcpy(Result, &Out, sizeof(Out));
    return;
  }

  const double Coords[3] = {X, Y, Z};
  const size_t Sizes[3] = {T.Width, T.Height, T.Depth};
  Axis Axes[3];
  for (int D = 0; D < 3; ++D) {
    if (D < Dims)
      Axes[D] = axis(T, Coords[D], Sizes[D], D, T.LinearFilter);
    else
      Axes[D] = Axis{D == 2 ? Slice : 0, D == 2 ? Slice : 0, 0.0f};
  }

  if (!T.LinearFilter) {
    texelAt(T, Axes[0].I0, Axes[1].I0, Axes[2].I0, Out);
    std::memcpy(Result, &Out, sizeof(Out));
    return;
  }

  // tex(x,y,z) = sum over the 2^Dims corners of the weight products.
  float Acc[4] = {0, 0, 0, 0};
  const int Corners = 1 << Dims;
  for (int K = 0; K < Corners; ++K) {
    float Weight = 1.0f;
    int64_t Index[3];
    for (int D = 0; D < 3; ++D) {
      bool Second = D < Dims && (K >> D & 1);
      Index[D] = Second ? Axes[D].I1 : Axes[D].I0;
      if (D < Dims)
        Weight *= Second ? Axes[D].Alpha : 1.0f - Axes[D].Alpha;
    }
    if (Weight == 0.0f)
      continue;
    Texel V;
    texelAt(T, Index[0], Index[1], Index[2], V);
    for (int C = 0; C < 4; ++C)
      Acc[C] += Weight * V.F[C];
  }
  std::memcpy(Out.F, Acc, sizeof(Acc));
  std::memcpy(Result, &Out, sizeof(Out));
}

namespace {

/// \p T with level \p L as its sampling view.
void selectLevel(TextureRecord &T, unsigned L) {
  const MipLevel &M = T.Levels[L];
  T.Base = M.Base;
  T.Width = M.Width;
  T.Height = M.Height;
  T.Depth = M.Depth;
  T.RowPitch = M.RowPitch;
  T.SlicePitch = M.SlicePitch;
}

int dimsOf(uint32_t Kind) {
  switch (Kind) {
  case LoomTex1D:
  case LoomTex1DLayered: return 1;
  case LoomTex3D: return 3;
  default: return 2;
  }
}

} // namespace

void sampleTextureLod(const TextureRecord &T, uint32_t Kind, double X, double Y, double Z,
                      int32_t Layer, float Level, const float *Grad, void *Result) {
  if (T.NumLevels <= 1 || Kind == LoomTex1DFetch) {
    sampleTexture(T, Kind, X, Y, Z, Layer, Result); // one level: nothing to choose
    return;
  }
  double Lod = Level;
  if (Grad) {
    // Gradients in level-0 texel units (normalized coordinates scale by
    // the size), the longer of the two footprints.
    int Dims = dimsOf(Kind);
    const double Sizes[3] = {double(T.Width), double(T.Height), double(T.Depth)};
    double LenX = 0, LenY = 0;
    for (int D = 0; D < Dims; ++D) {
      double S = T.Normalized ? Sizes[D] : 1.0;
      LenX += double(Grad[D]) * Grad[D] * S * S;
      LenY += double(Grad[3 + D]) * Grad[3 + D] * S * S;
    }
    double Rho = std::sqrt(LenX > LenY ? LenX : LenY);
    Lod = Rho > 0 ? std::log2(Rho) : -1e30;
  }
  if (std::isnan(Lod))
    Lod = 0;
  Lod += T.LevelBias;
  if (Lod > T.MaxLevel)
    Lod = T.MaxLevel;
  if (Lod < T.MinLevel)
    Lod = T.MinLevel;
  double Last = double(T.NumLevels - 1);
  Lod = Lod < 0 ? 0 : (Lod > Last ? Last : Lod);

  TextureRecord View = T;
  if (!T.MipLinear) {
    selectLevel(View, unsigned(std::floor(Lod + 0.5)));
    sampleTexture(View, Kind, X, Y, Z, Layer, Result);
    return;
  }
  unsigned L0 = unsigned(std::floor(Lod));
  float Beta = float(std::floor((Lod - L0) * 256.0 + 0.5) / 256.0);
  unsigned L1 = L0 + 1 < T.NumLevels ? L0 + 1 : L0;
  Texel A, B;
  selectLevel(View, L0);
  sampleTexture(View, Kind, X, Y, Z, Layer, &A);
  if (Beta == 0.0f || L1 == L0) {
    std::memcpy(Result, &A, sizeof(A));
    return;
  }
  selectLevel(View, L1);
  sampleTexture(View, Kind, X, Y, Z, Layer, &B);
  Texel Out;
  for (int C = 0; C < 4; ++C)
    Out.F[C] = (1.0f - Beta) * A.F[C] + Beta * B.F[C];
  std::memcpy(Result, &Out, sizeof(Out));
}

} // namespace loom

extern "C" void __loom_tex_fetch_lod(uint64_t Texture, uint32_t Kind, double X, double Y,
                                     double Z, int32_t Layer, float Level, const float *Grad,
                                     void *Result, uint32_t /*WantInt*/) {
  const auto *T = reinterpret_cast<const loom::TextureRecord *>(Texture);
  if (!T || T->Magic != loom::TextureMagicLive) {
    std::memset(Result, 0, 16);
    return;
  }
  loom::sampleTextureLod(*T, Kind, X, Y, Z, Layer, Level, Grad, Result);
}

extern "C" void __loom_tex_fetch(uint64_t Texture, uint32_t Kind, double X, double Y, double Z,
                                 int32_t Layer, void *Result, uint32_t /*WantInt*/) {
  // An unbound reference (0) or a destroyed object reads zeros. The
  // record's read mode decides the lanes' type; the compiler's wantInt
  // agrees with it for correct programs.
  const auto *T = reinterpret_cast<const loom::TextureRecord *>(Texture);
  if (!T || T->Magic != loom::TextureMagicLive) {
    std::memset(Result, 0, 16);
    return;
  }
  loom::sampleTexture(*T, Kind, X, Y, Z, Layer, Result);
}
