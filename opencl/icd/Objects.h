// Objects.h - the OpenCL objects of Loom's platform and the helpers every API file uses.
// SPDX-License-Identifier: Apache-2.0
//
// Every object starts with the ICD dispatch table pointer (the loader calls
// through it), then a magic number so that a handle of the wrong kind or a
// garbage pointer is refused with the API's error code instead of being
// used. Objects are reference counted; an object dies when its count and
// every internal reference (a queue's pending commands hold their events,
// kernels hold their program) are gone.
#ifndef LOOM_OPENCL_OBJECTS_H
#define LOOM_OPENCL_OBJECTS_H

#include <CL/cl.h>
#include <CL/cl_icd.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace loomcl {

extern cl_icd_dispatch Dispatch;

enum Magic : uint32_t {
  PlatformMagic = 0x4c4d5031,
  DeviceMagic = 0x4c4d4431,
  ContextMagic = 0x4c4d4331,
  QueueMagic = 0x4c4d5131,
  MemMagic = 0x4c4d4d31,
  ProgramMagic = 0x4c4d5231,
  KernelMagic = 0x4c4d4b31,
  EventMagic = 0x4c4d4531,
  SamplerMagic = 0x4c4d5331,
};

struct ImageState;   // Image.cpp
struct LayoutShadow; // Layout.cpp

/// The common head of every object.
#define LOOMCL_OBJECT_HEAD                                                                         \
  cl_icd_dispatch *dispatch = &loomcl::Dispatch;                                                   \
  uint32_t magic;                                                                                  \
  std::atomic<cl_uint> refs{1}

template <typename T> bool valid(T *Object, uint32_t M) {
  return Object && Object->dispatch == &Dispatch && Object->magic == M;
}

/// clGet*Info's contract: the size out, and the value if there is room.
cl_int info(size_t Size, void *Value, size_t *SizeRet, const void *Data, size_t DataSize);
template <typename T> cl_int infoValue(size_t Size, void *Value, size_t *SizeRet, const T &V) {
  return info(Size, Value, SizeRet, &V, sizeof(T));
}
cl_int infoString(size_t Size, void *Value, size_t *SizeRet, const std::string &S);

/// Nanoseconds on the clock profiling reports (CLOCK_MONOTONIC).
cl_ulong nowNs();

} // namespace loomcl

struct _cl_platform_id {
  cl_icd_dispatch *dispatch = &loomcl::Dispatch;
  uint32_t magic = loomcl::PlatformMagic;
};

struct _cl_device_id {
  cl_icd_dispatch *dispatch = &loomcl::Dispatch;
  uint32_t magic = loomcl::DeviceMagic;
};

struct _cl_context {
  LOOMCL_OBJECT_HEAD;
  std::vector<cl_context_properties> properties; // as given, with the 0
  void(CL_CALLBACK *notify)(const char *, const void *, size_t, void *) = nullptr;
  void *notifyData = nullptr;
  std::mutex callbacksLock;
  std::vector<std::pair<void(CL_CALLBACK *)(cl_context, void *), void *>> destructorCallbacks;
};

struct _cl_mem {
  LOOMCL_OBJECT_HEAD;
  cl_context context = nullptr;
  cl_mem_flags flags = 0;
  size_t size = 0;
  char *data = nullptr;   // the storage kernels and copies use
  void *hostPtr = nullptr; // CL_MEM_HOST_PTR's answer
  bool owned = false;      // data was allocated here
  cl_mem parent = nullptr; // sub-buffer: the buffer it views
  size_t offset = 0;       // sub-buffer: its origin in the parent
  cl_mem_object_type type = CL_MEM_OBJECT_BUFFER;
  loomcl::ImageState *image = nullptr; // images: format, shape, kernel descriptor
  std::atomic<cl_uint> mapCount{0};
  /// The data-layout transformation's structure of arrays copy (Layout.cpp),
  /// under layoutLock; shadowed says one was ever made.
  std::mutex layoutLock;
  loomcl::LayoutShadow *shadow = nullptr;
  std::atomic<bool> shadowed{false};
  /// Launches that used the copy and conversions either way; layoutOff: the
  /// buffer converts about as often as it is used, never transform it again.
  std::atomic<uint32_t> layoutLaunches{0}, layoutConversions{0};
  std::atomic<bool> layoutOff{false};
  std::mutex callbacksLock;
  std::vector<std::pair<void(CL_CALLBACK *)(cl_mem, void *), void *>> destructorCallbacks;
};

namespace loomcl {

/// One kernel argument, as loom-clc's manifest describes it.
struct ArgDesc {
  enum Kind { Value = 0, Global = 1, Constant = 2, Local = 3, Image = 4, Sampler = 5 } kind;
  size_t size;
  std::string addressQualifier, accessQualifier, typeName, typeQualifier, name;
};

/// loom-clc's "layout" line: buffer argument arg is an array of
/// stride-byte structures whose fields (offset, width) the kernel accesses,
/// the structure of arrays layout would make them contiguous (Layout.cpp).
struct LayoutDesc {
  unsigned arg = 0;
  uint64_t stride = 0;
  std::vector<std::pair<uint64_t, uint64_t>> fields;
  bool writes = false;
  std::string text; // "<stride>:<offset>/<width>,...", -loom-layout's form
};

struct KernelDesc {
  std::string name;
  std::vector<ArgDesc> args;
  size_t reqd[3] = {0, 0, 0};
  size_t staticLocalBytes = 0; // its __local variables
  /// Integer scalar arguments whose value pays as a constant (loom-clc's
  /// rule: it decides a branch, multiplies into or indexes an address):
  /// argument index and what it feeds.
  std::vector<std::pair<unsigned, std::string>> uniform;
  bool barrier = false; // it synchronizes its work-group
  /// Thread coarsening would remove repeated work along this dimension
  /// (-1: nowhere); loom-clc's estimate of that work.
  int coarsenDim = -1;
  unsigned coarsenSaved = 0;
  std::vector<LayoutDesc> layouts;
  /// The address libloomrt knows the kernel by (its "host stub").
  char stub = 0;
};

} // namespace loomcl

struct _cl_program {
  LOOMCL_OBJECT_HEAD;
  cl_context context = nullptr;
  std::string source;
  std::mutex lock; // build state below
  std::string options, log;
  cl_build_status status = CL_BUILD_NONE;
  std::string key;      // the module key of the last successful build
  std::string manifest; // loom-clc's manifest of that build
  std::string object;   // the shared object it linked (the program binary's code)
  bool fromBinary = false;
  bool linked = false;  // made by clLinkProgram
  /// clCompileProgram's compiled object or a -create-library link: the
  /// front end's bitcode (binaryType says which); empty for executables.
  std::string compiled;
  cl_program_binary_type binaryType = CL_PROGRAM_BINARY_TYPE_NONE;
  /// Enqueue-time specialization (LOOM_CL_SPECIALIZE): the program built
  /// again with internal options (-loom-noalias, -loom-uniform=...), keyed
  /// by those options, built on the first launch that needs it (nullptr:
  /// the build failed); owned by this program.
  std::map<std::string, _cl_program *> variants;
  /// Per kernel: the uniform candidates' values at its last launch, how
  /// many launches in a row had them, and its uniform variants so far.
  struct UniformHistory {
    std::string last;
    unsigned streak = 0;
    unsigned variants = 0;
  };
  std::map<std::string, UniformHistory> uniformHistory;
  std::string fatbin;   // LOOMFATBIN1\0key\0 for __cudaRegisterFatBinary
  void **fatHandle = nullptr;
  std::vector<std::unique_ptr<loomcl::KernelDesc>> kernels;
  std::atomic<cl_uint> attachedKernels{0};
};

struct _cl_kernel {
  LOOMCL_OBJECT_HEAD;
  cl_program program = nullptr;
  const loomcl::KernelDesc *desc = nullptr;
  std::mutex lock;
  std::vector<std::vector<unsigned char>> values; // bytes; cl_mem for buffers
  std::vector<size_t> localSizes;                 // __local arguments' sizes
  std::vector<bool> set;
};

struct _cl_sampler {
  LOOMCL_OBJECT_HEAD;
  cl_context context = nullptr;
  cl_bool normalized = CL_TRUE;
  cl_addressing_mode addressing = CL_ADDRESS_CLAMP;
  cl_filter_mode filter = CL_FILTER_NEAREST;
  std::vector<cl_sampler_properties> properties; // clCreateSamplerWithProperties', with the 0
  uint32_t bits = 0; // the OpenCL C value (CLK_*) kernels receive
};

struct _cl_event {
  LOOMCL_OBJECT_HEAD;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr; // null for a user event
  cl_command_type type = 0;
  std::mutex lock;
  std::condition_variable changed;
  cl_int status = CL_QUEUED;
  cl_ulong queued = 0, submitted = 0, started = 0, ended = 0;
  bool profiled = false;
  struct Callback {
    cl_int when;
    void(CL_CALLBACK *fn)(cl_event, cl_int, void *);
    void *data;
  };
  std::vector<Callback> callbacks;
};

namespace loomcl {

/// A command waiting in a queue: what to run, the events it waits for and
/// the event that reports it.
struct Command {
  std::function<cl_int()> run;
  std::vector<cl_event> waitFor; // retained
  cl_event event;                // retained
};

} // namespace loomcl

struct _cl_command_queue {
  LOOMCL_OBJECT_HEAD;
  cl_context context = nullptr;
  cl_device_id device = nullptr;
  cl_command_queue_properties properties = 0;
  std::vector<cl_queue_properties> propertyList;
  void *stream = nullptr; // the cudaStream_t its kernels launch into
  std::mutex lock;
  std::condition_variable work, idle;
  std::deque<loomcl::Command> pending;
  bool busy = false, stopping = false;
  bool selfDelete = false; // the executor deletes the queue when it stops
  std::thread executor;
};

namespace loomcl {

extern _cl_platform_id ThePlatform;
extern _cl_device_id TheDevice;

// Events (Queue.cpp).
cl_event newEvent(cl_context Context, cl_command_queue Queue, cl_command_type Type);
void setEventStatus(cl_event Event, cl_int Status);
void releaseEvent(cl_event Event);
/// Checks a wait list's arguments (CL_INVALID_EVENT_WAIT_LIST, CL_INVALID_CONTEXT).
cl_int checkWaitList(cl_context Context, cl_uint Num, const cl_event *List);
/// Queues \p Run on \p Queue after the wait list; the new event goes to
/// \p EventOut when it is not null; \p Blocking waits for the command.
cl_int enqueue(cl_command_queue Queue, cl_command_type Type, cl_uint NumWait,
               const cl_event *WaitList, cl_event *EventOut, bool Blocking,
               std::function<cl_int()> Run);
void startQueue(cl_command_queue Queue);
void stopQueue(cl_command_queue Queue);
void destroyQueue(cl_command_queue Queue);
cl_int finishQueue(cl_command_queue Queue);

// Objects.cpp.
void retainContext(cl_context C);
void releaseContext(cl_context C);
void retainMem(cl_mem M);
void releaseMem(cl_mem M);
void retainProgram(cl_program P);
void releaseProgram(cl_program P);
void releaseQueue(cl_command_queue Q);

// Image.cpp.
void installImages(cl_icd_dispatch &D);
void destroyImage(ImageState *Image);
/// The address kernels get for image \p M (its LoomClImage).
void *imageDescriptor(cl_mem M);
/// Whether image \p M fits a kernel argument of type \p TypeName (image2d_t, ...).
bool imageFitsArgument(cl_mem M, const std::string &TypeName);

/// A buffer's memory (Objects.cpp): 128-byte aligned, huge pages from 2 MiB
/// on; free with std::free.
char *allocateBufferMemory(size_t Size);

// Layout.cpp: the data-layout transformation's shadow copies. Called by
// each command, on its queue's executor, before it touches a buffer.
/// \p M's memory as a structure of arrays copy in layout \p L (made, or
/// brought up to date, from the buffer); its elements' count is the word
/// before it. \p L.writes: the kernel may change it.
char *layoutView(cl_mem M, const LayoutDesc &L);
/// Makes the bytes of \p M (a buffer, sub-buffer or image on a buffer)
/// current for a use as they are; \p Write: the copy becomes stale.
void hostView(cl_mem M, bool Write);
/// Whether the transformation still pays for buffer \p M (it is not
/// converted back about as often as launches use it).
bool layoutPays(cl_mem M);
/// Frees \p M's shadow copy.
void dropShadow(cl_mem M);

// Program.cpp.
cl_int buildProgram(cl_program Program, const char *Options);
/// clCompileProgram: \p Headers are (include name, source) pairs.
cl_int compileProgram(cl_program Program, const char *Options,
                      const std::vector<std::pair<std::string, std::string>> &Headers);
/// clLinkProgram into the new program \p Out (status and log set either way).
cl_int linkProgram(cl_program Out, const char *Options, const std::vector<cl_program> &Inputs);
void dropBuild(cl_program Program);
std::string programBinary(cl_program Program);
bool parseProgramBinary(const unsigned char *Data, size_t Size, cl_program Program);
/// Launches \p Kernel's arguments snapshot; run by the queue's executor.
struct Launch {
  const KernelDesc *desc;
  cl_program program; // retained while the command waits
  std::vector<std::vector<unsigned char>> values;
  std::vector<size_t> localSizes;
  cl_uint workDim;
  size_t offset[3], global[3], local[3];
  /// Buffer arguments passed as their structure of arrays copy (the
  /// variant's layout); the rest are synchronized for plain use.
  std::vector<LayoutDesc> layouts;
};
cl_int runLaunch(cl_command_queue Queue, const Launch &L);
/// Whether enqueue-time specialization \p Name (noalias, uniform, wgsize)
/// is on: LOOM_CL_SPECIALIZE, docs/opencl.md.
bool specializationOn(const char *Name);
/// LOOM_CL_REPORT=1: prints "loom-cl: <Line>" on stderr, once per line.
void reportDecision(const std::string &Line);
/// The widest vector register of the running CPU, in bytes.
cl_uint vectorBytes();
/// Sets the kernel launch \p L (of \p Program) runs: a specialized variant
/// where LOOM_CL_SPECIALIZE allows and the facts hold (a coarsened one also
/// changes the range), else L.desc as it is. LOOM_CL_REPORT=1 prints the
/// decision.
void specializeLaunch(cl_program Program, Launch &L);

} // namespace loomcl

#endif
