// TextureTest.cpp - texture objects, texture references and __loom_tex_fetch's sampling rules.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime.h"
#include "loom/KernelABI.h"
#include "core/Runtime.h"
#include "memory/Array.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

struct Lanes {
  union {
    float F[4];
    int32_t I[4];
  };
};

Lanes fetch(cudaTextureObject_t T, uint32_t Kind, double X, double Y = 0, double Z = 0,
            int32_t Layer = 0, uint32_t WantInt = 0) {
  Lanes L;
  std::memset(&L, 0xcd, sizeof(L));
  __loom_tex_fetch(T, Kind, X, Y, Z, Layer, &L, WantInt);
  return L;
}

float fetch1(cudaTextureObject_t T, double X) { return fetch(T, LoomTex1D, X).F[0]; }

cudaTextureDesc texDesc(cudaTextureFilterMode Filter, cudaTextureAddressMode Mode,
                        bool Normalized, cudaTextureReadMode Read = cudaReadModeElementType) {
  cudaTextureDesc D;
  std::memset(&D, 0, sizeof(D));
  D.addressMode[0] = D.addressMode[1] = D.addressMode[2] = Mode;
  D.filterMode = Filter;
  D.readMode = Read;
  D.normalizedCoords = Normalized;
  return D;
}

/// A CUDA array filled with \p Bytes of \p Data (arrays are dense).
cudaArray_t makeArray(const cudaChannelFormatDesc &Desc, cudaExtent Extent, unsigned Flags,
                      const void *Data, size_t Bytes) {
  cudaArray_t A = nullptr;
  EXPECT_EQ(cudaMalloc3DArray(&A, &Desc, Extent, Flags), cudaSuccess);
  loom::ArrayView V;
  EXPECT_TRUE(loom::Runtime::get().arrays().view(A, &V));
  EXPECT_EQ(V.totalBytes(), Bytes);
  std::memcpy(V.Base, Data, Bytes);
  return A;
}

cudaTextureObject_t arrayTexture(cudaArray_t A, const cudaTextureDesc &Tex) {
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypeArray;
  Res.res.array.array = A;
  cudaTextureObject_t T = 0;
  EXPECT_EQ(cudaCreateTextureObject(&T, &Res, &Tex, nullptr), cudaSuccess);
  return T;
}

/// A 1D float texture over a 1D array.
struct Float1D {
  cudaArray_t A;
  cudaTextureObject_t T;
  Float1D(const std::vector<float> &Values, const cudaTextureDesc &Tex) {
    cudaChannelFormatDesc Desc = cudaCreateChannelDesc<float>();
    A = makeArray(Desc, make_cudaExtent(Values.size(), 0, 0), 0, Values.data(),
                  Values.size() * sizeof(float));
    T = arrayTexture(A, Tex);
  }
  ~Float1D() {
    cudaDestroyTextureObject(T);
    cudaFreeArray(A);
  }
};

TEST(Texture, PointFilteringReadsFloorOfCoordinate) {
  Float1D F({10, 20, 30, 40}, texDesc(cudaFilterModePoint, cudaAddressModeClamp, false));
  EXPECT_EQ(fetch1(F.T, 0.5), 10.0f);
  EXPECT_EQ(fetch1(F.T, 1.0), 20.0f);
  EXPECT_EQ(fetch1(F.T, 1.99), 20.0f);
  EXPECT_EQ(fetch1(F.T, 3.5), 40.0f);
  Lanes L = fetch(F.T, LoomTex1D, 2.5);
  EXPECT_EQ(L.F[1], 0.0f); // missing channels: 0, w = 1
  EXPECT_EQ(L.F[2], 0.0f);
  EXPECT_EQ(L.F[3], 1.0f);
}

TEST(Texture, LinearFilteringUsesTexelCentres) {
  Float1D F({10, 20, 30, 40}, texDesc(cudaFilterModeLinear, cudaAddressModeClamp, false));
  EXPECT_EQ(fetch1(F.T, 0.5), 10.0f); // centres give the texel
  EXPECT_EQ(fetch1(F.T, 1.5), 20.0f);
  EXPECT_EQ(fetch1(F.T, 1.0), 15.0f); // halfway between texels 0 and 1
  EXPECT_EQ(fetch1(F.T, 2.25), 27.5f);
  EXPECT_EQ(fetch1(F.T, 0.0), 10.0f); // clamped neighbour
  EXPECT_EQ(fetch1(F.T, 4.0), 40.0f);
}

TEST(Texture, LinearWeightsHaveEightFractionalBits) {
  Float1D F({0, 1000}, texDesc(cudaFilterModeLinear, cudaAddressModeClamp, false));
  // alpha = 0.3 -> round(0.3 * 256) / 256 = 77/256, not 0.3.
  EXPECT_EQ(fetch1(F.T, 0.8), 1000.0f * 77.0f / 256.0f);
  EXPECT_NE(fetch1(F.T, 0.8), 300.0f);
  // alpha = 0.999 rounds to 1.
  EXPECT_EQ(fetch1(F.T, 1.499), 1000.0f);
}

TEST(Texture, AddressModesWithNormalizedCoordinates) {
  const std::vector<float> V = {10, 20, 30, 40};
  Float1D Wrap(V, texDesc(cudaFilterModePoint, cudaAddressModeWrap, true));
  Float1D Mirror(V, texDesc(cudaFilterModePoint, cudaAddressModeMirror, true));
  Float1D Clamp(V, texDesc(cudaFilterModePoint, cudaAddressModeClamp, true));
  cudaTextureDesc BorderDesc = texDesc(cudaFilterModePoint, cudaAddressModeBorder, true);
  BorderDesc.borderColor[0] = 7.0f;
  Float1D Border(V, BorderDesc);

  EXPECT_EQ(fetch1(Wrap.T, 0.375), 20.0f); // inside: x * 4 = 1.5
  EXPECT_EQ(fetch1(Wrap.T, 1.375), 20.0f);
  EXPECT_EQ(fetch1(Wrap.T, -0.1), 40.0f);
  EXPECT_EQ(fetch1(Mirror.T, 1.375), 30.0f); // reflected: texel 5 -> 2
  EXPECT_EQ(fetch1(Mirror.T, -0.1), 10.0f);  // texel -1 -> 0
  EXPECT_EQ(fetch1(Mirror.T, 2.1), 10.0f);   // period 2: texel 8 -> 0
  EXPECT_EQ(fetch1(Clamp.T, 1.375), 40.0f);
  EXPECT_EQ(fetch1(Clamp.T, -0.1), 10.0f);
  EXPECT_EQ(fetch1(Clamp.T, 1.0), 40.0f);
  EXPECT_EQ(fetch1(Border.T, 1.375), 7.0f);
  EXPECT_EQ(fetch1(Border.T, -0.1), 7.0f);
  EXPECT_EQ(fetch1(Border.T, 0.99), 40.0f);
}

TEST(Texture, WrapAndBorderWithLinearFiltering) {
  const std::vector<float> V = {10, 20, 30, 40};
  Float1D Wrap(V, texDesc(cudaFilterModeLinear, cudaAddressModeWrap, true));
  EXPECT_EQ(fetch1(Wrap.T, 0.0), 25.0f); // texels 3 and 0, halfway
  cudaTextureDesc BorderDesc = texDesc(cudaFilterModeLinear, cudaAddressModeBorder, false);
  BorderDesc.borderColor[0] = 2.0f;
  Float1D Border(V, BorderDesc);
  EXPECT_EQ(fetch1(Border.T, 0.0), 6.0f); // half border, half texel 0
  EXPECT_EQ(fetch1(Border.T, 4.0), 21.0f);
  // Unnormalized coordinates cannot wrap: treated as clamp.
  Float1D Unnorm(V, texDesc(cudaFilterModePoint, cudaAddressModeWrap, false));
  EXPECT_EQ(fetch1(Unnorm.T, 5.0), 40.0f);
}

TEST(Texture, NormalizedFloatReadOfUchar4) {
  const unsigned char Data[8] = {255, 0, 128, 51, 1, 2, 3, 4};
  cudaArray_t A = makeArray(cudaCreateChannelDesc<uchar4>(), make_cudaExtent(2, 0, 0), 0, Data, 8);
  cudaTextureObject_t T =
      arrayTexture(A, texDesc(cudaFilterModePoint, cudaAddressModeClamp, false,
                              cudaReadModeNormalizedFloat));
  Lanes L = fetch(T, LoomTex1D, 0.5);
  EXPECT_EQ(L.F[0], 1.0f);
  EXPECT_EQ(L.F[1], 0.0f);
  EXPECT_EQ(L.F[2], 128.0f / 255.0f);
  EXPECT_EQ(L.F[3], 0.2f);
  // Normalized reads may be filtered.
  EXPECT_EQ(cudaDestroyTextureObject(T), cudaSuccess);
  T = arrayTexture(A, texDesc(cudaFilterModeLinear, cudaAddressModeClamp, false,
                              cudaReadModeNormalizedFloat));
  EXPECT_FLOAT_EQ(fetch(T, LoomTex1D, 1.0).F[0], (1.0f + 1.0f / 255.0f) / 2.0f);
  EXPECT_EQ(cudaDestroyTextureObject(T), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(A), cudaSuccess);
}

TEST(Texture, NormalizedFloatReadOfSignedShort) {
  const short Data[3] = {-32768, 32767, -16384};
  cudaArray_t A = makeArray(cudaCreateChannelDesc<short>(), make_cudaExtent(3, 0, 0), 0, Data, 6);
  cudaTextureObject_t T =
      arrayTexture(A, texDesc(cudaFilterModePoint, cudaAddressModeClamp, false,
                              cudaReadModeNormalizedFloat));
  EXPECT_EQ(fetch1(T, 0.5), -1.0f); // clamped to -1
  EXPECT_EQ(fetch1(T, 1.5), 1.0f);
  EXPECT_FLOAT_EQ(fetch1(T, 2.5), -16384.0f / 32767.0f);
  cudaDestroyTextureObject(T);
  cudaFreeArray(A);
}

TEST(Texture, IntegerElementReadOverPitch2D) {
  // 3 x 2 int2 texels in rows of 64 bytes.
  const size_t Pitch = 64;
  void *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, Pitch * 2), cudaSuccess);
  for (int Y = 0; Y < 2; ++Y)
    for (int X = 0; X < 3; ++X) {
      int2 V = make_int2(-(10 * Y + X), 10 * Y + X);
      std::memcpy(static_cast<char *>(Dev) + Y * Pitch + X * sizeof(int2), &V, sizeof(V));
    }
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypePitch2D;
  Res.res.pitch2D.devPtr = Dev;
  Res.res.pitch2D.desc = cudaCreateChannelDesc<int2>();
  Res.res.pitch2D.width = 3;
  Res.res.pitch2D.height = 2;
  Res.res.pitch2D.pitchInBytes = Pitch;
  // Linear filtering is ignored for integer results (point sampling).
  cudaTextureDesc Tex = texDesc(cudaFilterModeLinear, cudaAddressModeClamp, false);
  cudaTextureObject_t T = 0;
  ASSERT_EQ(cudaCreateTextureObject(&T, &Res, &Tex, nullptr), cudaSuccess);
  Lanes L = fetch(T, LoomTex2D, 2.5, 1.5, 0, 0, 1);
  EXPECT_EQ(L.I[0], -12);
  EXPECT_EQ(L.I[1], 12);
  EXPECT_EQ(L.I[2], 0);
  EXPECT_EQ(L.I[3], 1);
  L = fetch(T, LoomTex2D, 1.2, 0.7, 0, 0, 1);
  EXPECT_EQ(L.I[1], 1);
  L = fetch(T, LoomTex2D, 9, 9, 0, 0, 1); // clamped
  EXPECT_EQ(L.I[1], 12);

  cudaResourceDesc Back;
  ASSERT_EQ(cudaGetTextureObjectResourceDesc(&Back, T), cudaSuccess);
  EXPECT_EQ(Back.resType, cudaResourceTypePitch2D);
  EXPECT_EQ(Back.res.pitch2D.pitchInBytes, Pitch);
  cudaTextureDesc TexBack;
  ASSERT_EQ(cudaGetTextureObjectTextureDesc(&TexBack, T), cudaSuccess);
  EXPECT_EQ(TexBack.filterMode, cudaFilterModeLinear);
  EXPECT_EQ(cudaDestroyTextureObject(T), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Texture, Tex1DfetchOverLinearMemory) {
  std::vector<float> Host = {1.5f, 2.5f, 3.5f};
  void *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, 12), cudaSuccess);
  std::memcpy(Dev, Host.data(), 12);
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypeLinear;
  Res.res.linear.devPtr = Dev;
  Res.res.linear.desc = cudaCreateChannelDesc<float>();
  Res.res.linear.sizeInBytes = 12;
  cudaTextureDesc Tex = texDesc(cudaFilterModePoint, cudaAddressModeClamp, false);
  cudaTextureObject_t T = 0;
  ASSERT_EQ(cudaCreateTextureObject(&T, &Res, &Tex, nullptr), cudaSuccess);
  EXPECT_EQ(fetch(T, LoomTex1DFetch, 0).F[0], 1.5f);
  EXPECT_EQ(fetch(T, LoomTex1DFetch, 2).F[0], 3.5f);
  Lanes Out = fetch(T, LoomTex1DFetch, 3);
  EXPECT_EQ(Out.F[0], 0.0f); // out of range: zeros
  EXPECT_EQ(Out.F[3], 0.0f);
  EXPECT_EQ(fetch(T, LoomTex1DFetch, -1).F[0], 0.0f);
  EXPECT_EQ(cudaDestroyTextureObject(T), cudaSuccess);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(Texture, LayeredArrayClampsTheLayer) {
  // 2 x 2 texels, 3 layers; value = 100 * layer + 10 * y + x.
  std::vector<float> Data;
  for (int L = 0; L < 3; ++L)
    for (int Y = 0; Y < 2; ++Y)
      for (int X = 0; X < 2; ++X)
        Data.push_back(float(100 * L + 10 * Y + X));
  cudaArray_t A = makeArray(cudaCreateChannelDesc<float>(), make_cudaExtent(2, 2, 3),
                            cudaArrayLayered, Data.data(), Data.size() * 4);
  cudaTextureObject_t T = arrayTexture(A, texDesc(cudaFilterModePoint, cudaAddressModeClamp, false));
  EXPECT_EQ(fetch(T, LoomTex2DLayered, 1.5, 0.5, 0, 1).F[0], 101.0f);
  EXPECT_EQ(fetch(T, LoomTex2DLayered, 0.5, 1.5, 0, 2).F[0], 210.0f);
  EXPECT_EQ(fetch(T, LoomTex2DLayered, 0.5, 1.5, 0, 7).F[0], 210.0f);
  EXPECT_EQ(fetch(T, LoomTex2DLayered, 0.5, 1.5, 0, -3).F[0], 10.0f);
  cudaDestroyTextureObject(T);
  cudaFreeArray(A);

  // 1D layered: 2 texels, 2 layers, linear filtering within a layer.
  const float Data1[4] = {0, 8, 100, 108};
  A = makeArray(cudaCreateChannelDesc<float>(), make_cudaExtent(2, 0, 2), cudaArrayLayered,
                Data1, 16);
  T = arrayTexture(A, texDesc(cudaFilterModeLinear, cudaAddressModeClamp, false));
  EXPECT_EQ(fetch(T, LoomTex1DLayered, 1.0, 0, 0, 1).F[0], 104.0f);
  cudaDestroyTextureObject(T);
  cudaFreeArray(A);
}

TEST(Texture, ThreeDimensionalArrayTrilinear) {
  std::vector<float> Data;
  for (int Z = 0; Z < 2; ++Z)
    for (int Y = 0; Y < 2; ++Y)
      for (int X = 0; X < 2; ++X)
        Data.push_back(float(X + 2 * Y + 4 * Z));
  cudaArray_t A = makeArray(cudaCreateChannelDesc<float>(), make_cudaExtent(2, 2, 2), 0,
                            Data.data(), Data.size() * 4);
  cudaTextureObject_t T = arrayTexture(A, texDesc(cudaFilterModeLinear, cudaAddressModeClamp, true));
  EXPECT_EQ(fetch(T, LoomTex3D, 0.5, 0.5, 0.5).F[0], 3.5f);   // mean of all eight
  EXPECT_EQ(fetch(T, LoomTex3D, 0.25, 0.25, 0.75).F[0], 4.0f); // texel (0,0,1)
  EXPECT_EQ(fetch(T, LoomTex3D, 0.375, 0.5, 0.25).F[0], 0.25f + 1.0f);
  cudaDestroyTextureObject(T);
  cudaFreeArray(A);
}

TEST(Texture, GatherReturnsOneComponentOfFourTexels) {
  // 2 x 2 float2 texels: (1 + x + 2y, 10 * that).
  std::vector<float> Data;
  for (int Y = 0; Y < 2; ++Y)
    for (int X = 0; X < 2; ++X) {
      Data.push_back(float(1 + X + 2 * Y));
      Data.push_back(float(10 * (1 + X + 2 * Y)));
    }
  cudaArray_t A = makeArray(cudaCreateChannelDesc<float2>(), make_cudaExtent(2, 2, 0),
                            cudaArrayTextureGather, Data.data(), Data.size() * 4);
  cudaTextureObject_t T = arrayTexture(A, texDesc(cudaFilterModePoint, cudaAddressModeClamp, false));
  Lanes L = fetch(T, LoomTex2DGather, 1.0, 1.0, 0, 0);
  EXPECT_EQ(L.F[0], 3.0f); // (0,1)
  EXPECT_EQ(L.F[1], 4.0f); // (1,1)
  EXPECT_EQ(L.F[2], 2.0f); // (1,0)
  EXPECT_EQ(L.F[3], 1.0f); // (0,0)
  L = fetch(T, LoomTex2DGather, 1.0, 1.0, 0, 1);
  EXPECT_EQ(L.F[0], 30.0f);
  EXPECT_EQ(L.F[3], 10.0f);
  cudaDestroyTextureObject(T);
  cudaFreeArray(A);
}

TEST(Texture, HalfFloatTexels) {
  const unsigned short Data[2] = {0x3c00, 0xc100}; // 1.0, -2.5
  cudaArray_t A = makeArray(cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat),
                            make_cudaExtent(2, 0, 0), 0, Data, 4);
  cudaTextureObject_t T = arrayTexture(A, texDesc(cudaFilterModeLinear, cudaAddressModeClamp, false));
  EXPECT_EQ(fetch1(T, 0.5), 1.0f);
  EXPECT_EQ(fetch1(T, 1.5), -2.5f);
  EXPECT_EQ(fetch1(T, 1.0), -0.75f);
  cudaDestroyTextureObject(T);
  cudaFreeArray(A);
}

TEST(Texture, ErrorPaths) {
  float *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, 64), cudaSuccess);
  cudaResourceDesc Res;
  std::memset(&Res, 0, sizeof(Res));
  Res.resType = cudaResourceTypeLinear;
  Res.res.linear.devPtr = Dev;
  Res.res.linear.desc = cudaCreateChannelDesc<float>();
  Res.res.linear.sizeInBytes = 64;
  cudaTextureDesc Tex = texDesc(cudaFilterModePoint, cudaAddressModeClamp, false);
  cudaTextureObject_t T = 0;
  EXPECT_EQ(cudaCreateTextureObject(nullptr, &Res, &Tex, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaCreateTextureObject(&T, nullptr, &Tex, nullptr), cudaErrorInvalidValue);
  EXPECT_EQ(cudaCreateTextureObject(&T, &Res, nullptr, nullptr), cudaErrorInvalidValue);
  cudaTextureDesc Bad = Tex;
  Bad.addressMode[1] = static_cast<cudaTextureAddressMode>(9);
  EXPECT_EQ(cudaCreateTextureObject(&T, &Res, &Bad, nullptr), cudaErrorInvalidValue);
  cudaResourceDesc BadRes = Res;
  BadRes.res.linear.devPtr = nullptr;
  EXPECT_EQ(cudaCreateTextureObject(&T, &BadRes, &Tex, nullptr), cudaErrorInvalidValue);
  BadRes = Res;
  BadRes.res.linear.desc = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
  EXPECT_EQ(cudaCreateTextureObject(&T, &BadRes, &Tex, nullptr),
            cudaErrorInvalidChannelDescriptor);
  BadRes.resType = cudaResourceTypeArray;
  BadRes.res.array.array = nullptr;
  EXPECT_EQ(cudaCreateTextureObject(&T, &BadRes, &Tex, nullptr), cudaErrorInvalidValue);
  BadRes.resType = static_cast<cudaResourceType>(42);
  EXPECT_EQ(cudaCreateTextureObject(&T, &BadRes, &Tex, nullptr), cudaErrorInvalidValue);
  cudaGetLastError();

  ASSERT_EQ(cudaCreateTextureObject(&T, &Res, &Tex, nullptr), cudaSuccess);
  EXPECT_NE(T, 0u);
  EXPECT_EQ(cudaDestroyTextureObject(T), cudaSuccess);
  EXPECT_EQ(cudaDestroyTextureObject(T), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  cudaResourceDesc Back;
  EXPECT_EQ(cudaGetTextureObjectResourceDesc(&Back, T), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDestroyTextureObject(0), cudaSuccess);
  // A destroyed or null object reads zeros.
  EXPECT_EQ(fetch(T, LoomTex1DFetch, 0).F[0], 0.0f);
  EXPECT_EQ(fetch(0, LoomTex2D, 0.5, 0.5).I[3], 0);

  textureReference Unregistered;
  std::memset(&Unregistered, 0, sizeof(Unregistered));
  size_t Offset = 1;
  cudaChannelFormatDesc Desc = cudaCreateChannelDesc<float>();
  EXPECT_EQ(cudaBindTexture(&Offset, &Unregistered, Dev, &Desc, 64), cudaErrorInvalidTexture);
  EXPECT_EQ(cudaUnbindTexture(&Unregistered), cudaErrorInvalidTexture);
  EXPECT_EQ(cudaBindTexture(&Offset, nullptr, Dev, &Desc, 64), cudaErrorInvalidTexture);
  const textureReference *Ref = nullptr;
  EXPECT_EQ(cudaGetTextureReference(&Ref, &Unregistered), cudaErrorInvalidTexture);
  cudaGetLastError();
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

// ---- texture references: what clang and loomcc emit, written by hand ----

struct FatbinWrapper {
  int Magic;
  int Version;
  const char *Data;
  void *Unused;
};
const char TexFatbinData[] = "LOOMFATBIN1\0texture-test-module";
FatbinWrapper TexWrapper = {0x466243b1, 1, TexFatbinData, nullptr};

uint64_t DeviceTexRef = 0;    // the device variable loomcc emits for texRef
uint64_t DeviceTexRefPP = 0;  // ... and for the C++ texture<> object
const LoomVarDesc TexVars[] = {
    {"texRef", &DeviceTexRef, 8, 0, 0, nullptr},
    {"texRefPP", &DeviceTexRefPP, 8, 0, 0, nullptr},
};
const LoomModuleDesc TexModule = {LOOM_ABI_VERSION, 0, "texture-test-module", nullptr,
                                  2, 0, TexVars};

textureReference TexRef; // a hand-made reference (read mode from registration)
texture<float, cudaTextureType1D, cudaReadModeElementType> TexRefPP(0, cudaFilterModeLinear,
                                                                     cudaAddressModeClamp);

struct RegisterTextures {
  RegisterTextures() {
    std::memset(&TexRef, 0, sizeof(TexRef));
    TexRef.addressMode[0] = cudaAddressModeClamp;
    void **Handle = __cudaRegisterFatBinary(&TexWrapper);
    __cudaRegisterTexture(Handle, &TexRef, (const void **)"texRef", "texRef",
                          cudaTextureType1D, cudaReadModeNormalizedFloat, 0);
    __cudaRegisterTexture(Handle, &TexRefPP, (const void **)"texRefPP",
                          "texRefPP", cudaTextureType1D, cudaReadModeElementType, 0);
    __loomRegisterModule(&TexModule);
  }
} TheTextures;

TEST(TextureReference, BindStoresTheObjectInTheDeviceVariable) {
  unsigned char *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, 4), cudaSuccess);
  const unsigned char Bytes[4] = {0, 51, 255, 102};
  std::memcpy(Dev, Bytes, 4);
  EXPECT_EQ(DeviceTexRef, 0u);
  size_t Offset = 7;
  cudaChannelFormatDesc Desc = cudaCreateChannelDesc<unsigned char>();
  // Default size (UINT_MAX): clamped to the allocation.
  ASSERT_EQ(cudaBindTexture(&Offset, &TexRef, Dev, &Desc), cudaSuccess);
  EXPECT_EQ(Offset, 0u);
  ASSERT_NE(DeviceTexRef, 0u);
  // Read mode NormalizedFloat came from __cudaRegisterTexture.
  EXPECT_EQ(fetch(DeviceTexRef, LoomTex1DFetch, 1).F[0], 0.2f);
  EXPECT_EQ(fetch(DeviceTexRef, LoomTex1DFetch, 2).F[0], 1.0f);
  EXPECT_EQ(fetch(DeviceTexRef, LoomTex1DFetch, 300).F[0], 0.0f);
  cudaResourceDesc Res;
  ASSERT_EQ(cudaGetTextureObjectResourceDesc(&Res, DeviceTexRef), cudaSuccess);
  EXPECT_GE(Res.res.linear.sizeInBytes, 4u); // clamped to the allocation
  EXPECT_LE(Res.res.linear.sizeInBytes, 256u);
  uint64_t First = DeviceTexRef;

  // Rebinding replaces (and destroys) the previous object.
  ASSERT_EQ(cudaBindTexture(&Offset, &TexRef, Dev + 2, &Desc, 2), cudaSuccess);
  EXPECT_EQ(fetch(DeviceTexRef, LoomTex1DFetch, 0).F[0], 1.0f);
  EXPECT_EQ(fetch(DeviceTexRef, LoomTex1DFetch, 2).F[0], 0.0f);
  if (DeviceTexRef != First)
    EXPECT_EQ(cudaDestroyTextureObject(First), cudaErrorInvalidValue);
  cudaGetLastError();

  EXPECT_EQ(cudaGetTextureAlignmentOffset(&Offset, &TexRef), cudaSuccess);
  const textureReference *Found = nullptr;
  EXPECT_EQ(cudaGetTextureReference(&Found, &TexRef), cudaSuccess);
  EXPECT_EQ(Found, &TexRef);

  ASSERT_EQ(cudaUnbindTexture(&TexRef), cudaSuccess);
  EXPECT_EQ(DeviceTexRef, 0u);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
}

TEST(TextureReference, CppTemplatesUseTheReferenceFields) {
  EXPECT_EQ(TexRefPP.channelDesc.x, 32);
  EXPECT_EQ(TexRefPP.channelDesc.f, cudaChannelFormatKindFloat);
  EXPECT_EQ(TexRefPP.filterMode, cudaFilterModeLinear);
  const float Values[2] = {1.0f, 3.0f};
  cudaArray_t A = makeArray(cudaCreateChannelDesc<float>(), make_cudaExtent(2, 0, 0), 0, Values, 8);
  ASSERT_EQ(cudaBindTextureToArray(TexRefPP, A), cudaSuccess);
  ASSERT_NE(DeviceTexRefPP, 0u);
  EXPECT_EQ(fetch(DeviceTexRefPP, LoomTex1D, 1.0).F[0], 2.0f); // linear filtering

  float *Dev = nullptr;
  ASSERT_EQ(cudaMalloc(&Dev, 16), cudaSuccess);
  Dev[0] = 5.0f;
  Dev[1] = 6.0f;
  Dev[2] = 7.0f;
  Dev[3] = 8.0f;
  size_t Offset;
  ASSERT_EQ(cudaBindTexture(&Offset, TexRefPP, Dev, 16), cudaSuccess);
  EXPECT_EQ(fetch(DeviceTexRefPP, LoomTex1DFetch, 3).F[0], 8.0f);
  ASSERT_EQ(cudaBindTexture2D(&Offset, TexRefPP, Dev, 2, 2, 8), cudaSuccess);
  EXPECT_EQ(fetch(DeviceTexRefPP, LoomTex2D, 0.5, 1.5).F[0], 7.0f);
  ASSERT_EQ(cudaUnbindTexture(TexRefPP), cudaSuccess);
  EXPECT_EQ(DeviceTexRefPP, 0u);
  EXPECT_EQ(cudaFree(Dev), cudaSuccess);
  EXPECT_EQ(cudaFreeArray(A), cudaSuccess);
}

} // namespace
