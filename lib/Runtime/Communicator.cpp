//===- Communicator.cpp - the single-process communicator and the choice ---===//
//
// A process started by mpirun (or another MPI launcher) gets MPI's world;
// any other process is rank 0 of 1 and never touches MPI, because a
// singleton MPI_Init costs about half a second.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Communicator.h"
#include "Runtime/MpiCommunicator.h"

#include <cstring>
#include <string>

namespace legato::runtime {

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
