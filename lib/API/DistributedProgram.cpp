//===- DistributedProgram.cpp - one rank's program: kernels and collectives ===//
#include "API/DistributedProgram.h"

#include "API/OverlapPieces.h"
#include "API/SegmentValues.h"

#include <cstring>

#include "Dialect/Legato/IR/LegatoDialect.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Dialect/Legato/Transforms/ShardingRules.h"
#include "Runtime/Exchange.h"
#include "Runtime/RowExchange.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <map>
#include <optional>
#include <tuple>

namespace legato::detail {

using namespace mlir;
using support::Box;

struct DistributedProgram::Step {
  enum class Kind { kernel, exchange, allReduce } kind;
  std::unique_ptr<codegen::CompiledProgram> program; // kernel
  std::vector<OverlapPiece> pieces; // a kernel that overlaps: instead of `program`
  std::vector<codegen::CompiledProgram *> programs() const {
    std::vector<codegen::CompiledProgram *> all;
    if (program)
      all.push_back(program.get());
    for (const OverlapPiece &piece : pieces)
      if (piece.program)
        all.push_back(piece.program.get());
    return all;
  }
  std::vector<int64_t> in, out;                      // slots
  std::vector<Shape> inShapes, outShapes;
  std::vector<DType> outTypes;
  DType dtype = DType::f64; // element type of a collective's data
  support::Sharding have;   // exchange
  std::vector<Box> need;
  runtime::ReduceOp op = runtime::ReduceOp::sum; // all-reduce
  std::vector<int> members; // an all-reduce among this group only (empty: all ranks)
  bool rows = false;     // an exchange of row blocks (runtime::isRowExchange)
  bool returned = false; // its result is a program output
  int argument = -1;     // the program argument it exchanges, if any
  int level = 0;         // a collective's: those of one level run as a group
  std::vector<int64_t> release; // slots read for the last time here
};

namespace {

std::vector<Box> decode(ArrayRef<int64_t> flat, int64_t rank, int ranks) {
  return *mlir::legato::decodeBoxes(flat, rank, ranks);
}

/// Host memory holding `buffer`'s bytes: the buffer itself when it is on
/// the host, else a copy in `staging`.
const void *hostBytes(const runtime::Buffer &buffer, std::vector<char> &staging) {
  if (buffer.onHost())
    return buffer.data;
  staging.resize(size_t(buffer.bytes));
  buffer.read(staging.data());
  return staging.data();
}

/// A buffer holding the value of a splat `legato.constant`.
std::shared_ptr<runtime::Buffer> splatBuffer(codegen::Backend &backend,
                                             mlir::legato::ConstantOp constant) {
  auto splat = cast<SplatElementsAttr>(constant.getValue());
  Value v = constant.getResult();
  DType t = dtypeOf(v);
  int64_t count = 1;
  for (int64_t d : shapeOfValue(v))
    count *= d;
  // The element's bits, little-endian as the host stores them (bool: 0/1
  // in a byte; a complex number: its real part's, then its imaginary
  // part's).
  uint64_t words[2] = {0, 0};
  Type element = splat.getElementType();
  if (isa<ComplexType>(element)) {
    auto z = splat.getSplatValue<std::complex<APFloat>>();
    words[0] = z.real().bitcastToAPInt().getZExtValue();
    words[1] = z.imag().bitcastToAPInt().getZExtValue();
  } else {
    APInt bits = isa<FloatType>(element) ? splat.getSplatValue<APFloat>().bitcastToAPInt()
                                         : splat.getSplatValue<APInt>();
    words[0] = bits.getZExtValue();
  }
  int64_t size = dtype_size(t), part = isa<ComplexType>(element) ? size / 2 : size;
  std::vector<char> bytes(size_t(count * size));
  for (int64_t i = 0; i < count; ++i) {
    std::memcpy(bytes.data() + i * size, &words[0], size_t(part));
    if (part != size)
      std::memcpy(bytes.data() + i * size + part, &words[1], size_t(part));
  }
  std::shared_ptr<runtime::Buffer> buffer = backend.allocate(int64_t(bytes.size()));
  if (!bytes.empty())
    buffer->write(bytes.data());
  return buffer;
}

/// Whether a view `offset` bytes into an allocation may be handed to
/// kernels as a buffer of its own: GPU kernels access 4-byte types 16
/// bytes at a time from a buffer's start (vectorLanes, LinalgToGPU.cpp).
bool kernelsMayStartAt(int64_t offset) { return offset % 16 == 0; }

/// The array a row exchange produces, made of `input`'s own memory when
/// `input` is a block written inside a larger allocation (margins_) that
/// has room for every row this rank needs: a view of that allocation, whose
/// rows this rank holds are already in place. Null otherwise.
std::shared_ptr<runtime::Buffer> ghostRowsInPlace(const std::shared_ptr<runtime::Buffer> &input,
                                                  const support::Sharding &have,
                                                  const std::vector<Box> &need, DType dtype,
                                                  int me) {
  auto *block = dynamic_cast<const runtime::BufferView *>(input.get());
  const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
  if (!block || held.empty() || wanted.empty())
    return nullptr;
  int64_t rowBytes = rowBytesOf(have.global, dtype);
  int64_t start = block->offset - (held.lo[0] - wanted.lo[0]) * rowBytes;
  int64_t bytes = wanted.size() * dtype_size(dtype);
  if (start < 0 || start + bytes > block->parent->bytes || !kernelsMayStartAt(start))
    return nullptr;
  return std::make_shared<runtime::BufferView>(block->parent, start, bytes);
}

/// The rows of `out` (the result of a row exchange) that this rank holds,
/// as a view: the block, with room around it for the ghost rows. Null when
/// the needed rows do not include the held ones.
std::shared_ptr<runtime::Buffer> blockInside(const std::shared_ptr<runtime::Buffer> &out,
                                             const support::Sharding &have,
                                             const std::vector<Box> &need, DType dtype, int me) {
  const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
  if (held.empty() || held.lo[0] < wanted.lo[0] || held.hi[0] > wanted.hi[0])
    return nullptr;
  int64_t offset = (held.lo[0] - wanted.lo[0]) * rowBytesOf(have.global, dtype);
  if (!kernelsMayStartAt(offset))
    return nullptr;
  return std::make_shared<runtime::BufferView>(out, offset, held.size() * dtype_size(dtype));
}

/// Copies the rows [lo, hi) this rank keeps from the held block to the
/// needed one, unless they are the same memory (ghostRowsInPlace).
void copyOwnRows(const runtime::Buffer &input, runtime::Buffer &out, const Box &held,
                 const Box &wanted, int64_t lo, int64_t hi, int64_t rowBytes) {
  int64_t from = (lo - held.lo[0]) * rowBytes, to = (lo - wanted.lo[0]) * rowBytes;
  if (lo < hi && static_cast<char *>(input.data) + from != static_cast<char *>(out.data) + to)
    out.copyRange(input, from, to, (hi - lo) * rowBytes);
}

/// The exchange of row blocks through the backend's device collectives:
/// each travelling row goes from the held block straight into the needed
/// one, the kept rows are a device copy, and nothing waits for the GPU.
void exchangeRowsOnDevice(const runtime::Buffer &input, runtime::Buffer &out,
                          const support::Sharding &have, const std::vector<Box> &need,
                          DType dtype, codegen::DeviceCollectives &device, int me,
                          int64_t &bytesSent, LocalStep locally) {
  const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
  int64_t rowBytes = rowBytesOf(have.global, dtype);
  runtime::RowExchangePlan plan = runtime::planRowExchange(have, need, me);
  std::vector<runtime::Communicator::Message> sends, receives;
  for (const runtime::RowTransfer &t : plan.sends) {
    sends.push_back({t.peer, static_cast<char *>(input.data) + (t.lo - held.lo[0]) * rowBytes,
                     (t.hi - t.lo) * rowBytes});
    bytesSent += sends.back().bytes;
  }
  for (const runtime::RowTransfer &t : plan.receives)
    receives.push_back({t.peer, static_cast<char *>(out.data) + (t.lo - wanted.lo[0]) * rowBytes,
                        (t.hi - t.lo) * rowBytes});
  device.sendRecv(sends, receives);
  locally([&] { copyOwnRows(input, out, held, wanted, plan.ownLo, plan.ownHi, rowBytes); });
}

/// Copies the rows of `input` (this rank's block of `have`) that this rank
/// keeps into `out`, its needed box of a row exchange.
void copyHeldRows(const runtime::Buffer &input, runtime::Buffer &out,
                  const support::Sharding &have, const std::vector<Box> &need, DType dtype,
                  int me) {
  const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
  Box own = wanted.intersect(held);
  int64_t ownLo = own.empty() ? wanted.hi[0] : own.lo[0], ownHi = own.empty() ? wanted.hi[0] : own.hi[0];
  copyOwnRows(input, out, held, wanted, ownLo, ownHi, rowBytesOf(have.global, dtype));
}

/// The exchange of row blocks: on the device where the backend offers
/// collectives there; else only the rows other ranks need go to the host,
/// only the received rows come back, and the rows this rank keeps are
/// copied within the backend's memory (or are already in place, or were
/// copied before: `heldRowsThere`).
void exchangeRows(const runtime::Buffer &input, runtime::Buffer &out,
                  const support::Sharding &have, const std::vector<Box> &need, DType dtype,
                  codegen::Backend &backend, runtime::Communicator &comm, int64_t &bytesSent,
                  LocalStep locally, bool heldRowsThere = false) {
  int me = comm.rank();
  if (codegen::DeviceCollectives *device = backend.deviceCollectives(comm)) {
    exchangeRowsOnDevice(input, out, have, need, dtype, *device, me, bytesSent, locally);
    return;
  }
  const Box &held = have.boxes[size_t(me)], &wanted = need[size_t(me)];
  int64_t rowBytes = rowBytesOf(have.global, dtype);
  // Host images of the held and wanted boxes, left uninitialised: only the
  // rows that travel are ever touched (the rest stay unmapped pages).
  std::unique_ptr<char[]> sent(new char[size_t(held.size() * dtype_size(dtype))]);
  locally([&] {
    for (int r = 0; r < comm.size(); ++r) {
      Box part = need[size_t(r)].intersect(held);
      if (r != me && !part.empty())
        input.readRange((part.lo[0] - held.lo[0]) * rowBytes,
                        (part.hi[0] - part.lo[0]) * rowBytes,
                        sent.get() + (part.lo[0] - held.lo[0]) * rowBytes);
    }
  });
  int64_t wantedBytes = wanted.size() * dtype_size(dtype);
  std::unique_ptr<char[]> received(new char[size_t(wantedBytes)]);
  bytesSent += runtime::exchangeBoxes(comm, have, need, sent.get(), received.get(),
                                      dtype_size(dtype), /*copyOwn=*/false);
  Box own = wanted.intersect(held);
  int64_t ownLo = own.empty() ? wanted.hi[0] : own.lo[0], ownHi = own.empty() ? wanted.hi[0] : own.hi[0];
  // The rows before and after this rank's own came from the others.
  int64_t before = (ownLo - wanted.lo[0]) * rowBytes, after = (wanted.hi[0] - ownHi) * rowBytes;
  locally([&] {
    if (!heldRowsThere)
      copyOwnRows(input, out, held, wanted, ownLo, ownHi, rowBytes);
    out.writeRange(0, before, received.get());
    out.writeRange((ownHi - wanted.lo[0]) * rowBytes, after,
                   received.get() + (ownHi - wanted.lo[0]) * rowBytes);
  });
}

/// The all-reduce of a buffer in device memory into `out` through the
/// backend's device collectives; false where they cannot do it (the caller
/// then goes through the host).
bool allReduceOnDevice(const runtime::Buffer &input, runtime::Buffer &out, DType dtype,
                       runtime::ReduceOp op, codegen::Backend &backend,
                       runtime::Communicator &comm) {
  codegen::DeviceCollectives *device = input.onHost() ? nullptr : backend.deviceCollectives(comm);
  return device &&
         device->allReduce(input.data, out.data, input.bytes / dtype_size(dtype), dtype, op);
}

/// Fills `out` through `produce(host pointer)`, a collective; the copy to
/// the device after it is a step of this rank alone.
template <class F> void produceInto(runtime::Buffer &out, LocalStep locally, F produce) {
  if (out.onHost()) {
    produce(out.data);
  } else {
    std::vector<char> staging(static_cast<size_t>(out.bytes));
    produce(static_cast<void *>(staging.data()));
    locally([&] { out.write(staging.data()); });
  }
}

/// Launches piece `which` of the kernel step `step` (OverlapPieces.h) on
/// the step's buffers; pieces 0 and 2 are its edges.
void launchPiece(const DistributedProgram::Step &step, int which,
                 std::vector<std::shared_ptr<runtime::Buffer>> &slots, codegen::Backend &backend) {
  std::vector<void *> in, out;
  for (int64_t s : step.in)
    in.push_back(slots[size_t(s)]->data);
  for (int64_t s : step.out)
    out.push_back(slots[size_t(s)]->data);
  launchPiece(step.pieces[size_t(which)], in, out, step.outTypes, backend, /*edge=*/which != 1);
}

} // namespace

DistributedProgram::~DistributedProgram() = default;

DistributedProgram::DistributedProgram(ModuleOp partitioned, codegen::Backend &backend,
                                       const mlir::legato::PipelineOptions &options, int me,
                                       int ranks) {
  auto func = partitioned.lookupSymbol<func::FuncOp>("main");
  Block &body = func.getBody().front();
  llvm::DenseMap<Value, int64_t> slot;
  for (auto [i, arg] : llvm::enumerate(body.getArguments())) {
    slot[arg] = slots_++;
    inputSlots_.push_back(slot[arg]);
  }
  std::vector<DType> outputTypes;
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    auto attr = func.getResultAttrOfType<DenseI64ArrayAttr>(i, mlir::legato::kBoxesAttr);
    Shape global; // recovered from the boxes' union
    int64_t rank = int64_t(cast<RankedTensorType>(func.getResultTypes()[i]).getRank());
    std::vector<Box> boxes = decode(attr.asArrayRef(), rank, ranks);
    global.assign(size_t(rank), 0);
    for (const Box &b : boxes)
      for (int64_t d = 0; d < rank; ++d)
        global[d] = std::max(global[d], b.hi[d]);
    outputShardings.push_back(std::make_shared<support::Sharding>(support::Sharding{global, boxes}));
    outputTypes.push_back(dtypeOf(body.getTerminator()->getOperand(i)));
  }

  // The schedule: @main calls one function per segment between its
  // collectives (legato-outline-segments), and keeps the splat constants
  // that a collective or the program returns, which get a buffer once here.
  // The collectives of a level run after its segment, as a group.
  auto levelAt = [&](Operation *op) {
    return int(op->getAttrOfType<IntegerAttr>(mlir::legato::kSegmentAttr).getInt());
  };
  for (Operation &op : body.without_terminator()) {
    if (auto constant = dyn_cast<mlir::legato::ConstantOp>(op)) {
      Value v = constant.getResult();
      slot[v] = slots_++;
      constants_.push_back({slot[v], splatBuffer(backend, constant)});
      continue;
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      // A function of the schedule alone, as the @main of a module of its own.
      auto compile = [&](func::FuncOp function) {
        OwningOpRef<ModuleOp> program = ModuleOp::create(call.getLoc());
        auto main = function.clone();
        main.setName("main");
        main.setPublic();
        program->push_back(main);
        return backend.compile(*program, options);
      };
      Step step{Step::Kind::kernel};
      step.pieces = compilePieces(partitioned, call, compile);
      if (step.pieces.empty())
        step.program = compile(partitioned.lookupSymbol<func::FuncOp>(call.getCallee()));
      for (codegen::CompiledProgram *program : step.programs()) {
        stats.kernels += program->stats.kernels;
        stats.bytesMoved += program->stats.bytesMoved;
      }
      for (Value v : call.getOperands()) {
        step.in.push_back(slot.at(v));
        step.inShapes.push_back(shapeOfValue(v));
      }
      for (Value v : call.getResults()) {
        slot[v] = slots_++;
        step.out.push_back(slot[v]);
        step.outShapes.push_back(shapeOfValue(v));
        step.outTypes.push_back(dtypeOf(v));
      }
      steps_.push_back(std::move(step));
      continue;
    }
    Value input = op.getOperand(0), result = op.getResult(0);
    Step step{Step::Kind::allReduce};
    step.level = levelAt(&op);
    step.dtype = dtypeOf(input);
    step.in = {slot.at(input)};
    step.inShapes = {shapeOfValue(input)};
    slot[result] = slots_++;
    step.out = {slot[result]};
    step.outShapes = {shapeOfValue(result)};
    if (auto exchange = dyn_cast<mlir::legato::ExchangeOp>(op)) {
      step.kind = Step::Kind::exchange;
      int64_t rank = int64_t(exchange.getGlobalShape().size());
      step.have = {exchange.getGlobalShape().vec(), decode(exchange.getHave(), rank, ranks)};
      step.need = decode(exchange.getNeed(), rank, ranks);
    } else {
      auto reduce = cast<mlir::legato::AllReduceOp>(op);
      step.op = runtime::ReduceOp(int(reduce.getKind()));
      if (std::optional<ArrayRef<int64_t>> groups = reduce.getGroups()) {
        if (int64_t(groups->size()) != ranks)
          throw Error("legato.all_reduce: groups name " + std::to_string(groups->size()) +
                      " ranks, but the program runs on " + std::to_string(ranks));
        for (int r = 0; r < ranks; ++r)
          if ((*groups)[size_t(r)] == (*groups)[size_t(me)])
            step.members.push_back(r);
        if (int(step.members.size()) == ranks)
          step.members.clear();
      }
    }
    steps_.push_back(std::move(step));
  }
  for (Value v : body.getTerminator()->getOperands())
    outputSlots_.push_back(slot.at(v));

  // What the run needs to know of each exchange, found once.
  for (Step &step : steps_) {
    if (step.kind != Step::Kind::exchange)
      continue;
    step.rows = !step.need.empty() && step.need[0].rank() > 0 &&
                runtime::isRowExchange(step.have, step.need);
    step.returned = llvm::is_contained(outputSlots_, step.out[0]);
    auto arg = llvm::find(inputSlots_, step.in[0]);
    step.argument = arg == inputSlots_.end() ? -1 : int(arg - inputSlots_.begin());
  }

  // Margins for the outputs sharded like an argument that a row exchange
  // extends by ghost rows (see margins_).
  for (const Step &step : steps_) {
    if (!step.rows || step.argument < 0)
      continue;
    const Box &held = step.have.boxes[size_t(me)], &wanted = step.need[size_t(me)];
    if (held.empty() || wanted.empty())
      continue;
    int64_t rowBytes = rowBytesOf(step.have.global, step.dtype);
    int64_t before = std::max<int64_t>(held.lo[0] - wanted.lo[0], 0) * rowBytes;
    int64_t after = std::max<int64_t>(wanted.hi[0] - held.hi[0], 0) * rowBytes;
    // The block and the block with its ghost rows both go to kernels as
    // buffers of their own; ghost rows that would misalign them go into a
    // new buffer (docs/RELIABILITY.md, the misaligned address at 2 ranks).
    if (!kernelsMayStartAt(before))
      continue;
    for (size_t i = 0; i < outputSlots_.size(); ++i) {
      if (!(*outputShardings[i] == step.have) || outputTypes[i] != step.dtype)
        continue;
      auto &[b, a] = margins_[outputSlots_[i]];
      b = std::max(b, before);
      a = std::max(a, after);
    }
  }

  // Free each slot after its last reader (outputs live on).
  std::vector<int64_t> lastReader(static_cast<size_t>(slots_), -1);
  for (size_t s = 0; s < steps_.size(); ++s)
    for (int64_t in : steps_[s].in)
      lastReader[size_t(in)] = int64_t(s);
  for (int64_t out : outputSlots_)
    lastReader[size_t(out)] = -1;
  for (int64_t s = 0; s < slots_; ++s)
    if (lastReader[size_t(s)] >= 0)
      steps_[size_t(lastReader[size_t(s)])].release.push_back(s);
}

std::vector<std::shared_ptr<runtime::Buffer>>
DistributedProgram::run(std::vector<std::shared_ptr<runtime::Buffer>> &inputs,
                        codegen::Backend &backend, runtime::Communicator &comm, Stats &stats,
                        ChromeTrace *trace) {
  std::vector<std::shared_ptr<runtime::Buffer>> slots(static_cast<size_t>(slots_));
  for (size_t i = 0; i < inputs.size(); ++i)
    slots[size_t(inputSlots_[i])] = inputs[i];
  for (auto &[s, buffer] : constants_)
    slots[size_t(s)] = buffer;
  // A step that fails on one rank (memory running out, say) must not leave
  // the others waiting in the next collective: the failing rank skips its
  // remaining kernels, and before each collective and at the end the ranks
  // agree, so every rank throws the first failure's legato::Error.
  std::string failure;
  auto attempt = [&](auto &&work) {
    if (!failure.empty())
      return;
    try {
      work();
    } catch (const Error &e) {
      failure = runtime::failureOf(e);
    }
  };
  agreeOnGroups(comm);
  std::vector<char> staging;
  for (size_t first = 0; first < steps_.size();) {
    if (steps_[first].kind == Step::Kind::kernel) {
      Step &step = steps_[first++];
      attempt([&] {
        allocateOutputs(step, slots, backend);
        std::vector<codegen::ArrayArg> in, out;
        for (size_t i = 0; i < step.in.size(); ++i)
          in.push_back({slots[size_t(step.in[i])]->data, &step.inShapes[i]});
        for (size_t i = 0; i < step.out.size(); ++i)
          out.push_back({slots[size_t(step.out[i])]->data, &step.outShapes[i]});
        backend.launch(*step.program, in, out);
      });
      for (int64_t s : step.release)
        slots[size_t(s)].reset();
      continue;
    }
    size_t end = first + 1;
    while (end < steps_.size() && steps_[end].kind != Step::Kind::kernel && !groupStarts_[end])
      ++end;
    // A kernel in pieces reads results of the collectives just before it, so
    // it always follows a group, which runs it beside them (OverlapPiece).
    Step *overlapped =
        end < steps_.size() && !steps_[end].pieces.empty() ? &steps_[end] : nullptr;
    runCollectives(llvm::MutableArrayRef<Step>(steps_).slice(first, end - first), slots, inputs,
                   backend, comm, failure, attempt, staging, stats.bytes_sent, stats.collectives,
                   trace, overlapped);
    if (overlapped) {
      ++stats.overlapped;
      ++end;
    }
    for (size_t s = first; s < end; ++s)
      for (int64_t slot : steps_[s].release)
        slots[size_t(slot)].reset();
    first = end;
  }
  runtime::agreeOrThrow(comm, failure);
  std::vector<std::shared_ptr<runtime::Buffer>> outputs;
  for (int64_t s : outputSlots_)
    outputs.push_back(slots[size_t(s)]);
  return outputs;
}

void DistributedProgram::allocateOutputs(const Step &step,
                                         std::vector<std::shared_ptr<runtime::Buffer>> &slots,
                                         codegen::Backend &backend) const {
  for (size_t i = 0; i < step.out.size(); ++i) {
    auto &buffer = slots[size_t(step.out[i])];
    int64_t bytes = bytesOf(step.outShapes[i], step.outTypes[i]);
    auto margin = margins_.find(step.out[i]);
    if (margin == margins_.end()) {
      buffer = backend.allocate(bytes);
    } else {
      auto [before, after] = margin->second;
      buffer = std::make_shared<runtime::BufferView>(backend.allocate(before + bytes + after),
                                                     before, bytes);
    }
  }
}

void DistributedProgram::agreeOnGroups(runtime::Communicator &comm) {
  if (!groupStarts_.empty() || steps_.empty())
    return;
  std::vector<int64_t> starts; // per collective: 1 where a group begins here
  for (size_t s = 0; s < steps_.size(); ++s)
    if (steps_[s].kind != Step::Kind::kernel)
      starts.push_back(s == 0 || steps_[s - 1].kind == Step::Kind::kernel ||
                       steps_[s - 1].level != steps_[s].level);
  if (!starts.empty())
    comm.allReduce(starts.data(), int64_t(starts.size()), DType::i64, runtime::ReduceOp::max);
  groupStarts_.assign(steps_.size(), false);
  for (size_t s = 0, k = 0; s < steps_.size(); ++s)
    if (steps_[s].kind != Step::Kind::kernel)
      groupStarts_[s] = starts[k++] != 0;
}

void DistributedProgram::runCollectives(llvm::MutableArrayRef<Step> group,
                                        std::vector<std::shared_ptr<runtime::Buffer>> &slots,
                                        std::vector<std::shared_ptr<runtime::Buffer>> &inputs,
                                        codegen::Backend &backend, runtime::Communicator &comm,
                                        const std::string &failure,
                                        LocalStep attempt,
                                        std::vector<char> &staging, int64_t &bytesSent,
                                        int64_t &collectives, ChromeTrace *trace,
                                        Step *overlapped) {
  // Every output first, so that a rank that cannot allocate one fails
  // before any rank starts communicating.
  std::vector<bool> inPlace(group.size(), false); // out is input's allocation
  std::vector<std::shared_ptr<runtime::Buffer>> rehomed(group.size()); // see run()
  for (size_t i = 0; i < group.size(); ++i) {
    Step &step = group[i];
    const std::shared_ptr<runtime::Buffer> &input = slots[size_t(step.in[0])];
    auto &out = slots[size_t(step.out[0])];
    // Ghost rows go around the block in place only while the exchanged
    // array stays inside this run: a later exchange rewrites them.
    bool sharedRows = step.rows && !step.returned;
    attempt([&] {
      if (sharedRows)
        out = ghostRowsInPlace(input, step.have, step.need, step.dtype, comm.rank());
      inPlace[i] = out != nullptr;
      if (!out)
        out = backend.allocate(bytesOf(step.outShapes[0], step.dtype));
      if (sharedRows && !inPlace[i] && step.argument >= 0)
        rehomed[i] = blockInside(out, step.have, step.need, step.dtype, comm.rank());
    });
  }
  if (overlapped)
    attempt([&] { allocateOutputs(*overlapped, slots, backend); });
  runtime::agreeOrThrow(comm, failure);

  // Bytes to send from host memory; a rank whose copy from the device
  // failed sends zeros (the ranks agree on the failure at the end of run()).
  auto hostBytesOf = [&](const runtime::Buffer &buffer) -> const void * {
    const void *bytes = nullptr;
    attempt([&] { bytes = hostBytes(buffer, staging); });
    if (!bytes) {
      staging.assign(size_t(buffer.bytes), 0);
      bytes = staging.data();
    }
    return bytes;
  };

  // The overlapped kernel's interior runs on a thread of its own while this
  // one exchanges: it reads only rows this rank holds, so those go to the
  // exchanges' results first (where they are not there already).
  std::string interiorFailure;
  bool interiorRunning = false;
  std::optional<ChromeTrace::Span> overlap; // in traces: the group beside the interior
  std::optional<runtime::YieldWhileWaiting> yielding; // the interior gets the core
  llvm::scope_exit waitForInterior([&] {
    if (interiorRunning)
      InteriorThread::get().wait();
  });
  if (overlapped) {
    overlap.emplace(trace, "overlap", "collective");
    yielding.emplace();
    for (size_t i = 0; i < group.size(); ++i)
      if (group[i].rows && !inPlace[i])
        attempt([&] {
          copyHeldRows(*slots[size_t(group[i].in[0])], *slots[size_t(group[i].out[0])],
                       group[i].have, group[i].need, group[i].dtype, comm.rank());
        });
    InteriorThread::get().start([&] {
      try {
        launchPiece(*overlapped, 1, slots, backend);
      } catch (const std::exception &e) {
        interiorFailure = e.what();
      }
    });
    interiorRunning = true;
  }

  // The level's collectives do not read each other's results: the
  // all-reduces that go through the host are one per element type,
  // operation and group (BiCGSTAB's t . s and t . t).
  using HostReduce = std::tuple<DType, runtime::ReduceOp, std::vector<int>>;
  std::map<HostReduce, std::vector<size_t>> allReducesOnHost;
  for (size_t i = 0; i < group.size(); ++i) {
    Step &step = group[i];
    const runtime::Buffer &input = *slots[size_t(step.in[0])];
    runtime::Buffer &out = *slots[size_t(step.out[0])];
    if (step.kind == Step::Kind::exchange) {
      ChromeTrace::Span span(trace, "exchange", "collective");
      int64_t sentBefore = bytesSent;
      ++collectives;
      if (step.rows && (!input.onHost() || inPlace[i] || overlapped)) {
        exchangeRows(input, out, step.have, step.need, step.dtype, backend, comm, bytesSent,
                     attempt, /*heldRowsThere=*/overlapped != nullptr);
      } else {
        const void *src = hostBytesOf(input);
        produceInto(out, attempt, [&](void *dst) {
          bytesSent += runtime::exchangeBoxes(comm, step.have, step.need, src, dst,
                                              dtype_size(step.dtype));
        });
      }
      if (rehomed[i]) // its bytes are now in `out` too: keep those, with their room
        inputs[size_t(step.argument)] = rehomed[i];
      span.arg("bytes_sent", bytesSent - sentBefore);
      continue;
    }
    if (step.members.empty()) {
      bytesSent += input.bytes;
      ChromeTrace::Span span(input.onHost() ? nullptr : trace, "all_reduce", "collective");
      span.arg("bytes_sent", input.bytes);
      if (allReduceOnDevice(input, out, step.dtype, step.op, backend, comm)) {
        ++collectives;
        continue;
      }
    }
    // Device collectives span all ranks; a group's values (a mesh row's
    // partial results, small) go through the host.
    allReducesOnHost[{step.dtype, step.op, step.members}].push_back(i);
  }
  collectives += int64_t(allReducesOnHost.size());
  for (auto &[kind, members] : allReducesOnHost) {
    auto &[dtype, op, among] = kind;
    ChromeTrace::Span span(trace, "all_reduce", "collective");
    span.arg("values", int64_t(members.size()));
    std::vector<char> packed;
    for (size_t i : members) {
      const runtime::Buffer &input = *slots[size_t(group[i].in[0])];
      const char *src = static_cast<const char *>(hostBytesOf(input));
      packed.insert(packed.end(), src, src + input.bytes);
    }
    int64_t count = int64_t(packed.size()) / dtype_size(dtype);
    if (among.empty())
      comm.allReduce(packed.data(), count, dtype, op);
    else
      bytesSent += runtime::allReduceAmong(comm, among, packed.data(), count, dtype, op);
    size_t at = 0;
    for (size_t i : members) {
      runtime::Buffer &out = *slots[size_t(group[i].out[0])];
      produceInto(out, attempt,
                  [&](void *dst) { std::memcpy(dst, packed.data() + at, size_t(out.bytes)); });
      at += size_t(out.bytes);
    }
  }
  if (overlapped) {
    waitForInterior.release();
    InteriorThread::get().wait();
    overlap.reset();
    yielding.reset();
    attempt([&] {
      if (!interiorFailure.empty())
        throw Error(interiorFailure);
      launchPiece(*overlapped, 0, slots, backend);
      launchPiece(*overlapped, 2, slots, backend);
    });
  }
}

} // namespace legato::detail
