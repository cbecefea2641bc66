// DeviceInfo.cpp - host facts (/proc/cpuinfo, sysconf) and their cudaDeviceProp rendering.
// SPDX-License-Identifier: Apache-2.0
#include "core/DeviceInfo.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <unistd.h>

namespace loom {

namespace {

/// Copies the value of the first "Key : value" line of /proc/cpuinfo.
bool cpuinfoValue(const char *Key, char *Out, size_t OutSize) {
  FILE *File = std::fopen("/proc/cpuinfo", "r");
  if (!File)
    return false;
  char Line[512];
  bool Found = false;
  size_t KeyLen = std::strlen(Key);
  while (!Found && std::fgets(Line, sizeof(Line), File)) {
    if (std::strncmp(Line, Key, KeyLen) != 0)
      continue;
    const char *Colon = std::strchr(Line, ':');
    if (!Colon)
      continue;
    const char *Value = Colon + 1;
    while (*Value == ' ' || *Value == '\t')
      ++Value;
    std::snprintf(Out, OutSize, "%s", Value);
    size_t Len = std::strlen(Out);
    while (Len && (Out[Len - 1] == '\n' || Out[Len - 1] == ' '))
      Out[--Len] = '\0';
    Found = Len != 0;
  }
  std::fclose(File);
  return Found;
}

long readLongFile(const char *Path) {
  FILE *File = std::fopen(Path, "r");
  if (!File)
    return 0;
  long Value = 0;
  if (std::fscanf(File, "%ld", &Value) != 1)
    Value = 0;
  std::fclose(File);
  return Value;
}

} // namespace

HostFacts readHostFacts() {
  HostFacts Facts{};
  if (!cpuinfoValue("model name", Facts.CpuModel, sizeof(Facts.CpuModel)) &&
      !cpuinfoValue("Model", Facts.CpuModel, sizeof(Facts.CpuModel)))
    std::snprintf(Facts.CpuModel, sizeof(Facts.CpuModel), "unknown CPU");

  char Mhz[64];
  if (cpuinfoValue("cpu MHz", Mhz, sizeof(Mhz)))
    Facts.ClockKHz = static_cast<int>(std::strtod(Mhz, nullptr) * 1000.0);
  if (Facts.ClockKHz <= 0)
    Facts.ClockKHz =
        static_cast<int>(readLongFile("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"));

  Facts.HardwareThreads = std::thread::hardware_concurrency();
  if (Facts.HardwareThreads == 0)
    Facts.HardwareThreads = 1;

  long Pages = sysconf(_SC_PHYS_PAGES), PageSize = sysconf(_SC_PAGESIZE);
  Facts.PhysicalBytes = Pages > 0 && PageSize > 0 ? size_t(Pages) * size_t(PageSize) : 0;

  long L2 = 0;
#ifdef _SC_LEVEL2_CACHE_SIZE
  L2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
#endif
  if (L2 <= 0) {
    // sysfs spells it "1024K".
    L2 = readLongFile("/sys/devices/system/cpu/cpu0/cache/index2/size") * 1024;
  }
  Facts.L2Bytes = L2 > 0 ? static_cast<int>(L2) : 0;
  return Facts;
}

size_t availableHostBytes() {
  FILE *File = std::fopen("/proc/meminfo", "r");
  if (!File)
    return 0;
  char Line[256];
  size_t Bytes = 0;
  while (std::fgets(Line, sizeof(Line), File)) {
    unsigned long long KiB;
    if (std::sscanf(Line, "MemAvailable: %llu kB", &KiB) == 1) {
      Bytes = static_cast<size_t>(KiB) * 1024;
      break;
    }
  }
  std::fclose(File);
  return Bytes;
}

void fillDeviceProperties(const HostFacts &Facts, cudaDeviceProp *Prop) {
  std::memset(Prop, 0, sizeof(*Prop));
  std::snprintf(Prop->name, sizeof(Prop->name), "Loom CPU (%s)", Facts.CpuModel);
  std::memcpy(Prop->uuid.bytes, "LOOM-CPU-DEVICE0", 16);
  Prop->totalGlobalMem = Facts.PhysicalBytes;
  Prop->sharedMemPerBlock = limits::SharedMemPerBlock;
  Prop->regsPerBlock = 65536;
  Prop->warpSize = limits::WarpSize;
  Prop->memPitch = 2147483647;
  Prop->maxThreadsPerBlock = limits::MaxThreadsPerBlock;
  Prop->maxThreadsDim[0] = limits::MaxBlockDimX;
  Prop->maxThreadsDim[1] = limits::MaxBlockDimY;
  Prop->maxThreadsDim[2] = limits::MaxBlockDimZ;
  Prop->maxGridSize[0] = static_cast<int>(limits::MaxGridDimX);
  Prop->maxGridSize[1] = limits::MaxGridDimY;
  Prop->maxGridSize[2] = limits::MaxGridDimZ;
  Prop->clockRate = Facts.ClockKHz;
  Prop->totalConstMem = 65536;
  Prop->major = limits::ComputeMajor;
  Prop->minor = limits::ComputeMinor;
  Prop->textureAlignment = 512;
  Prop->texturePitchAlignment = 32;
  // Texture limits: the sampler has no hardware limits; report those of a
  // current GPU so programs that check them proceed.
  Prop->maxTexture1D = 131072;
  Prop->maxTexture1DLinear = 1 << 28;
  Prop->maxTexture2D[0] = 131072;
  Prop->maxTexture2D[1] = 65536;
  Prop->maxTexture2DLinear[0] = 131072;
  Prop->maxTexture2DLinear[1] = 65000;
  Prop->maxTexture2DLinear[2] = 2097120;
  Prop->maxTexture2DGather[0] = 32768;
  Prop->maxTexture2DGather[1] = 32768;
  Prop->maxTexture3D[0] = Prop->maxTexture3D[1] = Prop->maxTexture3D[2] = 16384;
  Prop->maxTexture3DAlt[0] = Prop->maxTexture3DAlt[1] = 8192;
  Prop->maxTexture3DAlt[2] = 32768;
  Prop->maxTextureCubemap = 32768;
  Prop->maxTexture1DLayered[0] = 32768;
  Prop->maxTexture1DLayered[1] = 2048;
  Prop->maxTexture2DLayered[0] = Prop->maxTexture2DLayered[1] = 32768;
  Prop->maxTexture2DLayered[2] = 2048;
  Prop->maxTextureCubemapLayered[0] = 32768;
  Prop->maxTextureCubemapLayered[1] = 2046;
  // Mipmapped arrays (texture/Texture.h, MaxMipLevels: 18 levels).
  Prop->maxTexture1DMipmap = 32768;
  Prop->maxTexture2DMipmap[0] = Prop->maxTexture2DMipmap[1] = 32768;
  Prop->maxSurface1D = 32768;
  Prop->maxSurface2D[0] = 131072;
  Prop->maxSurface2D[1] = 65536;
  Prop->maxSurface3D[0] = Prop->maxSurface3D[1] = Prop->maxSurface3D[2] = 16384;
  Prop->maxSurface1DLayered[0] = 32768;
  Prop->maxSurface1DLayered[1] = 2048;
  Prop->maxSurface2DLayered[0] = Prop->maxSurface2DLayered[1] = 32768;
  Prop->maxSurface2DLayered[2] = 2048;
  Prop->maxSurfaceCubemap = 32768;
  Prop->maxSurfaceCubemapLayered[0] = 32768;
  Prop->maxSurfaceCubemapLayered[1] = 2046;
  Prop->deviceOverlap = 1;
  Prop->multiProcessorCount = static_cast<int>(Facts.HardwareThreads);
  Prop->kernelExecTimeoutEnabled = 0;
  Prop->integrated = 1; // device memory is host memory
  Prop->canMapHostMemory = 1;
  Prop->computeMode = cudaComputeModeDefault;
  Prop->surfaceAlignment = 512;
  Prop->concurrentKernels = 1;
  Prop->ECCEnabled = 0;
  Prop->asyncEngineCount = 1;
  Prop->unifiedAddressing = 1;
  Prop->memoryClockRate = 0; // unknown on a CPU
  Prop->memoryBusWidth = 64;
  Prop->l2CacheSize = Facts.L2Bytes;
  Prop->maxThreadsPerMultiProcessor = limits::MaxThreadsPerMultiProcessor;
  Prop->streamPrioritiesSupported = 1;
  Prop->globalL1CacheSupported = 1;
  Prop->localL1CacheSupported = 1;
  Prop->sharedMemPerMultiprocessor = limits::SharedMemPerMultiprocessor;
  Prop->regsPerMultiprocessor = 65536;
  Prop->managedMemory = 1;
  Prop->hostNativeAtomicSupported = 1;
  Prop->singleToDoublePrecisionPerfRatio = 2;
  Prop->pageableMemoryAccess = 1;
  Prop->concurrentManagedAccess = 1;
  Prop->computePreemptionSupported = 0;
  Prop->canUseHostPointerForRegisteredMem = 1;
  Prop->cooperativeLaunch = 1; // cudaLaunchCooperativeKernel: one thread per block
  Prop->cooperativeMultiDeviceLaunch = 0;
  Prop->sharedMemPerBlockOptin = limits::SharedMemPerBlockOptin;
  Prop->pageableMemoryAccessUsesHostPageTables = 1;
  Prop->directManagedMemAccessFromHost = 1;
  Prop->maxBlocksPerMultiProcessor = limits::MaxBlocksPerMultiProcessor;
  Prop->reservedSharedMemPerBlock = 0;
  Prop->hostRegisterSupported = 1;
  Prop->hostRegisterReadOnlySupported = 1;
  Prop->memoryPoolsSupported = 1; // cudaMemPool_t (memory/MemPool.h)
}

bool deviceAttribute(const cudaDeviceProp &P, cudaDeviceAttr Attr, int *Value) {
  auto clampInt = [](size_t V) { return V > 2147483647u ? 2147483647 : static_cast<int>(V); };
  switch (Attr) {
  case cudaDevAttrMaxThreadsPerBlock: *Value = P.maxThreadsPerBlock; return true;
  case cudaDevAttrMaxBlockDimX: *Value = P.maxThreadsDim[0]; return true;
  case cudaDevAttrMaxBlockDimY: *Value = P.maxThreadsDim[1]; return true;
  case cudaDevAttrMaxBlockDimZ: *Value = P.maxThreadsDim[2]; return true;
  case cudaDevAttrMaxGridDimX: *Value = P.maxGridSize[0]; return true;
  case cudaDevAttrMaxGridDimY: *Value = P.maxGridSize[1]; return true;
  case cudaDevAttrMaxGridDimZ: *Value = P.maxGridSize[2]; return true;
  case cudaDevAttrMaxSharedMemoryPerBlock: *Value = clampInt(P.sharedMemPerBlock); return true;
  case cudaDevAttrTotalConstantMemory: *Value = clampInt(P.totalConstMem); return true;
  case cudaDevAttrWarpSize: *Value = P.warpSize; return true;
  case cudaDevAttrMaxPitch: *Value = clampInt(P.memPitch); return true;
  case cudaDevAttrMaxRegistersPerBlock: *Value = P.regsPerBlock; return true;
  case cudaDevAttrClockRate: *Value = P.clockRate; return true;
  case cudaDevAttrTextureAlignment: *Value = clampInt(P.textureAlignment); return true;
  case cudaDevAttrGpuOverlap: *Value = P.deviceOverlap; return true;
  case cudaDevAttrMultiProcessorCount: *Value = P.multiProcessorCount; return true;
  case cudaDevAttrKernelExecTimeout: *Value = P.kernelExecTimeoutEnabled; return true;
  case cudaDevAttrIntegrated: *Value = P.integrated; return true;
  case cudaDevAttrCanMapHostMemory: *Value = P.canMapHostMemory; return true;
  case cudaDevAttrComputeMode: *Value = P.computeMode; return true;
  case cudaDevAttrSurfaceAlignment: *Value = clampInt(P.surfaceAlignment); return true;
  case cudaDevAttrConcurrentKernels: *Value = P.concurrentKernels; return true;
  case cudaDevAttrEccEnabled: *Value = P.ECCEnabled; return true;
  case cudaDevAttrPciBusId: *Value = P.pciBusID; return true;
  case cudaDevAttrPciDeviceId: *Value = P.pciDeviceID; return true;
  case cudaDevAttrPciDomainId: *Value = P.pciDomainID; return true;
  case cudaDevAttrTccDriver: *Value = P.tccDriver; return true;
  case cudaDevAttrMemoryClockRate: *Value = P.memoryClockRate; return true;
  case cudaDevAttrGlobalMemoryBusWidth: *Value = P.memoryBusWidth; return true;
  case cudaDevAttrL2CacheSize: *Value = P.l2CacheSize; return true;
  case cudaDevAttrMaxThreadsPerMultiProcessor: *Value = P.maxThreadsPerMultiProcessor; return true;
  case cudaDevAttrAsyncEngineCount: *Value = P.asyncEngineCount; return true;
  case cudaDevAttrUnifiedAddressing: *Value = P.unifiedAddressing; return true;
  case cudaDevAttrTexturePitchAlignment: *Value = clampInt(P.texturePitchAlignment); return true;
  case cudaDevAttrComputeCapabilityMajor: *Value = P.major; return true;
  case cudaDevAttrComputeCapabilityMinor: *Value = P.minor; return true;
  case cudaDevAttrStreamPrioritiesSupported: *Value = P.streamPrioritiesSupported; return true;
  case cudaDevAttrGlobalL1CacheSupported: *Value = P.globalL1CacheSupported; return true;
  case cudaDevAttrLocalL1CacheSupported: *Value = P.localL1CacheSupported; return true;
  case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
    *Value = clampInt(P.sharedMemPerMultiprocessor);
    return true;
  case cudaDevAttrMaxRegistersPerMultiprocessor: *Value = P.regsPerMultiprocessor; return true;
  case cudaDevAttrManagedMemory: *Value = P.managedMemory; return true;
  case cudaDevAttrIsMultiGpuBoard: *Value = P.isMultiGpuBoard; return true;
  case cudaDevAttrMultiGpuBoardGroupID: *Value = P.multiGpuBoardGroupID; return true;
  case cudaDevAttrHostNativeAtomicSupported: *Value = P.hostNativeAtomicSupported; return true;
  case cudaDevAttrSingleToDoublePrecisionPerfRatio:
    *Value = P.singleToDoublePrecisionPerfRatio;
    return true;
  case cudaDevAttrPageableMemoryAccess: *Value = P.pageableMemoryAccess; return true;
  case cudaDevAttrConcurrentManagedAccess: *Value = P.concurrentManagedAccess; return true;
  case cudaDevAttrComputePreemptionSupported: *Value = P.computePreemptionSupported; return true;
  case cudaDevAttrCanUseHostPointerForRegisteredMem:
    *Value = P.canUseHostPointerForRegisteredMem;
    return true;
  case cudaDevAttrCooperativeLaunch: *Value = P.cooperativeLaunch; return true;
  case cudaDevAttrCooperativeMultiDeviceLaunch: *Value = P.cooperativeMultiDeviceLaunch; return true;
  case cudaDevAttrMaxSharedMemoryPerBlockOptin: *Value = clampInt(P.sharedMemPerBlockOptin); return true;
  case cudaDevAttrCanFlushRemoteWrites: *Value = 0; return true;
  case cudaDevAttrHostRegisterSupported: *Value = P.hostRegisterSupported; return true;
  case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
    *Value = P.pageableMemoryAccessUsesHostPageTables;
    return true;
  case cudaDevAttrDirectManagedMemAccessFromHost: *Value = P.directManagedMemAccessFromHost; return true;
  case cudaDevAttrMaxBlocksPerMultiprocessor: *Value = P.maxBlocksPerMultiProcessor; return true;
  case cudaDevAttrMaxPersistingL2CacheSize: *Value = P.persistingL2CacheMaxSize; return true;
  case cudaDevAttrMaxAccessPolicyWindowSize: *Value = P.accessPolicyMaxWindowSize; return true;
  case cudaDevAttrReservedSharedMemoryPerBlock: *Value = clampInt(P.reservedSharedMemPerBlock); return true;
  case cudaDevAttrSparseCudaArraySupported: *Value = P.sparseCudaArraySupported; return true;
  case cudaDevAttrHostRegisterReadOnlySupported: *Value = P.hostRegisterReadOnlySupported; return true;
  case cudaDevAttrTimelineSemaphoreInteropSupported: *Value = 0; return true;
  case cudaDevAttrMemoryPoolsSupported: *Value = P.memoryPoolsSupported; return true;
  case cudaDevAttrGPUDirectRDMASupported: *Value = 0; return true;
  case cudaDevAttrGPUDirectRDMAFlushWritesOptions: *Value = 0; return true;
  case cudaDevAttrGPUDirectRDMAWritesOrdering: *Value = 0; return true;
  case cudaDevAttrMemoryPoolSupportedHandleTypes: *Value = 0; return true;
  case cudaDevAttrClusterLaunch: *Value = P.clusterLaunch; return true;
  case cudaDevAttrDeferredMappingCudaArraySupported: *Value = 0; return true;
  // Texture and surface limits, as cudaGetDeviceProperties reports them.
  case cudaDevAttrMaxTexture1DWidth: *Value = P.maxTexture1D; return true;
  case cudaDevAttrMaxTexture2DWidth: *Value = P.maxTexture2D[0]; return true;
  case cudaDevAttrMaxTexture2DHeight: *Value = P.maxTexture2D[1]; return true;
  case cudaDevAttrMaxTexture3DWidth: *Value = P.maxTexture3D[0]; return true;
  case cudaDevAttrMaxTexture3DHeight: *Value = P.maxTexture3D[1]; return true;
  case cudaDevAttrMaxTexture3DDepth: *Value = P.maxTexture3D[2]; return true;
  case cudaDevAttrMaxTexture2DLayeredWidth: *Value = P.maxTexture2DLayered[0]; return true;
  case cudaDevAttrMaxTexture2DLayeredHeight: *Value = P.maxTexture2DLayered[1]; return true;
  case cudaDevAttrMaxTexture2DLayeredLayers: *Value = P.maxTexture2DLayered[2]; return true;
  case cudaDevAttrMaxTexture1DLayeredWidth: *Value = P.maxTexture1DLayered[0]; return true;
  case cudaDevAttrMaxTexture1DLayeredLayers: *Value = P.maxTexture1DLayered[1]; return true;
  case cudaDevAttrMaxTexture2DGatherWidth: *Value = P.maxTexture2DGather[0]; return true;
  case cudaDevAttrMaxTexture2DGatherHeight: *Value = P.maxTexture2DGather[1]; return true;
  case cudaDevAttrMaxTexture3DWidthAlt: *Value = P.maxTexture3DAlt[0]; return true;
  case cudaDevAttrMaxTexture3DHeightAlt: *Value = P.maxTexture3DAlt[1]; return true;
  case cudaDevAttrMaxTexture3DDepthAlt: *Value = P.maxTexture3DAlt[2]; return true;
  case cudaDevAttrMaxTextureCubemapWidth: *Value = P.maxTextureCubemap; return true;
  case cudaDevAttrMaxTextureCubemapLayeredWidth: *Value = P.maxTextureCubemapLayered[0]; return true;
  case cudaDevAttrMaxTextureCubemapLayeredLayers: *Value = P.maxTextureCubemapLayered[1]; return true;
  case cudaDevAttrMaxSurface1DWidth: *Value = P.maxSurface1D; return true;
  case cudaDevAttrMaxSurface2DWidth: *Value = P.maxSurface2D[0]; return true;
  case cudaDevAttrMaxSurface2DHeight: *Value = P.maxSurface2D[1]; return true;
  case cudaDevAttrMaxSurface3DWidth: *Value = P.maxSurface3D[0]; return true;
  case cudaDevAttrMaxSurface3DHeight: *Value = P.maxSurface3D[1]; return true;
  case cudaDevAttrMaxSurface3DDepth: *Value = P.maxSurface3D[2]; return true;
  case cudaDevAttrMaxSurface1DLayeredWidth: *Value = P.maxSurface1DLayered[0]; return true;
  case cudaDevAttrMaxSurface1DLayeredLayers: *Value = P.maxSurface1DLayered[1]; return true;
  case cudaDevAttrMaxSurface2DLayeredWidth: *Value = P.maxSurface2DLayered[0]; return true;
  case cudaDevAttrMaxSurface2DLayeredHeight: *Value = P.maxSurface2DLayered[1]; return true;
  case cudaDevAttrMaxSurface2DLayeredLayers: *Value = P.maxSurface2DLayered[2]; return true;
  case cudaDevAttrMaxSurfaceCubemapWidth: *Value = P.maxSurfaceCubemap; return true;
  case cudaDevAttrMaxSurfaceCubemapLayeredWidth: *Value = P.maxSurfaceCubemapLayered[0]; return true;
  case cudaDevAttrMaxSurfaceCubemapLayeredLayers: *Value = P.maxSurfaceCubemapLayered[1]; return true;
  case cudaDevAttrMaxTexture1DLinearWidth: *Value = P.maxTexture1DLinear; return true;
  case cudaDevAttrMaxTexture2DLinearWidth: *Value = P.maxTexture2DLinear[0]; return true;
  case cudaDevAttrMaxTexture2DLinearHeight: *Value = P.maxTexture2DLinear[1]; return true;
  case cudaDevAttrMaxTexture2DLinearPitch: *Value = P.maxTexture2DLinear[2]; return true;
  case cudaDevAttrMaxTexture2DMipmappedWidth: *Value = P.maxTexture2DMipmap[0]; return true;
  case cudaDevAttrMaxTexture2DMipmappedHeight: *Value = P.maxTexture2DMipmap[1]; return true;
  case cudaDevAttrMaxTexture1DMipmappedWidth: *Value = P.maxTexture1DMipmap; return true;
  default:
    return false;
  }
}

} // namespace loom
