//===- Exchange.h - moving boxes of distributed arrays between ranks -*- C++ -*-===//
//
// The data movement the partitioner asks for (halo exchange, all-gather,
// reshard, host reads) is one operation: every rank holds one box of a
// global array and wants another. Each element is sent by its owner, the
// lowest rank holding it, straight to every rank that needs it, so a 5-point
// stencil's ghost rows travel once between neighbours and nothing else moves.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_EXCHANGE_H
#define LEGATO_RUNTIME_EXCHANGE_H

#include "Runtime/Communicator.h"
#include "Support/Sharding.h"

#include <string>

namespace legato::runtime {

using support::Box;
using support::Sharding;

/// Rank r = comm.rank() holds box have.boxes[r] of the global array, row-major
/// at `local`; afterwards `out` (not overlapping `local`) holds box need[r],
/// row-major. Every rank passes the same `have` and `need`. Throws
/// legato::Error (on every rank) when some needed element is held by no
/// rank. Returns the bytes this rank sent to other ranks. With `copyOwn`
/// false, the elements this rank supplies itself are left for the caller to
/// copy (a GPU rank copies them on the device), and `local` need hold only
/// what is sent.
int64_t exchangeBoxes(Communicator &comm, const Sharding &have, const std::vector<Box> &need,
                      const void *local, void *out, int64_t elementBytes,
                      bool copyOwn = true);

/// One box of the global array that rank `from` sends to rank `to` (the
/// same rank: a part the receiver holds itself).
struct ExchangePart {
  int from, to;
  Box box;
};

/// exchangeBoxes' plan, as rank `me` sees it: the parts it sends, receives
/// and keeps, in plan order (by receiver, then its own part, then by
/// ascending source). Every rank checks every receiver, so an element held
/// by no rank throws legato::Error on every rank.
std::vector<ExchangePart> planExchange(const Sharding &have, const std::vector<Box> &need,
                                       int me);

/// Copies box `part` of an array whose `from` box is row-major at `src` into
/// the row-major array of box `into` at `dst` (both boxes contain `part`).
void copyBox(const void *src, const Box &from, void *dst, const Box &into, const Box &part,
             int64_t elementBytes);

/// The ranks' agreement after a step that may fail on some of them:
/// `localError` is empty where the step succeeded (one reduction of three
/// integers when all did). When any rank failed,
/// every rank throws the lowest failed rank's error, of its class (see
/// failureOf) and with its message ("rank R: ..."). `programHash` must be equal on all ranks (it identifies
/// the program about to run); ranks that disagree throw legato::Error too,
/// instead of exchanging mismatched data.
void agreeOrThrow(Communicator &comm, const std::string &localError, uint64_t programHash = 0);

/// What a rank whose step threw `e` passes to agreeOrThrow: the message with
/// a mark of e's class (LinAlgError, IndexError ...), so that every rank
/// throws the class NumPy would raise.
std::string failureOf(const Error &e);

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_EXCHANGE_H
