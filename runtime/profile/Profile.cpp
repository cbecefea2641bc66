// Profile.cpp - the events LOOM_PROFILE and LOOM_TRACE record, and their reports at exit.
// SPDX-License-Identifier: Apache-2.0
//
// Each record is counted under one lock into per-name statistics (so that a
// long run's summary takes constant memory) and, for a trace, appended to the
// event list; reports are built once, at exit: the summary groups kernels by name (launches, total/mean/min/max time, share
// of all kernel time), copies and fills by kind (count, bytes, time, GB/s)
// and API calls by name, like nsys's cuda_gpu_kern_sum, cuda_gpu_mem_*_sum
// and cuda_api_sum; the trace is Chrome's trace-event JSON (chrome://tracing,
// ui.perfetto.dev) with one track per stream, worker and host thread.
#include "profile/Profile.h"

#include "core/CooperativeLaunch.h"
#include "core/Ops.h"
#include "loom/KernelABI.h"
#include "scheduler/Op.h"
#include "scheduler/Stream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace loom {
namespace profile {

namespace {

const char *traceFile() {
  const char *T = std::getenv("LOOM_TRACE");
  return T && *T ? T : nullptr;
}

bool summaryWanted() {
  const char *P = std::getenv("LOOM_PROFILE");
  return P && *P && std::strcmp(P, "0") != 0;
}

void report();

bool readEnvironment() {
  if (!summaryWanted() && !traceFile())
    return false;
  std::atexit(report);
  return true;
}

enum class EventType : uint8_t { Kernel, Transfer, Worker, Api, NvtxRange, NvtxMark };

struct Event {
  EventType Type;
  uint8_t Kind = KindNone;  // Transfer: cudaMemcpyKind + 1 or KindMemset
  uint32_t Track = 0;       // stream (kernels, transfers in a stream), worker, host thread
  bool OnStream = false;    // Transfer: Track is a stream (else a host thread)
  const char *Name = nullptr; // Kernel/Worker: mangled kernel name or op kind; Api: call
  uint64_t Units = 0;       // Kernel: blocks
  uint64_t Bytes = 0;       // Transfer
  int64_t Start = 0, End = 0;
};

struct Stats {
  uint64_t Count = 0, Bytes = 0;
  int64_t Total = 0, Min = INT64_MAX, Max = 0;
  void add(int64_t T, uint64_t B = 0) {
    ++Count;
    Bytes += B;
    Total += T;
    Min = std::min(Min, T);
    Max = std::max(Max, T);
  }
  void merge(const Stats &O) {
    Count += O.Count;
    Bytes += O.Bytes;
    Total += O.Total;
    Min = std::min(Min, O.Min);
    Max = std::max(Max, O.Max);
  }
};

struct State {
  std::mutex M;
  std::vector<Event> Events; // only for LOOM_TRACE
  // The summary's groups, keyed by the (static) name or the transfer kind.
  std::map<const char *, Stats> Kernels, Api, Nvtx;
  // NVTX: interned messages, and ranges opened by nvtxRangeStart (by id).
  std::set<std::string> Strings;
  std::map<uint64_t, std::pair<const char *, int64_t>> OpenRanges;
  std::map<uint8_t, Stats> Transfers;
  std::map<const Stream *, uint32_t> StreamIds;
  uint32_t NextStream = 1;
  uint32_t NextThread = 0;
  int64_t Origin = 0;
};

State &state() {
  // Leaked: recording may continue on worker threads while exit runs.
  static State *S = new State;
  return *S;
}

thread_local uint8_t PendingKind = KindNone;
thread_local uint64_t PendingBytes = 0;
thread_local int ThreadId = -1;

/// Called with the lock held.
uint32_t streamId(const Stream *S) {
  State &St = state();
  if (!S)
    return 0;
  if (S->IsLegacyDefault)
    return 0;
  auto It = St.StreamIds.find(S);
  if (It != St.StreamIds.end())
    return It->second;
  return St.StreamIds[S] = St.NextStream++;
}

uint32_t threadId() {
  if (ThreadId < 0) {
    std::lock_guard<std::mutex> Lock(state().M);
    ThreadId = int(state().NextThread++);
  }
  return uint32_t(ThreadId);
}

const char *kernelName(const Op &O) {
  // A cooperative grid runs as one op holding its launch.
  if (const auto *Coop = dynamic_cast<const CooperativeKernelOp *>(&O))
    return kernelName(Coop->kernel());
  if (!dynamic_cast<const KernelOp *>(&O))
    return nullptr;
  // A kernel's cost key is its descriptor (core/Ops.h).
  const auto *Desc = static_cast<const LoomKernelDesc *>(O.costKey());
  return Desc && Desc->name ? Desc->name : "<kernel>";
}

const char *opLabel(const Op &O) {
  if (const char *K = kernelName(O))
    return K;
  if (dynamic_cast<const CopyOp *>(&O))
    return "memcpy";
  if (dynamic_cast<const SetOp *>(&O))
    return "memset";
  if (dynamic_cast<const HostFnOp *>(&O))
    return "host function";
  return "op";
}

const bool Tracing = traceFile() != nullptr;

/// Called with the lock held.
void addLocked(const Event &E) {
  State &St = state();
  if (Tracing)
    St.Events.push_back(E);
  switch (E.Type) {
  case EventType::Kernel:
    St.Kernels[E.Name].add(E.End - E.Start);
    break;
  case EventType::Transfer:
    St.Transfers[E.Kind].add(E.End - E.Start, E.Bytes);
    break;
  case EventType::Api:
    St.Api[E.Name].add(E.End - E.Start);
    break;
  case EventType::NvtxRange:
    St.Nvtx[E.Name].add(E.End - E.Start);
    break;
  case EventType::Worker:
  case EventType::NvtxMark:
    break;
  }
}

void add(const Event &E) {
  std::lock_guard<std::mutex> Lock(state().M);
  addLocked(E);
}

std::string demangle(const char *Name) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Name, nullptr, nullptr, &Status);
  std::string Out = Status == 0 && D ? D : Name;
  std::free(D);
  return Out;
}

const char *transferName(uint8_t Kind) {
  switch (Kind) {
  case KindCopyBase + 0: return "[CUDA memcpy Host-to-Host]";
  case KindCopyBase + 1: return "[CUDA memcpy Host-to-Device]";
  case KindCopyBase + 2: return "[CUDA memcpy Device-to-Host]";
  case KindCopyBase + 3: return "[CUDA memcpy Device-to-Device]";
  case KindCopyBase + 4: return "[CUDA memcpy Default]";
  case KindMemset: return "[CUDA memset]";
  default: return "[CUDA memcpy]";
  }
}

std::vector<std::pair<std::string, Stats>> sorted(std::map<std::string, Stats> &M) {
  std::vector<std::pair<std::string, Stats>> V(M.begin(), M.end());
  std::stable_sort(V.begin(), V.end(),
                   [](const auto &A, const auto &B) { return A.second.Total > B.second.Total; });
  return V;
}

void printTable(const char *Title, std::map<std::string, Stats> &Groups, bool Transfers,
                const char *CountTitle = "Instances") {
  std::fprintf(stderr, "\n%s\n", Title);
  if (Groups.empty()) {
    std::fprintf(stderr, "  (none)\n");
    return;
  }
  int64_t All = 0;
  for (auto &G : Groups)
    All += G.second.Total;
  if (Transfers)
    std::fprintf(stderr, " %7s %14s %9s %12s %12s %12s %12s %9s  %s\n", "Time(%)", "Total (ns)",
                 "Count", "Avg (ns)", "Min (ns)", "Max (ns)", "Total (MB)", "GB/s", "Operation");
  else
    std::fprintf(stderr, " %7s %14s %9s %12s %12s %12s  %s\n", "Time(%)", "Total (ns)",
                 CountTitle, "Avg (ns)", "Min (ns)", "Max (ns)", "Name");
  for (auto &[Name, S] : sorted(Groups)) {
    double Share = All > 0 ? 100.0 * double(S.Total) / double(All) : 0;
    double Avg = double(S.Total) / double(S.Count);
    if (Transfers)
      std::fprintf(stderr, " %7.1f %14lld %9llu %12.1f %12lld %12lld %12.3f %9.3f  %s\n", Share,
                   (long long)S.Total, (unsigned long long)S.Count, Avg, (long long)S.Min,
                   (long long)S.Max, double(S.Bytes) / 1e6,
                   S.Total > 0 ? double(S.Bytes) / double(S.Total) : 0.0, Name.c_str());
    else
      std::fprintf(stderr, " %7.1f %14lld %9llu %12.1f %12lld %12lld  %s\n", Share,
                   (long long)S.Total, (unsigned long long)S.Count, Avg, (long long)S.Min,
                   (long long)S.Max, Name.c_str());
  }
}

std::string jsonString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(C) < 0x20) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", C);
      Out += Buf;
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

void writeTrace(const char *Path, const std::vector<Event> &Events, int64_t Origin) {
  FILE *F = std::fopen(Path, "w");
  if (!F) {
    std::fprintf(stderr, "loom: LOOM_TRACE: cannot write '%s'\n", Path);
    return;
  }
  // pid 1: streams, 2: workers, 3: host threads.
  std::fprintf(F, "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n");
  std::fprintf(F, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"args\":{\"name\":\"Loom "
                  "streams\"}},\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":2,\"args\":{"
                  "\"name\":\"Loom workers\"}},\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":3,"
                  "\"args\":{\"name\":\"Host threads (CUDA API)\"}}");
  std::map<std::pair<int, uint32_t>, bool> Named;
  auto us = [&](int64_t T) { return double(T - Origin) / 1000.0; };
  for (const Event &E : Events) {
    int Pid;
    std::string Name, Cat, Args;
    switch (E.Type) {
    case EventType::Kernel:
      Pid = 1;
      Name = demangle(E.Name);
      Cat = "kernel";
      Args = "\"blocks\":" + std::to_string(E.Units) + ",\"mangled\":" + jsonString(E.Name);
      break;
    case EventType::Transfer:
      Pid = E.OnStream ? 1 : 3;
      Name = transferName(E.Kind);
      Cat = E.Kind == KindMemset ? "memset" : "memcpy";
      Args = "\"bytes\":" + std::to_string(E.Bytes);
      break;
    case EventType::Worker:
      Pid = 2;
      Name = E.Name ? demangle(E.Name) : "op";
      Cat = "worker";
      break;
    case EventType::Api:
      Pid = 3;
      Name = E.Name;
      Cat = std::strstr(E.Name, "Synchronize") ? "sync" : "api";
      break;
    case EventType::NvtxRange:
    case EventType::NvtxMark:
      Pid = 3;
      Name = E.Name;
      Cat = "nvtx";
      break;
    }
    if (!Named[{Pid, E.Track}]) {
      Named[{Pid, E.Track}] = true;
      std::string Track = Pid == 1 ? "stream " + std::to_string(E.Track)
                          : Pid == 2 ? "worker " + std::to_string(E.Track)
                                     : "host thread " + std::to_string(E.Track);
      std::fprintf(F, ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%u,\"args\":{"
                      "\"name\":%s}}",
                   Pid, E.Track, jsonString(Track).c_str());
    }
    if (E.Type == EventType::NvtxMark) {
      std::fprintf(F, ",\n{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"nvtx\",\"name\":%s,\"pid\":3,"
                      "\"tid\":%u,\"ts\":%.3f}",
                   jsonString(Name).c_str(), E.Track, us(E.Start));
      continue;
    }
    std::fprintf(F, ",\n{\"ph\":\"X\",\"cat\":\"%s\",\"name\":%s,\"pid\":%d,\"tid\":%u,"
                    "\"ts\":%.3f,\"dur\":%.3f,\"args\":{%s}}",
                 Cat.c_str(), jsonString(Name).c_str(), Pid, E.Track, us(E.Start),
                 double(E.End - E.Start) / 1000.0, Args.c_str());
  }
  std::fprintf(F, "\n]}\n");
  std::fclose(F);
}

void report() {
  // The program's output first (stdio is flushed after the atexit handlers).
  std::fflush(stdout);
  std::vector<Event> Events;
  int64_t Origin;
  std::map<std::string, Stats> Kernels, Transfers, Api, Nvtx;
  {
    std::lock_guard<std::mutex> Lock(state().M);
    State &St = state();
    Events = St.Events;
    Origin = St.Origin;
    // Kernels of several modules (or a JIT specialization) may share a name.
    for (auto &[Name, S] : St.Kernels)
      Kernels[demangle(Name)].merge(S);
    for (auto &[Kind, S] : St.Transfers)
      Transfers[transferName(Kind)].merge(S);
    for (auto &[Name, S] : St.Api)
      Api[Name].merge(S);
    for (auto &[Name, S] : St.Nvtx)
      Nvtx[Name].merge(S);
  }
  if (const char *Path = traceFile())
    writeTrace(Path, Events, Origin);
  if (!summaryWanted())
    return;
  std::fprintf(stderr, "\n==loom== LOOM_PROFILE summary (%.3f ms since the runtime started; "
                       "times are CPU wall-clock)\n",
               double(nowNs() - Origin) / 1e6);
  printTable("CUDA kernels (cuda_gpu_kern_sum; Time(%): share of all kernel time):", Kernels,
             false);
  printTable("CUDA memory operations (cuda_gpu_mem_time_sum, cuda_gpu_mem_size_sum):", Transfers,
             true);
  printTable("CUDA API calls (cuda_api_sum):", Api, false, "Num Calls");
  if (!Nvtx.empty())
    printTable("NVTX ranges (nvtx_sum; Time(%): share of all range time):", Nvtx, false);
}

} // namespace

const bool Enabled = readEnvironment();

namespace {
// The trace's time origin: when the runtime was loaded.
struct OriginInit {
  OriginInit() {
    if (Enabled)
      state().Origin = nowNs();
  }
} TheOrigin;
} // namespace

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

TransferScope::TransferScope(int Kind, uint64_t Bytes, bool IsMemset) {
  if (Enabled) {
    PendingKind = IsMemset ? uint8_t(KindMemset) : uint8_t(KindCopyBase + Kind);
    PendingBytes = Bytes;
  }
}

TransferScope::~TransferScope() {
  if (Enabled)
    PendingKind = KindNone;
}

void tagNewOp(Op &O) {
  O.ProfileKind = PendingKind;
  O.ProfileBytes = PendingBytes;
  PendingKind = KindNone; // one op per submission
}

void ranInline(const Op &O, int64_t StartNs) {
  if (O.ProfileKind == KindNone)
    return;
  Event E{EventType::Transfer};
  E.Kind = O.ProfileKind;
  E.Bytes = O.ProfileBytes;
  E.Start = StartNs;
  E.End = nowNs();
  E.Track = threadId();
  add(E);
}

void opFinished(const Op &O) {
  const char *Name = kernelName(O);
  if (!Name && O.ProfileKind == KindNone)
    return; // host functions, and copies of graph replays (untagged)
  Event E{Name ? EventType::Kernel : EventType::Transfer};
  E.Name = Name;
  E.Units = O.NumUnits;
  if (const auto *Coop = dynamic_cast<const CooperativeKernelOp *>(&O))
    E.Units = Coop->blocks();
  E.Kind = O.ProfileKind;
  E.Bytes = O.ProfileBytes;
  E.OnStream = true;
  E.Start = O.ProfileStartNs.load(std::memory_order_relaxed);
  E.End = nowNs();
  std::lock_guard<std::mutex> Lock(state().M);
  E.Track = streamId(O.Owner.get());
  addLocked(E);
}

void workerSpan(const Op &O, uint32_t Worker, int64_t StartNs) {
  if (!Tracing)
    return; // the summary has no worker table
  Event E{EventType::Worker};
  E.Name = opLabel(O);
  E.Track = Worker;
  E.Start = StartNs;
  E.End = nowNs();
  add(E);
}

namespace {
thread_local int ApiDepth = 0;
} // namespace

void ApiScope::enter(const char *Called) {
  if (ApiDepth++ != 0)
    return;
  Name = Called;
  Start = nowNs();
}

void ApiScope::leave() {
  --ApiDepth;
  if (!Name)
    return;
  Event E{EventType::Api};
  E.Name = Name;
  E.Start = Start;
  E.End = nowNs();
  E.Track = threadId();
  add(E);
}

} // namespace profile
} // namespace loom

using namespace loom::profile;

/// NVTX's calls (include/cuda/nvtx3/nvToolsExt.h reaches this through a weak
/// reference): \p Kind 0 push, 1 pop, 2 start (\p Id), 3 end (\p Id), 4 mark.
/// Ranges go to the summary's NVTX table and the trace's host-thread track.
extern "C" void __loom_nvtx_event(int Kind, const char *Message, uint64_t Id) {
  if (!Enabled)
    return;
  thread_local std::vector<std::pair<const char *, int64_t>> Stack;
  int64_t Now = nowNs();
  uint32_t Thread = threadId();
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.M);
  const char *Name =
      St.Strings.insert(Message ? Message : "(unnamed range)").first->c_str();
  Event E{EventType::NvtxRange};
  E.Track = Thread;
  E.End = Now;
  switch (Kind) {
  case 0:
    Stack.push_back({Name, Now});
    return;
  case 1:
    if (Stack.empty())
      return; // a pop without a push: nothing to close
    E.Name = Stack.back().first;
    E.Start = Stack.back().second;
    Stack.pop_back();
    break;
  case 2:
    St.OpenRanges[Id] = {Name, Now};
    return;
  case 3: {
    auto It = St.OpenRanges.find(Id);
    if (It == St.OpenRanges.end())
      return;
    E.Name = It->second.first;
    E.Start = It->second.second;
    St.OpenRanges.erase(It);
    break;
  }
  case 4:
    E.Type = EventType::NvtxMark;
    E.Name = Name;
    E.Start = Now;
    break;
  default:
    return;
  }
  addLocked(E);
}
