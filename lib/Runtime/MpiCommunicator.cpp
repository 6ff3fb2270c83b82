//===- MpiCommunicator.cpp - collectives over MPI between host buffers ----===//
//
// Every call reports MPI's errors as legato::Error naming the MPI call: the
// private communicator has MPI_ERRORS_RETURN, not MPI's default abort.
//
// Sizes: MPI counts are `int`. A message or broadcast larger than the chunk
// size is one element of a derived datatype (whole chunks plus a tail), so a
// receiver whose size disagrees gets an error rather than waiting for a
// chunk that never comes. Reductions cannot use derived types with MPI's
// built-in operations and are split instead (every rank splits alike).
//
// Floating-point sums and products go through rank 0 (reduce, then
// broadcast): an all-reduce may combine in a different order on different
// ranks, and ranks that branch on a value that differs in the last bit run
// different programs. max/min on floats use our own operations, which
// propagate NaN like NumPy; MPI_MAX's NaN result depends on the order.
//
//===----------------------------------------------------------------------===//
#include "Runtime/MpiCommunicator.h"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <mutex>
#include <string>
#include <thread>

namespace legato::runtime {
namespace {

/// Any tag works on a private communicator; one tag keeps the messages
/// between two ranks in posting order (MPI's non-overtaking rule).
constexpr int kTag = 0x4c47;

/// Whether legato called MPI_Init_thread in this process.
std::atomic<bool> gInitialisedByLegato{false};

std::string mpiErrorText(int rc) {
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  if (MPI_Error_string(rc, text, &length) != MPI_SUCCESS)
    return "MPI error code " + std::to_string(rc);
  return std::string(text, size_t(length));
}

/// Runs when the process exits. A rank that fails must not enter
/// MPI_Finalize: OpenMPI's finalize waits for every rank, and the others
/// may be waiting in a collective for this one, so the job would hang.
/// Aborting makes mpirun end the whole job with this rank's status.
void finishMpi(int status, void *) {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized)
    return;
  if (status != 0) {
    int rank = -1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    std::fprintf(stderr,
                 "legato: rank %d exits with status %d; aborting the MPI job so the other "
                 "ranks do not wait for it\n",
                 rank, status);
    std::fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
  }
  MPI_Finalize();
}

#ifndef __GLIBC__
void finishMpiAtExit() { finishMpi(0, nullptr); }
#endif

/// Initialises MPI once per process, unless the program did it already.
void joinMpi() {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (finalized)
    throw Error("MpiCommunicator: MPI was already finalised in this process; create every "
                "legato::Runtime before the program calls MPI_Finalize");
  if (initialized)
    return;
  // Serialized: the runtime calls MPI from one thread at a time, not
  // necessarily the main thread.
  int provided = 0;
  int rc = MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided);
  if (rc != MPI_SUCCESS)
    throw Error("MpiCommunicator: MPI_Init_thread failed: " + mpiErrorText(rc) +
                " (was the process started by a working mpirun?)");
  gInitialisedByLegato = true;
#ifdef __GLIBC__
  on_exit(finishMpi, nullptr); // the exit status decides: finalise or abort
#else
  std::atexit(finishMpiAtExit);
#endif
}

MPI_Datatype mpiType(DType dtype) {
  switch (dtype) {
  case DType::bool_:
  case DType::u8:
    return MPI_UINT8_T;
  case DType::i8:
    return MPI_INT8_T;
  case DType::i16:
    return MPI_INT16_T;
  case DType::i32:
    return MPI_INT32_T;
  case DType::i64:
    return MPI_INT64_T;
  case DType::u16:
  case DType::f16: // (MPI has no float16: its bits, combined by our ops)
    return MPI_UINT16_T;
  case DType::u32:
    return MPI_UINT32_T;
  case DType::u64:
    return MPI_UINT64_T;
  case DType::c64:
    return MPI_C_FLOAT_COMPLEX;
  case DType::c128:
    return MPI_C_DOUBLE_COMPLEX;
  case DType::f32:
    return MPI_FLOAT;
  case DType::f64:
    return MPI_DOUBLE;
  }
  throw Error("MpiCommunicator::allReduce: unknown dtype " + std::to_string(int(dtype)));
}

/// max/min that return NaN when either operand is NaN (NumPy's maximum);
/// also float16's every op (MPI has no float16 type of its own).
template <DType dtype, ReduceOp op>
void nanPropagating(void *in, void *inout, int *length, MPI_Datatype *) {
  combineInto(inout, in, *length, dtype, op);
}

/// MPI_Wait, or, while another thread computes (YieldWhileWaiting), polls
/// that give it the core in between: MPI_Wait spins.
int waitFor(MPI_Request *request, MPI_Status *status) {
  if (!YieldWhileWaiting::active())
    return MPI_Wait(request, status);
  int done = 0;
  while (true) {
    int rc = MPI_Test(request, &done, status);
    if (rc != MPI_SUCCESS || done)
      return rc;
    std::this_thread::yield();
  }
}

} // namespace

struct MpiCommunicator::State {
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Op maxF32 = MPI_OP_NULL, minF32 = MPI_OP_NULL;
  MPI_Op sumF16 = MPI_OP_NULL, prodF16 = MPI_OP_NULL, maxF16 = MPI_OP_NULL, minF16 = MPI_OP_NULL;
  MPI_Op maxF64 = MPI_OP_NULL, minF64 = MPI_OP_NULL;
};

namespace {

/// Throws legato::Error for a failed MPI call.
[[noreturn]] void fail(int rc, const char *call, const char *operation, int rank) {
  throw Error(std::string("MpiCommunicator::") + operation + ": " + call + " failed on rank " +
              std::to_string(rank) + ": " + mpiErrorText(rc) +
              " (every rank must make the same calls with the same sizes)");
}

void check(int rc, const char *call, const char *operation, int rank) {
  if (rc != MPI_SUCCESS)
    fail(rc, call, operation, rank);
}

/// `bytes` bytes as `count` elements of `type`: MPI_BYTE when they fit in
/// one chunk, else one element of a derived type (chunks, then the tail).
class ByteType {
public:
  ByteType(int64_t bytes, int64_t chunkBytes, const char *operation, int rank) {
    if (bytes <= chunkBytes) {
      count = int(bytes);
      return;
    }
    int64_t chunks = bytes / chunkBytes, tail = bytes % chunkBytes;
    if (chunks > INT_MAX)
      throw Error(std::string("MpiCommunicator::") + operation + ": " + std::to_string(bytes) +
                  " bytes are more than MPI can describe with chunks of " +
                  std::to_string(chunkBytes) + " bytes");
    MPI_Datatype chunk = MPI_DATATYPE_NULL, body = MPI_DATATYPE_NULL;
    check(MPI_Type_contiguous(int(chunkBytes), MPI_BYTE, &chunk), "MPI_Type_contiguous", operation,
          rank);
    int rc = MPI_Type_contiguous(int(chunks), chunk, &body);
    MPI_Type_free(&chunk);
    check(rc, "MPI_Type_contiguous", operation, rank);
    if (tail == 0) {
      type = body;
    } else {
      int lengths[2] = {1, int(tail)};
      MPI_Aint offsets[2] = {0, MPI_Aint(chunks * chunkBytes)};
      MPI_Datatype parts[2] = {body, MPI_BYTE};
      rc = MPI_Type_create_struct(2, lengths, offsets, parts, &type);
      MPI_Type_free(&body);
      check(rc, "MPI_Type_create_struct", operation, rank);
    }
    count = 1;
    owned = true;
    rc = MPI_Type_commit(&type);
    check(rc, "MPI_Type_commit", operation, rank);
  }
  ~ByteType() {
    if (owned)
      MPI_Type_free(&type);
  }
  ByteType(const ByteType &) = delete;
  ByteType &operator=(const ByteType &) = delete;

  MPI_Datatype type = MPI_BYTE;
  int count = 0;

private:
  bool owned = false;
};

} // namespace

bool MpiCommunicator::launched() {
  // OpenMPI's mpirun sets OMPI_COMM_WORLD_SIZE; PMIx and PMI launchers
  // (srun, other mpiexecs) set PMIX_RANK / PMI_RANK.
  for (const char *name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name))
      return true;
  int initialized = 0;
  MPI_Initialized(&initialized);
  return initialized != 0;
}

bool MpiCommunicator::initialisedByLegato() { return gInitialisedByLegato; }

MpiCommunicator::MpiCommunicator(int64_t chunkBytes)
    : state_(std::make_unique<State>()), chunkBytes_(chunkBytes) {
  if (chunkBytes < 1 || chunkBytes > INT_MAX)
    throw Error("MpiCommunicator: chunk size " + std::to_string(chunkBytes) +
                " must be in [1, INT_MAX]");
  joinMpi();
  // A private communicator: our messages cannot match the program's own,
  // and its errors return to us instead of aborting.
  check(MPI_Comm_dup(MPI_COMM_WORLD, &state_->comm), "MPI_Comm_dup", "MpiCommunicator", 0);
  check(MPI_Comm_set_errhandler(state_->comm, MPI_ERRORS_RETURN), "MPI_Comm_set_errhandler",
        "MpiCommunicator", 0);
  check(MPI_Comm_rank(state_->comm, &rank_), "MPI_Comm_rank", "MpiCommunicator", 0);
  check(MPI_Comm_size(state_->comm, &size_), "MPI_Comm_size", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f32, ReduceOp::max>, 1, &state_->maxF32),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f32, ReduceOp::min>, 1, &state_->minF32),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f64, ReduceOp::max>, 1, &state_->maxF64),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f64, ReduceOp::min>, 1, &state_->minF64),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f16, ReduceOp::sum>, 1, &state_->sumF16),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f16, ReduceOp::prod>, 1, &state_->prodF16),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f16, ReduceOp::max>, 1, &state_->maxF16),
        "MPI_Op_create", "MpiCommunicator", rank_);
  check(MPI_Op_create(nanPropagating<DType::f16, ReduceOp::min>, 1, &state_->minF16),
        "MPI_Op_create", "MpiCommunicator", rank_);
}

MpiCommunicator::~MpiCommunicator() {
  // After MPI_Finalize (a communicator that outlives main) MPI has freed
  // everything already and may not be called.
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized)
    return;
  for (MPI_Op *op : {&state_->maxF32, &state_->minF32, &state_->maxF64, &state_->minF64,
                     &state_->sumF16, &state_->prodF16, &state_->maxF16, &state_->minF16})
    if (*op != MPI_OP_NULL)
      MPI_Op_free(op);
  if (state_->comm != MPI_COMM_NULL)
    MPI_Comm_free(&state_->comm);
}

void MpiCommunicator::allReduce(void *data, int64_t count, DType dtype, ReduceOp op) {
  const char *operation = "allReduce";
  if (count < 0 || (count > 0 && !data))
    throw Error("MpiCommunicator::allReduce: invalid buffer (" + std::to_string(count) +
                " elements at " + (data ? "a buffer" : "null") + ")");
  MPI_Datatype type = mpiType(dtype);
  bool isFloat = dtype == DType::f16 || dtype == DType::f32 || dtype == DType::f64 ||
                 dtype == DType::c64 || dtype == DType::c128; // (summed in rank order)
  MPI_Op mpiOp = MPI_OP_NULL;
  switch (op) {
  case ReduceOp::sum:
    mpiOp = dtype == DType::bool_ ? MPI_LOR : dtype == DType::f16 ? state_->sumF16 : MPI_SUM;
    break;
  case ReduceOp::prod:
    mpiOp = dtype == DType::bool_ ? MPI_LAND : dtype == DType::f16 ? state_->prodF16 : MPI_PROD;
    break;
  case ReduceOp::max:
    mpiOp = dtype == DType::bool_ ? MPI_LOR
            : dtype == DType::f16 ? state_->maxF16
            : dtype == DType::f32 ? state_->maxF32
            : dtype == DType::f64 ? state_->maxF64
                                  : MPI_MAX;
    break;
  case ReduceOp::min:
    mpiOp = dtype == DType::bool_ ? MPI_LAND
            : dtype == DType::f16 ? state_->minF16
            : dtype == DType::f32 ? state_->minF32
            : dtype == DType::f64 ? state_->minF64
                                  : MPI_MIN;
    break;
  }
  bool throughRoot = isFloat && (op == ReduceOp::sum || op == ReduceOp::prod);
  int64_t bytesPerElement = elementBytes(dtype);
  int64_t perCall = std::max<int64_t>(1, chunkBytes_ / bytesPerElement);
  char *bytes = static_cast<char *>(data);
  for (int64_t done = 0; done < count; done += perCall) {
    int n = int(std::min(perCall, count - done));
    char *chunk = bytes + done * bytesPerElement;
    if (throughRoot) {
      check(MPI_Reduce(rank_ == 0 ? MPI_IN_PLACE : chunk, rank_ == 0 ? chunk : nullptr, n, type,
                       mpiOp, 0, state_->comm),
            "MPI_Reduce", operation, rank_);
      check(MPI_Bcast(chunk, n, type, 0, state_->comm), "MPI_Bcast", operation, rank_);
    } else {
      check(MPI_Allreduce(MPI_IN_PLACE, chunk, n, type, mpiOp, state_->comm), "MPI_Allreduce",
            operation, rank_);
    }
  }
}

void MpiCommunicator::sendRecv(const std::vector<Message> &sends,
                               const std::vector<Message> &receives) {
  const char *operation = "sendRecv";
  auto validate = [&](const Message &m, const char *what) {
    if (m.peer < 0 || m.peer >= size_)
      throw Error(std::string("MpiCommunicator::sendRecv: ") + what + " rank " +
                  std::to_string(m.peer) + " on rank " + std::to_string(rank_) +
                  ", but the ranks are 0.." + std::to_string(size_ - 1));
    if (m.bytes < 0 || (m.bytes > 0 && !m.data))
      throw Error(std::string("MpiCommunicator::sendRecv: invalid buffer of ") +
                  std::to_string(m.bytes) + " bytes " + what + " rank " + std::to_string(m.peer));
  };
  for (const Message &m : receives)
    validate(m, "receiving from");
  for (const Message &m : sends)
    validate(m, "sending to");

  // Messages to this rank itself never reach MPI: OpenMPI 4.1 truncates a
  // self message longer than its receive without reporting it.
  std::vector<Message> toSelf, fromSelf, remoteSends, remoteReceives;
  for (const Message &m : sends)
    (m.peer == rank_ ? toSelf : remoteSends).push_back(m);
  for (const Message &m : receives)
    (m.peer == rank_ ? fromSelf : remoteReceives).push_back(m);

  size_t total = remoteReceives.size() + remoteSends.size();
  std::deque<ByteType> types; // a deque: ByteType does not move
  std::vector<MPI_Request> requests(total, MPI_REQUEST_NULL);
  // Receives first, so that early messages find them posted.
  size_t posted = 0;
  try {
    for (const Message &m : remoteReceives) {
      types.emplace_back(m.bytes, chunkBytes_, operation, rank_);
      check(MPI_Irecv(m.data, types.back().count, types.back().type, m.peer, kTag, state_->comm,
                      &requests[posted]),
            "MPI_Irecv", operation, rank_);
      ++posted;
    }
    for (const Message &m : remoteSends) {
      types.emplace_back(m.bytes, chunkBytes_, operation, rank_);
      check(MPI_Isend(m.data, types.back().count, types.back().type, m.peer, kTag, state_->comm,
                      &requests[posted]),
            "MPI_Isend", operation, rank_);
      ++posted;
    }
  } catch (...) {
    // Nothing may write into the caller's buffers after we return: cancel
    // the posted receives; posted sends complete on their own.
    for (size_t i = 0; i < posted; ++i) {
      if (i < remoteReceives.size())
        MPI_Cancel(&requests[i]);
      else
        MPI_Request_free(&requests[i]);
    }
    MPI_Waitall(int(std::min(posted, remoteReceives.size())), requests.data(), MPI_STATUSES_IGNORE);
    throw;
  }

  std::exception_ptr selfError;
  try {
    deliverToSelf("MpiCommunicator::sendRecv", toSelf, fromSelf);
  } catch (...) {
    selfError = std::current_exception(); // thrown once MPI is done with the buffers
  }

  // One MPI_Wait per request rather than MPI_Waitall: OpenMPI 4.1 with
  // MPI_THREAD_SERIALIZED can stay forever in an MPI_Waitall whose receive
  // was truncated (measured). Every request completes before we throw.
  auto describe = [&](size_t i) {
    bool isReceive = i < remoteReceives.size();
    const Message &m = isReceive ? remoteReceives[i] : remoteSends[i - remoteReceives.size()];
    return std::string(isReceive ? "receiving " : "sending ") + std::to_string(m.bytes) +
           " bytes " + (isReceive ? "from" : "to") + " rank " + std::to_string(m.peer);
  };
  std::vector<MPI_Status> statuses(total);
  std::string firstError;
  for (size_t i = 0; i < total; ++i) {
    int rc = waitFor(&requests[i], &statuses[i]);
    if (rc == MPI_SUCCESS || !firstError.empty())
      continue;
    int errorClass = rc;
    MPI_Error_class(rc, &errorClass);
    if (errorClass == MPI_ERR_TRUNCATE)
      firstError = "MpiCommunicator::sendRecv: rank " + std::to_string(rank_) + " " + describe(i) +
                   ", but the message sent is larger; sender and receiver must agree on every "
                   "message's size";
    else
      firstError = "MpiCommunicator::sendRecv: MPI_Wait failed on rank " + std::to_string(rank_) +
                   " " + describe(i) + ": " + mpiErrorText(rc);
  }
  if (selfError)
    std::rethrow_exception(selfError);
  if (!firstError.empty())
    throw Error(firstError);
  // MPI accepts a message shorter than the receive buffer; we do not.
  for (size_t i = 0; i < remoteReceives.size(); ++i) {
    MPI_Count got = 0;
    check(MPI_Get_elements_x(&statuses[i], MPI_BYTE, &got), "MPI_Get_elements_x", operation, rank_);
    if (got != remoteReceives[i].bytes)
      throw Error("MpiCommunicator::sendRecv: rank " + std::to_string(rank_) + " " + describe(i) +
                  ", but got " + std::to_string(int64_t(got)) +
                  "; sender and receiver must agree on every message's size");
  }
}

void MpiCommunicator::broadcast(void *data, int64_t bytes, int root) {
  if (root < 0 || root >= size_)
    throw Error("MpiCommunicator::broadcast: root " + std::to_string(root) + " is not a rank (0.." +
                std::to_string(size_ - 1) + ")");
  if (bytes < 0 || (bytes > 0 && !data))
    throw Error("MpiCommunicator::broadcast: invalid buffer of " + std::to_string(bytes) +
                " bytes");
  ByteType type(bytes, chunkBytes_, "broadcast", rank_);
  check(MPI_Bcast(data, type.count, type.type, root, state_->comm), "MPI_Bcast", "broadcast",
        rank_);
}

void MpiCommunicator::barrier() {
  check(MPI_Barrier(state_->comm), "MPI_Barrier", "barrier", rank_);
}

} // namespace legato::runtime
