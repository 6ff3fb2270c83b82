//===- Communicator.cpp - the single-process communicator and the choice ---===//
//
// A process started by mpirun (or another MPI launcher) gets MPI's world;
// any other process is rank 0 of 1 and never touches MPI, because a
// singleton MPI_Init costs about half a second.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Communicator.h"
#include "Runtime/MpiCommunicator.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstring>
#include <string>
#include <type_traits>

namespace legato::runtime {

namespace {

template <typename T> void combineTyped(T *into, const T *from, int64_t count, ReduceOp op) {
  for (int64_t i = 0; i < count; ++i) {
    T a = into[i], b = from[i];
    switch (op) {
    case ReduceOp::sum: // (integers wrap, as the kernels' do: in uint64)
      if constexpr (std::is_integral_v<T>)
        into[i] = T(uint64_t(a) + uint64_t(b));
      else
        into[i] = a + b;
      break;
    case ReduceOp::prod:
      if constexpr (std::is_integral_v<T>)
        into[i] = T(uint64_t(a) * uint64_t(b));
      else
        into[i] = a * b;
      break;
    case ReduceOp::max:
    case ReduceOp::min:
      if constexpr (std::is_floating_point_v<T>)
        if (std::isnan(a) || std::isnan(b)) {
          into[i] = std::isnan(a) ? a : b;
          break;
        }
      into[i] = (op == ReduceOp::max ? b > a : b < a) ? b : a; // ties keep `into`
      break;
    }
  }
}

/// Complex numbers add and multiply (the tracer orders them by their
/// parts itself: no max or min reaches a collective).
template <typename T>
void combineComplex(void *into, const void *from, int64_t count, ReduceOp op) {
  if (op != ReduceOp::sum && op != ReduceOp::prod)
    throw Error("combineInto: complex numbers combine by sum or prod only");
  auto *a = static_cast<std::complex<T> *>(into);
  auto *b = static_cast<const std::complex<T> *>(from);
  for (int64_t i = 0; i < count; ++i)
    a[i] = op == ReduceOp::sum ? a[i] + b[i] : a[i] * b[i];
}

} // namespace

int64_t elementBytes(DType dtype) {
  switch (dtype) {
  case DType::bool_:
  case DType::i8:
  case DType::u8:
    return 1;
  case DType::i16:
  case DType::u16:
  case DType::f16:
    return 2;
  case DType::i32:
  case DType::u32:
  case DType::f32:
    return 4;
  case DType::i64:
  case DType::u64:
  case DType::f64:
  case DType::c64:
    return 8;
  case DType::c128:
    return 16;
  }
  return 1;
}

void combineInto(void *into, const void *from, int64_t count, DType dtype, ReduceOp op) {
  auto typed = [&](auto zero) {
    using T = decltype(zero);
    combineTyped(static_cast<T *>(into), static_cast<const T *>(from), count, op);
  };
  switch (dtype) {
  case DType::bool_: { // stored as bytes: or for sum and max, and for prod and min
    auto *a = static_cast<uint8_t *>(into);
    auto *b = static_cast<const uint8_t *>(from);
    bool any = op == ReduceOp::sum || op == ReduceOp::max;
    for (int64_t i = 0; i < count; ++i)
      a[i] = any ? (a[i] || b[i]) : (a[i] && b[i]);
    return;
  }
  case DType::f16: { // in float, rounded back once: float16 arithmetic
    auto *a = static_cast<_Float16 *>(into);
    auto *b = static_cast<const _Float16 *>(from);
    for (int64_t i = 0; i < count; ++i) {
      float x = a[i], y = b[i];
      combineTyped(&x, &y, 1, op);
      a[i] = _Float16(x);
    }
    return;
  }
  case DType::i8: return typed(int8_t{});
  case DType::i16: return typed(int16_t{});
  case DType::i32: return typed(int32_t{});
  case DType::i64: return typed(int64_t{});
  case DType::u8: return typed(uint8_t{});
  case DType::u16: return typed(uint16_t{});
  case DType::u32: return typed(uint32_t{});
  case DType::u64: return typed(uint64_t{});
  case DType::f32: return typed(float{});
  case DType::f64: return typed(double{});
  case DType::c64: return combineComplex<float>(into, from, count, op);
  case DType::c128: return combineComplex<double>(into, from, count, op);
  }
}

int64_t allReduceAmong(Communicator &comm, const std::vector<int> &members, void *data,
                       int64_t count, DType dtype, ReduceOp op) {
  auto self = std::find(members.begin(), members.end(), comm.rank());
  if (self == members.end() || !std::is_sorted(members.begin(), members.end()))
    throw Error("allReduceAmong: rank " + std::to_string(comm.rank()) +
                " combines only among the ranks of its group, given in ascending order");
  int64_t bytes = count * elementBytes(dtype);
  std::vector<std::vector<char>> values(members.size());
  std::vector<Communicator::Message> sends, receives;
  for (size_t i = 0; i < members.size(); ++i) {
    if (members[i] == comm.rank())
      continue;
    values[i].resize(size_t(bytes));
    sends.push_back({members[i], data, bytes});
    receives.push_back({members[i], values[i].data(), bytes});
  }
  comm.sendRecv(sends, receives);
  size_t me = size_t(self - members.begin());
  values[me].assign(static_cast<char *>(data), static_cast<char *>(data) + bytes);
  for (size_t i = 1; i < members.size(); ++i)
    combineInto(values[0].data(), values[i].data(), count, dtype, op);
  if (bytes > 0)
    std::memcpy(data, values[0].data(), size_t(bytes));
  return bytes * int64_t(sends.size());
}

namespace {
std::atomic<int> gYielding{0};
} // namespace

YieldWhileWaiting::YieldWhileWaiting() { ++gYielding; }
YieldWhileWaiting::~YieldWhileWaiting() { --gYielding; }
bool YieldWhileWaiting::active() { return gYielding.load(std::memory_order_relaxed) > 0; }

void deliverToSelf(const char *who, const std::vector<Communicator::Message> &sends,
                   const std::vector<Communicator::Message> &receives) {
  if (sends.size() != receives.size())
    throw Error(std::string(who) + ": " + std::to_string(sends.size()) +
                " messages to this rank itself but " + std::to_string(receives.size()) +
                " receives from itself; a rank talking to itself needs one receive per send");
  for (size_t i = 0; i < sends.size(); ++i)
    if (sends[i].bytes != receives[i].bytes)
      throw Error(std::string(who) + ": message " + std::to_string(i) + " to this rank itself " +
                  "sends " + std::to_string(sends[i].bytes) + " bytes but its receive expects " +
                  std::to_string(receives[i].bytes) +
                  "; sender and receiver must agree on every message's size");
  for (size_t i = 0; i < sends.size(); ++i)
    if (sends[i].bytes > 0 && sends[i].data != receives[i].data)
      std::memmove(receives[i].data, sends[i].data, size_t(sends[i].bytes));
}

void SelfCommunicator::sendRecv(const std::vector<Message> &sends,
                                const std::vector<Message> &receives) {
  auto checkPeer = [](const Message &m, const char *what) {
    if (m.peer != 0)
      throw Error(std::string("SelfCommunicator::sendRecv: ") + what + " rank " +
                  std::to_string(m.peer) + ", but this process is the only rank (0)");
    if (m.bytes < 0 || (m.bytes > 0 && !m.data))
      throw Error(std::string("SelfCommunicator::sendRecv: invalid buffer of ") +
                  std::to_string(m.bytes) + " bytes " + what + " rank 0");
  };
  for (const Message &m : sends)
    checkPeer(m, "sending to");
  for (const Message &m : receives)
    checkPeer(m, "receiving from");
  deliverToSelf("SelfCommunicator::sendRecv", sends, receives);
}

std::unique_ptr<Communicator> createCommunicator() {
  if (MpiCommunicator::launched())
    return std::make_unique<MpiCommunicator>();
  return std::make_unique<SelfCommunicator>();
}

} // namespace legato::runtime
