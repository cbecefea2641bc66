// Queue.cpp - command queues and events: one executor thread per queue runs its commands in order.
// SPDX-License-Identifier: Apache-2.0
//
// A queue's commands run one after another on the queue's executor thread
// (an out-of-order queue runs them in order too, which the specification
// allows). A kernel command launches into the queue's CUDA stream on Loom's
// worker pool and waits for it there; copies and fills run on the executor
// itself. Waiting for another queue's or a user event happens on the
// executor, so the application thread never blocks unless it asked to.
#include "Objects.h"

#include "cuda_runtime_api.h"

#include <chrono>

namespace loomcl {

cl_ulong nowNs() {
  return static_cast<cl_ulong>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                   std::chrono::steady_clock::now().time_since_epoch())
                                   .count());
}

cl_event newEvent(cl_context Context, cl_command_queue Queue, cl_command_type Type) {
  auto *E = new _cl_event();
  E->magic = EventMagic;
  E->context = Context;
  E->queue = Queue;
  E->type = Type;
  E->queued = nowNs();
  E->profiled = Queue && (Queue->properties & CL_QUEUE_PROFILING_ENABLE);
  retainContext(Context);
  if (Queue)
    Queue->refs.fetch_add(1);
  return E;
}

void releaseEvent(cl_event E) {
  if (E->refs.fetch_sub(1) != 1)
    return;
  cl_command_queue Q = E->queue;
  cl_context C = E->context;
  E->magic = 0;
  delete E;
  if (Q)
    releaseQueue(Q);
  releaseContext(C);
}

void setEventStatus(cl_event E, cl_int Status) {
  std::vector<_cl_event::Callback> Fire;
  {
    std::lock_guard<std::mutex> G(E->lock);
    cl_ulong Now = nowNs();
    if (Status == CL_SUBMITTED)
      E->submitted = Now;
    else if (Status == CL_RUNNING)
      E->started = Now;
    else
      E->ended = Now;
    E->status = Status;
    // A callback registered for a state runs once the event reaches it (or
    // fails: a negative status counts as complete).
    for (auto It = E->callbacks.begin(); It != E->callbacks.end();) {
      if (Status <= It->when) {
        Fire.push_back(*It);
        It = E->callbacks.erase(It);
      } else {
        ++It;
      }
    }
  }
  E->changed.notify_all();
  for (auto &CB : Fire)
    CB.fn(E, Status < 0 ? Status : CB.when, CB.data);
}

/// Waits until \p E completed; its final status.
static cl_int waitEvent(cl_event E) {
  std::unique_lock<std::mutex> G(E->lock);
  E->changed.wait(G, [&] { return E->status <= CL_COMPLETE; });
  return E->status;
}

cl_int checkWaitList(cl_context Context, cl_uint Num, const cl_event *List) {
  if ((Num == 0) != (List == nullptr))
    return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint I = 0; I < Num; ++I) {
    if (!valid(List[I], EventMagic))
      return CL_INVALID_EVENT_WAIT_LIST;
    if (Context && List[I]->context != Context)
      return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

static void executorLoop(cl_command_queue Q) {
  for (;;) {
    Command C;
    {
      std::unique_lock<std::mutex> G(Q->lock);
      Q->work.wait(G, [&] { return Q->stopping || !Q->pending.empty(); });
      if (Q->pending.empty())
        break;
      C = std::move(Q->pending.front());
      Q->pending.pop_front();
      Q->busy = true;
    }
    bool WaitFailed = false;
    for (cl_event W : C.waitFor) {
      if (waitEvent(W) < 0)
        WaitFailed = true;
      releaseEvent(W);
    }
    cl_int Status;
    if (WaitFailed) {
      Status = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    } else {
      setEventStatus(C.event, CL_SUBMITTED);
      setEventStatus(C.event, CL_RUNNING);
      Status = C.run ? C.run() : CL_SUCCESS;
    }
    // What the command held (buffers, the program) is released before it
    // reports completion, so counts read after a wait are exact.
    C.run = nullptr;
    setEventStatus(C.event, Status == CL_SUCCESS ? CL_COMPLETE : Status);
    releaseEvent(C.event);
    {
      std::lock_guard<std::mutex> G(Q->lock);
      Q->busy = false;
    }
    Q->idle.notify_all();
  }
  // The last reference went with an event this thread released.
  bool SelfDelete;
  {
    std::lock_guard<std::mutex> G(Q->lock);
    SelfDelete = Q->selfDelete;
  }
  if (SelfDelete)
    destroyQueue(Q);
}

void startQueue(cl_command_queue Q) { Q->executor = std::thread(executorLoop, Q); }

void stopQueue(cl_command_queue Q) {
  {
    std::lock_guard<std::mutex> G(Q->lock);
    Q->stopping = true;
  }
  Q->work.notify_all();
  if (Q->executor.joinable())
    Q->executor.join();
}

cl_int finishQueue(cl_command_queue Q) {
  std::unique_lock<std::mutex> G(Q->lock);
  Q->idle.wait(G, [&] { return Q->pending.empty() && !Q->busy; });
  return CL_SUCCESS;
}

cl_int enqueue(cl_command_queue Q, cl_command_type Type, cl_uint NumWait,
               const cl_event *WaitList, cl_event *EventOut, bool Blocking,
               std::function<cl_int()> Run) {
  if (cl_int E = checkWaitList(Q->context, NumWait, WaitList))
    return E;
  if (Blocking)
    for (cl_uint I = 0; I < NumWait; ++I) {
      std::lock_guard<std::mutex> G(WaitList[I]->lock);
      if (WaitList[I]->status < 0)
        return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    }
  cl_event E = newEvent(Q->context, Q, Type);
  Command C;
  C.run = std::move(Run);
  C.event = E;
  for (cl_uint I = 0; I < NumWait; ++I) {
    WaitList[I]->refs.fetch_add(1);
    C.waitFor.push_back(WaitList[I]);
  }
  E->refs.fetch_add(1); // the command's reference
  if (EventOut)
    E->refs.fetch_add(1); // the caller's
  {
    std::lock_guard<std::mutex> G(Q->lock);
    Q->pending.push_back(std::move(C));
  }
  Q->work.notify_one();
  cl_int Result = CL_SUCCESS;
  if (Blocking && waitEvent(E) < 0)
    Result = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
  if (EventOut)
    *EventOut = E;
  releaseEvent(E); // newEvent's reference
  return Result;
}

} // namespace loomcl
