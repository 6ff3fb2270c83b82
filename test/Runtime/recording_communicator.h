//===- recording_communicator.h - a rank that records its messages -*- C++ -*-===//
//
// For tests that compute the plans of many ranks in one process: sendRecv
// keeps the messages instead of delivering them; the collectives do nothing.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_TEST_RUNTIME_RECORDING_COMMUNICATOR_H
#define LEGATO_TEST_RUNTIME_RECORDING_COMMUNICATOR_H

#include "Runtime/Communicator.h"

#include <vector>

namespace legato::test {

/// Rank `rank` of `ranks` whose messages are recorded, not delivered.
class RecordingCommunicator final : public runtime::Communicator {
public:
  RecordingCommunicator(int rank, int ranks) : rank_(rank), ranks_(ranks) {}
  int rank() const override { return rank_; }
  int size() const override { return ranks_; }
  void allReduce(void *, int64_t, DType, runtime::ReduceOp) override {}
  void sendRecv(const std::vector<Message> &s, const std::vector<Message> &r) override {
    sends = s;
    receives = r;
  }
  void broadcast(void *, int64_t, int) override {}
  void barrier() override {}

  std::vector<Message> sends, receives;

private:
  int rank_, ranks_;
};

} // namespace legato::test

#endif // LEGATO_TEST_RUNTIME_RECORDING_COMMUNICATOR_H
