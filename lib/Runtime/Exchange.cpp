//===- Exchange.cpp - moving boxes of distributed arrays between ranks ----===//
//
// The plan: every rank splits every rank's need box into disjoint parts,
// each with one source: the receiver itself for what it holds, else the
// lowest rank holding it (box differences, at most 2 * dims pieces each).
// All ranks compute the same plan from the same arguments, so no metadata
// moves; each rank keeps the parts it sends and receives. Parts between
// two ranks travel as one message, concatenated in plan order; a single
// part that is contiguous on its side needs no staging copy.
//
//===----------------------------------------------------------------------===//
#include "Runtime/Exchange.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

namespace legato::runtime {
namespace {

std::string shapeText(const Shape &shape) {
  std::string s = "(";
  for (size_t d = 0; d < shape.size(); ++d)
    s += (d ? ", " : "") + std::to_string(shape[d]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string boxesText(const std::vector<Box> &boxes) {
  std::string s;
  for (const Box &b : boxes)
    s += b.str();
  return s;
}

/// Row-major strides, in elements, of an array of box `b`.
std::vector<int64_t> stridesOf(const Box &b) {
  Shape shape = b.shape();
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

/// The offset in elements of `part` in the row-major array of `outer` when
/// the part is one contiguous run there, else -1.
int64_t contiguousOffset(const Box &outer, const Box &part) {
  if (part.empty())
    return 0;
  Box local = part;
  for (size_t d = 0; d < local.lo.size(); ++d) {
    local.lo[d] -= outer.lo[d];
    local.hi[d] -= outer.lo[d];
  }
  Shape shape = outer.shape();
  return local.rangeIn(shape) == local ? local.offsetIn(shape) : -1;
}

using Part = ExchangePart;

/// Whether the box [lo, hi) and box `b` share an element.
bool overlaps(const int64_t *lo, const int64_t *hi, const Box &b) {
  for (size_t d = 0; d < b.lo.size(); ++d)
    if (std::max(lo[d], b.lo[d]) >= std::min(hi[d], b.hi[d]))
      return false;
  return true;
}
bool overlaps(const Box &a, const Box &b) { return overlaps(a.lo.data(), a.hi.data(), b); }

/// Boxes of `dims` (> 0) dimensions stored flat, lo then hi per box: the
/// plan runs for every pair of ranks and allocates nothing per box.
struct BoxList {
  size_t dims;
  std::vector<int64_t> data;

  size_t size() const { return data.size() / (2 * dims); }
  const int64_t *lo(size_t i) const { return data.data() + 2 * dims * i; }
  const int64_t *hi(size_t i) const { return lo(i) + dims; }
  void push(const int64_t *lo, const int64_t *hi) {
    data.insert(data.end(), lo, lo + dims);
    data.insert(data.end(), hi, hi + dims);
  }
  Box box(size_t i) const {
    return {std::vector<int64_t>(lo(i), lo(i) + dims), std::vector<int64_t>(hi(i), hi(i) + dims)};
  }
};

/// Splits every rank's need box into parts by source: the receiver's own
/// part first, then the others by ascending source.
class Planner {
public:
  Planner(const Sharding &have, int me)
      : have_(have), me_(me), dims_(have.global.size()), missing_{dims_, {}}, next_{dims_, {}} {}

  /// Appends to `parts` the parts of `need` (rank `receiver`'s) that this
  /// rank sends or receives. Throws when some element has no source.
  void plan(const Box &need, int receiver, std::vector<Part> &parts) {
    const Box &own = have_.boxes[size_t(receiver)];
    if (need.empty())
      return;
    bool ownsSome = overlaps(need, own);
    if (receiver == me_ && ownsSome)
      parts.push_back({receiver, receiver, need.intersect(own)});
    if (dims_ == 0) // 0-d boxes hold their one element: nothing is missing
      return;
    missing_.data.clear();
    if (ownsSome)
      subtract(need.lo.data(), need.hi.data(), own, missing_);
    else
      missing_.push(need.lo.data(), need.hi.data());
    for (int source = 0; source < have_.ranks() && missing_.size() > 0; ++source) {
      const Box &held = have_.boxes[size_t(source)];
      if (source == receiver || !overlaps(need, held))
        continue;
      next_.data.clear();
      for (size_t i = 0; i < missing_.size(); ++i) {
        if (!overlaps(missing_.lo(i), missing_.hi(i), held)) {
          next_.push(missing_.lo(i), missing_.hi(i));
          continue;
        }
        if (source == me_ || receiver == me_)
          parts.push_back({source, receiver, missing_.box(i).intersect(held)});
        subtract(missing_.lo(i), missing_.hi(i), held, next_);
      }
      std::swap(missing_.data, next_.data);
    }
    if (missing_.size() > 0) {
      std::vector<Box> lost;
      for (size_t i = 0; i < missing_.size(); ++i)
        lost.push_back(missing_.box(i));
      throw Error("exchangeBoxes: rank " + std::to_string(receiver) + " needs box " + need.str() +
                  " of an array of shape " + shapeText(have_.global) + ", but " + boxesText(lost) +
                  " of it is held by no rank (the ranks hold " + boxesText(have_.boxes) +
                  "); every needed box must lie in the union of the held boxes");
    }
  }

private:
  /// Appends the pieces of [lo, hi) outside `b`, which it overlaps:
  /// disjoint boxes, at most two per dimension (below and above `b`, each
  /// clipped to `b` in the earlier dimensions).
  void subtract(const int64_t *lo, const int64_t *hi, const Box &b, BoxList &out) {
    rest_.assign(lo, lo + dims_);
    rest_.insert(rest_.end(), hi, hi + dims_);
    int64_t *restLo = rest_.data(), *restHi = rest_.data() + dims_;
    for (size_t d = 0; d < dims_; ++d) {
      if (restLo[d] < b.lo[d]) {
        int64_t top = restHi[d];
        restHi[d] = b.lo[d];
        out.push(restLo, restHi);
        restHi[d] = top;
        restLo[d] = b.lo[d];
      }
      if (restHi[d] > b.hi[d]) {
        int64_t bottom = restLo[d];
        restLo[d] = b.hi[d];
        out.push(restLo, restHi);
        restLo[d] = bottom;
        restHi[d] = b.hi[d];
      }
    }
  }

  const Sharding &have_;
  int me_;
  size_t dims_;
  BoxList missing_, next_;
  std::vector<int64_t> rest_;
};

void checkBox(const Box &b, const Shape &global, const char *what, int rank) {
  if (b.lo.size() != global.size() || b.hi.size() != global.size())
    throw Error(std::string("exchangeBoxes: ") + what + " box " + b.str() + " of rank " +
                std::to_string(rank) + " has " + std::to_string(b.lo.size()) +
                " dimensions, but the array " + shapeText(global) + " has " +
                std::to_string(global.size()));
}

} // namespace

std::vector<ExchangePart> planExchange(const Sharding &have, const std::vector<Box> &need,
                                       int me) {
  std::vector<Part> mine;
  Planner planner(have, me);
  for (int r = 0; r < have.ranks(); ++r)
    planner.plan(need[size_t(r)], r, mine);
  return mine;
}

void copyBox(const void *src, const Box &from, void *dst, const Box &into, const Box &part,
             int64_t elementBytes) {
  size_t rank = part.lo.size();
  if (elementBytes <= 0 || from.lo.size() != rank || into.lo.size() != rank ||
      from.hi.size() != rank || into.hi.size() != rank || part.hi.size() != rank)
    throw Error("copyBox: part " + part.str() + ", source " + from.str() + " and destination " +
                into.str() + " must have the same number of dimensions, and the element size (" +
                std::to_string(elementBytes) + ") must be positive");
  if (part.empty())
    return;
  if (!from.contains(part) || !into.contains(part))
    throw Error("copyBox: part " + part.str() + " must lie in the source box " + from.str() +
                " and in the destination box " + into.str());
  const char *in = static_cast<const char *>(src);
  char *out = static_cast<char *>(dst);
  if (rank == 0) { // a 0-d array: one element
    std::memcpy(out, in, size_t(elementBytes));
    return;
  }
  Shape extent = part.shape(), fromShape = from.shape(), intoShape = into.shape();
  std::vector<int64_t> fromStrides = stridesOf(from), intoStrides = stridesOf(into);
  // The innermost dimensions that the part spans fully on both sides merge
  // with the next one into one contiguous run: one memcpy per run.
  size_t inner = rank - 1;
  int64_t run = extent[inner];
  while (inner > 0 && extent[inner] == fromShape[inner] && extent[inner] == intoShape[inner]) {
    --inner;
    run *= extent[inner];
  }
  int64_t inOffset = 0, outOffset = 0;
  for (size_t d = 0; d < rank; ++d) {
    inOffset += (part.lo[d] - from.lo[d]) * fromStrides[d];
    outOffset += (part.lo[d] - into.lo[d]) * intoStrides[d];
  }
  size_t runBytes = size_t(run * elementBytes);
  // Odometer over the dimensions outside the run.
  std::vector<int64_t> index(inner, 0);
  while (true) {
    std::memcpy(out + outOffset * elementBytes, in + inOffset * elementBytes, runBytes);
    size_t d = inner;
    while (d > 0) {
      --d;
      if (++index[d] < extent[d]) {
        inOffset += fromStrides[d];
        outOffset += intoStrides[d];
        break;
      }
      inOffset -= (extent[d] - 1) * fromStrides[d];
      outOffset -= (extent[d] - 1) * intoStrides[d];
      index[d] = 0;
      if (d == 0)
        return;
    }
    if (inner == 0)
      return;
  }
}

int64_t exchangeBoxes(Communicator &comm, const Sharding &have, const std::vector<Box> &need,
                      const void *local, void *out, int64_t elementBytes,
                      bool copyOwn) {
  int me = comm.rank(), ranks = comm.size();
  if (have.ranks() != ranks || int(need.size()) != ranks)
    throw Error("exchangeBoxes: " + std::to_string(have.ranks()) + " held boxes and " +
                std::to_string(need.size()) + " needed boxes for " + std::to_string(ranks) +
                " ranks; pass one box per rank in both");
  if (elementBytes <= 0)
    throw Error("exchangeBoxes: element size " + std::to_string(elementBytes) +
                " must be positive");
  Box everything = Box::full(have.global);
  for (int r = 0; r < ranks; ++r) {
    checkBox(have.boxes[size_t(r)], have.global, "held", r);
    checkBox(need[size_t(r)], have.global, "needed", r);
    if (!everything.contains(have.boxes[size_t(r)]))
      throw Error("exchangeBoxes: rank " + std::to_string(r) + " holds box " +
                  have.boxes[size_t(r)].str() + ", outside the array " + shapeText(have.global));
  }

  // Every receiver's plan, kept where this rank sends or receives; every
  // rank checks every receiver, so a missing element throws everywhere.
  std::vector<Part> mine = planExchange(have, need, me);

  const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
  const char *in = static_cast<const char *>(local);
  char *result = static_cast<char *>(out);

  // Per peer: the parts in plan order, and a staging buffer unless the
  // only part is contiguous on this side.
  struct Traffic {
    std::vector<const Box *> parts;
    int64_t bytes = 0;
    std::vector<char> staging;
    char *data = nullptr;
  };
  std::vector<Traffic> outgoing(static_cast<size_t>(ranks)), incoming(outgoing.size());
  for (const Part &p : mine) {
    if (p.from == p.to)
      continue;
    Traffic &t = p.from == me ? outgoing[size_t(p.to)] : incoming[size_t(p.from)];
    t.parts.push_back(&p.box);
    t.bytes += p.box.size() * elementBytes;
  }
  auto place = [&](Traffic &t, const Box &side, const char *base) {
    int64_t offset = t.parts.size() == 1 ? contiguousOffset(side, *t.parts[0]) : -1;
    if (offset >= 0) {
      t.data = const_cast<char *>(base) + offset * elementBytes;
    } else {
      t.staging.resize(size_t(t.bytes));
      t.data = t.staging.data();
    }
  };

  std::vector<Communicator::Message> sends, receives;
  int64_t sent = 0;
  for (int peer = 0; peer < ranks; ++peer) {
    Traffic &t = outgoing[size_t(peer)];
    if (t.parts.empty())
      continue;
    place(t, held, in);
    if (!t.staging.empty()) {
      int64_t at = 0;
      for (const Box *b : t.parts) {
        copyBox(in, held, t.data + at, *b, *b, elementBytes);
        at += b->size() * elementBytes;
      }
    }
    sends.push_back({peer, t.data, t.bytes});
    sent += t.bytes;
  }
  for (int peer = 0; peer < ranks; ++peer) {
    Traffic &t = incoming[size_t(peer)];
    if (t.parts.empty())
      continue;
    place(t, wanted, result);
    receives.push_back({peer, t.data, t.bytes});
  }
  if (!sends.empty() || !receives.empty())
    comm.sendRecv(sends, receives);

  for (int peer = 0; peer < ranks; ++peer) {
    Traffic &t = incoming[size_t(peer)];
    if (t.staging.empty())
      continue;
    int64_t at = 0;
    for (const Box *b : t.parts) {
      copyBox(t.data + at, *b, result, wanted, *b, elementBytes);
      at += b->size() * elementBytes;
    }
  }
  for (const Part &p : mine)
    if (copyOwn && p.from == me && p.to == me)
      copyBox(in, held, result, wanted, p.box, elementBytes);
  return sent;
}

namespace {

/// failureOf's mark: a control character and a letter per class.
constexpr char kMark = '\x01';

[[noreturn]] void throwFailure(const std::string &failure, const std::string &prefix) {
  if (failure.size() < 2 || failure[0] != kMark)
    throw Error(prefix + failure);
  std::string text = prefix + failure.substr(2);
  switch (failure[1]) {
  case 'L': throw LinAlgError(text);
  case 'I': throw IndexError(text);
  case 'A': throw AxisError(text);
  case 'T': throw TypeError(text);
  case 'O': throw OverflowError(text);
  default: throw Error(text);
  }
}

} // namespace

std::string failureOf(const Error &e) {
  char kind = dynamic_cast<const LinAlgError *>(&e)    ? 'L'
              : dynamic_cast<const IndexError *>(&e)   ? 'I'
              : dynamic_cast<const AxisError *>(&e)    ? 'A'
              : dynamic_cast<const TypeError *>(&e)    ? 'T'
              : dynamic_cast<const OverflowError *>(&e) ? 'O'
                                                        : 'E';
  return std::string{kMark, kind} + e.what();
}

void agreeOrThrow(Communicator &comm, const std::string &localError, uint64_t programHash) {
  int ranks = comm.size();
  // One reduction: the lowest failed rank (or `ranks`), and the hash's min
  // and max (min of the complement), which are equal when all ranks agree.
  int64_t values[3] = {localError.empty() ? ranks : comm.rank(), int64_t(programHash),
                       int64_t(~programHash)};
  comm.allReduce(values, 3, DType::i64, ReduceOp::min);
  if (values[0] < ranks) {
    int root = int(values[0]);
    bool isRoot = comm.rank() == root;
    int64_t length = isRoot ? int64_t(localError.size()) : 0;
    comm.broadcast(&length, sizeof length, root);
    std::string text = isRoot ? localError : std::string(size_t(length), '\0');
    comm.broadcast(text.data(), length, root);
    throwFailure(text, "rank " + std::to_string(root) + ": ");
  }
  uint64_t low = uint64_t(values[1]), high = ~uint64_t(values[2]);
  if (low != high) {
    char text[80];
    std::snprintf(text, sizeof text, "%016llx and %016llx", (unsigned long long)low,
                  (unsigned long long)high);
    throw Error(std::string("the ranks are about to run different programs (program hashes ") +
                text +
                " differ): the array code depends on the rank; every rank must record the "
                "same operations on the same shapes, in the same order");
  }
}

} // namespace legato::runtime
