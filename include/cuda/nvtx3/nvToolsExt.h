/* nvtx3/nvToolsExt.h - the NVIDIA Tools Extension (NVTX v3) C API for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Programs annotate ranges and marks for a profiler. Loom has no NVTX tool
 * to forward them to, so the calls do nothing except what the API promises
 * to its caller: nvtxRangePush* returns the 0-based nesting level of the
 * range it opens and nvtxRangePop the level of the range it closes (counted
 * per host thread; a Pop without a Push returns -1), nvtxRangeStart* returns
 * a new non-zero id. As NVTX v3, header-only: no library is needed, and
 * -lnvToolsExt (NVTX v2 programs) links Loom's libnvToolsExt.so holding the
 * same functions. In C (no inline variables) the push/pop depth is not
 * tracked and they return NVTX_NO_PUSH_POP_TRACKING, as NVTX does with no
 * tool attached. Ranges and marks with ASCII messages reach Loom's profiler
 * (LOOM_PROFILE's NVTX table, LOOM_TRACE's host-thread tracks; docs/tools.md)
 * through a weak reference to libloomrt's __loom_nvtx_event, so a program
 * without the runtime still links.
 */
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

#ifdef __cplusplus
#define NVTX_LOOM_FN inline
extern "C" {
#else
#define NVTX_LOOM_FN static inline
#endif

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef struct nvtxResourceAttributes_v0 {
  uint16_t version;
  uint16_t size;
  int32_t identifierType;
  union identifier_t { const void *pValue; uint64_t ullValue; } identifier;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

#ifdef __cplusplus
/* Push/pop nesting per host thread; range ids per process. */
NVTX_LOOM_FN int *nvtxLoomDepth_(void) {
  static thread_local int Depth = 0;
  return &Depth;
}
NVTX_LOOM_FN int nvtxLoomPush_(void) { return (*nvtxLoomDepth_())++; }
NVTX_LOOM_FN int nvtxLoomPop_(void) {
  int *D = nvtxLoomDepth_();
  return *D > 0 ? --*D : -1;
}
NVTX_LOOM_FN nvtxRangeId_t nvtxLoomNewId_(void) {
  static nvtxRangeId_t Next = 0;
  return __atomic_add_fetch(&Next, 1, __ATOMIC_RELAXED);
}
#else
NVTX_LOOM_FN int nvtxLoomPush_(void) { return NVTX_NO_PUSH_POP_TRACKING; }
NVTX_LOOM_FN int nvtxLoomPop_(void) { return NVTX_NO_PUSH_POP_TRACKING; }
NVTX_LOOM_FN nvtxRangeId_t nvtxLoomNewId_(void) {
  static nvtxRangeId_t Next = 0;
  return __atomic_add_fetch(&Next, 1, __ATOMIC_RELAXED);
}
#endif

/* Loom's profiler: kind 0 push, 1 pop, 2 start (id), 3 end (id), 4 mark. */
__attribute__((weak)) void __loom_nvtx_event(int kind, const char *message, uint64_t id);
NVTX_LOOM_FN void nvtxLoomReport_(int kind, const char *message, uint64_t id) {
  if (__loom_nvtx_event)
    __loom_nvtx_event(kind, message, id);
}
/* The ASCII message of attributes; others are not decoded. */
NVTX_LOOM_FN const char *nvtxLoomMessage_(const nvtxEventAttributes_t *a) {
  return a && a->messageType == NVTX_MESSAGE_TYPE_ASCII ? a->message.ascii : "(non-ASCII message)";
}

NVTX_LOOM_FN void nvtxInitialize(const void *reserved) { (void)reserved; }
NVTX_LOOM_FN void nvtxMarkEx(const nvtxEventAttributes_t *a) {
  nvtxLoomReport_(4, nvtxLoomMessage_(a), 0);
}
NVTX_LOOM_FN void nvtxMarkA(const char *m) { nvtxLoomReport_(4, m, 0); }
NVTX_LOOM_FN void nvtxMarkW(const wchar_t *m) {
  (void)m;
  nvtxLoomReport_(4, "(wide message)", 0);
}
NVTX_LOOM_FN nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *a) {
  nvtxRangeId_t id = nvtxLoomNewId_();
  nvtxLoomReport_(2, nvtxLoomMessage_(a), id);
  return id;
}
NVTX_LOOM_FN nvtxRangeId_t nvtxRangeStartA(const char *m) {
  nvtxRangeId_t id = nvtxLoomNewId_();
  nvtxLoomReport_(2, m, id);
  return id;
}
NVTX_LOOM_FN nvtxRangeId_t nvtxRangeStartW(const wchar_t *m) {
  nvtxRangeId_t id = nvtxLoomNewId_();
  (void)m;
  nvtxLoomReport_(2, "(wide message)", id);
  return id;
}
NVTX_LOOM_FN void nvtxRangeEnd(nvtxRangeId_t id) { nvtxLoomReport_(3, 0, id); }
NVTX_LOOM_FN int nvtxRangePushEx(const nvtxEventAttributes_t *a) {
  nvtxLoomReport_(0, nvtxLoomMessage_(a), 0);
  return nvtxLoomPush_();
}
NVTX_LOOM_FN int nvtxRangePushA(const char *m) {
  nvtxLoomReport_(0, m, 0);
  return nvtxLoomPush_();
}
NVTX_LOOM_FN int nvtxRangePushW(const wchar_t *m) {
  (void)m;
  nvtxLoomReport_(0, "(wide message)", 0);
  return nvtxLoomPush_();
}
NVTX_LOOM_FN int nvtxRangePop(void) {
  nvtxLoomReport_(1, 0, 0);
  return nvtxLoomPop_();
}
NVTX_LOOM_FN void nvtxNameCategoryA(uint32_t c, const char *n) { (void)c; (void)n; }
NVTX_LOOM_FN void nvtxNameCategoryW(uint32_t c, const wchar_t *n) { (void)c; (void)n; }
NVTX_LOOM_FN void nvtxNameOsThreadA(uint32_t t, const char *n) { (void)t; (void)n; }
NVTX_LOOM_FN void nvtxNameOsThreadW(uint32_t t, const wchar_t *n) { (void)t; (void)n; }

/* Domains: a distinct non-null handle per call; the calls do nothing. */
NVTX_LOOM_FN nvtxDomainHandle_t nvtxDomainCreateA(const char *n) {
  (void)n;
  return (nvtxDomainHandle_t)(uintptr_t)nvtxLoomNewId_();
}
NVTX_LOOM_FN nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *n) {
  (void)n;
  return (nvtxDomainHandle_t)(uintptr_t)nvtxLoomNewId_();
}
NVTX_LOOM_FN void nvtxDomainDestroy(nvtxDomainHandle_t d) { (void)d; }
NVTX_LOOM_FN void nvtxDomainMarkEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  nvtxMarkEx(a);
}
NVTX_LOOM_FN nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t d,
                                                  const nvtxEventAttributes_t *a) {
  (void)d;
  return nvtxRangeStartEx(a);
}
NVTX_LOOM_FN void nvtxDomainRangeEnd(nvtxDomainHandle_t d, nvtxRangeId_t id) {
  (void)d;
  nvtxRangeEnd(id);
}
NVTX_LOOM_FN int nvtxDomainRangePushEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  return nvtxRangePushEx(a);
}
NVTX_LOOM_FN int nvtxDomainRangePop(nvtxDomainHandle_t d) {
  (void)d;
  return nvtxRangePop();
}
NVTX_LOOM_FN nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t d, const char *s) {
  (void)d;
  return (nvtxStringHandle_t)s;
}
NVTX_LOOM_FN nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t d,
                                                          const wchar_t *s) {
  (void)d;
  return (nvtxStringHandle_t)s;
}
NVTX_LOOM_FN void nvtxDomainNameCategoryA(nvtxDomainHandle_t d, uint32_t c, const char *n) {
  (void)d;
  (void)c;
  (void)n;
}
NVTX_LOOM_FN void nvtxDomainNameCategoryW(nvtxDomainHandle_t d, uint32_t c, const wchar_t *n) {
  (void)d;
  (void)c;
  (void)n;
}

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_V3 */
