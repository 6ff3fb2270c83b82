//===- NcclCollectives.cpp - collectives on device buffers via NCCL -------===//
#include "Codegen/CUDA/NcclCollectives.h"

#include "legato/legato.h"

#include <cstdlib>
#include <cstring>
#include <optional>

namespace legato::cuda {

namespace {

enum class Use { automatic, never, always };

/// LEGATO_NCCL: unset for NCCL where every rank can use it, 0 for the host
/// path, 1 to make a missing NCCL an error.
Use useFromEnvironment() {
  const char *v = std::getenv("LEGATO_NCCL");
  if (!v || !*v)
    return Use::automatic;
  if (!std::strcmp(v, "0"))
    return Use::never;
  if (!std::strcmp(v, "1"))
    return Use::always;
  throw Error(std::string("legato: LEGATO_NCCL=") + v +
              " is not understood; use 1 (NCCL), 0 (through the host) or leave it unset "
              "(NCCL where available)");
}

/// Whether ranks on this node share GPUs (round-robin): NCCL wants one
/// rank per GPU.
bool gpusShared() {
  const char *v = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  int ranksHere = v ? std::atoi(v) : 1, gpus = 0;
  check(api().cuDeviceGetCount(&gpus), "cuDeviceGetCount");
  return ranksHere > gpus;
}

/// NCCL's type of `dtype`; none for 16-bit integers (NCCL has none: the
/// host path combines those).
std::optional<ncclDataType_t> ncclType(DType dtype) {
  switch (dtype) {
  case DType::bool_:
  case DType::u8: return ncclUint8;
  case DType::i8: return ncclInt8;
  case DType::i32: return ncclInt32;
  case DType::i64: return ncclInt64;
  case DType::u32: return ncclUint32;
  case DType::u64: return ncclUint64;
  case DType::f16: return ncclFloat16;
  case DType::f32: return ncclFloat32;
  case DType::f64: return ncclFloat64;
  case DType::i16:
  case DType::u16:
  case DType::c64: // (sums of complex numbers go as their parts: see allReduce)
  case DType::c128: break;
  }
  return std::nullopt;
}

} // namespace

std::unique_ptr<NcclCollectives> NcclCollectives::create(std::shared_ptr<Device> device,
                                                         runtime::Communicator &hostComm) {
  Use use = useFromEnvironment();
  std::string whyNot;
  const nccl::Api *nccl = nullptr;
  if (use == Use::never)
    whyNot = "LEGATO_NCCL=0";
  else
    nccl = nccl::api(&whyNot);
  if (nccl && use == Use::automatic && gpusShared()) {
    whyNot = "more ranks than GPUs on this node";
    nccl = nullptr;
  }
  // All ranks take one path: NCCL only when every rank can use it.
  int32_t usable = nccl != nullptr;
  hostComm.allReduce(&usable, 1, DType::i32, runtime::ReduceOp::min);
  if (!usable) {
    if (use == Use::always)
      throw Error("legato(nccl): LEGATO_NCCL=1, but " +
                  (nccl ? std::string("another rank cannot use NCCL")
                        : "rank " + std::to_string(hostComm.rank()) +
                              " cannot use NCCL: " + whyNot) +
                  "; put libnccl.so.2 on LD_LIBRARY_PATH, or unset LEGATO_NCCL to stage "
                  "collectives through the host");
    return nullptr;
  }
  // Rank 0 makes the id; the broadcast tells every rank whether that worked.
  struct {
    ncclUniqueId id;
    int32_t result;
  } root;
  std::memset(&root, 0, sizeof root);
  if (hostComm.rank() == 0)
    root.result = int32_t(nccl->ncclGetUniqueId(&root.id));
  hostComm.broadcast(&root, int64_t(sizeof root), 0);
  nccl::check(ncclResult_t(root.result), "ncclGetUniqueId (on rank 0)");
  // NCCL takes the GPU of the calling thread's current context.
  device->makeCurrent();
  ncclComm_t comm = nullptr;
  nccl::check(nccl->ncclCommInitRank(&comm, hostComm.size(), root.id, hostComm.rank()),
              "ncclCommInitRank of rank " + std::to_string(hostComm.rank()) + " of " +
                  std::to_string(hostComm.size()));
  return std::unique_ptr<NcclCollectives>(
      new NcclCollectives(std::move(device), *nccl, comm, hostComm.rank(), hostComm.size()));
}

NcclCollectives::~NcclCollectives() {
  device_->makeCurrent();
  nccl_.ncclCommDestroy(comm_); // nothing to report to from a destructor
}

void NcclCollectives::sendRecv(const std::vector<runtime::Communicator::Message> &sends,
                               const std::vector<runtime::Communicator::Message> &receives) {
  for (const auto *list : {&sends, &receives})
    for (const runtime::Communicator::Message &m : *list)
      if (m.peer < 0 || m.peer >= ranks_ || m.peer == rank_ || m.bytes < 0)
        throw Error("legato(nccl): invalid message of " + std::to_string(m.bytes) +
                    " bytes between rank " + std::to_string(rank_) + " and rank " +
                    std::to_string(m.peer) + " (of " + std::to_string(ranks_) + ")");
  if (sends.empty() && receives.empty())
    return; // a rank outside this exchange
  device_->makeCurrent();
  nccl::check(nccl_.ncclGroupStart(), "ncclGroupStart", comm_);
  // The group is closed even when a call in it fails.
  ncclResult_t result = ncclSuccess;
  std::string failed;
  for (const runtime::Communicator::Message &m : sends)
    if (result == ncclSuccess && m.bytes > 0) {
      result = nccl_.ncclSend(m.data, size_t(m.bytes), ncclUint8, m.peer, comm_, stream());
      failed = "ncclSend of " + std::to_string(m.bytes) + " bytes to rank " +
               std::to_string(m.peer);
    }
  for (const runtime::Communicator::Message &m : receives)
    if (result == ncclSuccess && m.bytes > 0) {
      result = nccl_.ncclRecv(m.data, size_t(m.bytes), ncclUint8, m.peer, comm_, stream());
      failed = "ncclRecv of " + std::to_string(m.bytes) + " bytes from rank " +
               std::to_string(m.peer);
    }
  ncclResult_t end = nccl_.ncclGroupEnd();
  nccl::check(result, failed, comm_);
  nccl::check(end, "ncclGroupEnd", comm_);
}

bool NcclCollectives::allReduce(const void *in, void *out, int64_t count, DType dtype,
                                runtime::ReduceOp op) {
  bool isFloat = dtype == DType::f16 || dtype == DType::f32 || dtype == DType::f64;
  // NCCL's float max/min drop NaN (fmax); NumPy's, and the host path's, keep it.
  std::optional<ncclDataType_t> type = ncclType(dtype);
  if ((dtype == DType::c64 || dtype == DType::c128) && op == runtime::ReduceOp::sum) {
    type = dtype == DType::c64 ? ncclFloat32 : ncclFloat64; // a complex sum adds the parts
    count *= 2;
  }
  if (!type || (isFloat && (op == runtime::ReduceOp::max || op == runtime::ReduceOp::min)))
    return false;
  // Booleans are bytes holding 0 or 1: or is max, and is min.
  ncclRedOp_t ncclOp = ncclSum;
  switch (op) {
  case runtime::ReduceOp::sum: ncclOp = dtype == DType::bool_ ? ncclMax : ncclSum; break;
  case runtime::ReduceOp::prod: ncclOp = dtype == DType::bool_ ? ncclMin : ncclProd; break;
  case runtime::ReduceOp::max: ncclOp = ncclMax; break;
  case runtime::ReduceOp::min: ncclOp = ncclMin; break;
  }
  if (count == 0)
    return true;
  device_->makeCurrent();
  // Each element is reduced once and the result copied to every rank, so
  // all ranks get the same bits, as the host path promises.
  nccl::check(nccl_.ncclAllReduce(in, out, size_t(count), *type, ncclOp, comm_,
                                  stream()),
              "ncclAllReduce of " + std::to_string(count) + " elements", comm_);
  return true;
}

} // namespace legato::cuda
