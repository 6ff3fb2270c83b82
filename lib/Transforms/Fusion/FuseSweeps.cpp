//===- FuseSweeps.cpp - two stencil sweeps in one kernel ------------------===//
//
// A Jacobi-style loop (CFD's pressure sweeps) updates the rows between two
// walls from shifted slices of the previous iterate, then sets the wall rows
// from the rows next to them. Fused, each sweep is one kernel, and every
// sweep reads and writes the whole array. Here the second of two
// consecutive sweeps recomputes the values of the first that it needs from
// the first one's inputs, so two sweeps make one pass over memory
// (temporal fusion, as in stencil compilers; the cost is arithmetic: the
// second sweep recomputes a value of the first per neighbour it reads).
//
// The first sweep's result reaches the second as a tensor assembled by
// slice assignment: boxes of the sweep's kernel (insert_slice), of slices of
// itself (CFD's walls: wall row 0 is a copy of row 1) and of other arrays
// (the fixed border of a Jacobi stencil, copied from the previous iterate).
// Following the insertions and extractions cuts each input of the second
// sweep into pieces, each a box of one value at a constant shift. The second
// sweep's loops are then cut into cells (rows and columns) in which every
// input reads one piece: one generic per cell, reading the kernel's values
// through its windows, and upstream elementwise fusion inlines the kernel
// into it; the other pieces are read where they came from. For CFD the
// cells are runs of rows (row 1, rows 2..n-3, row n-2); for a stencil with
// a fixed border, nine boxes (the interior, four edges, four corners).
// Sweeps are fused in pairs: a fused cell is not fused again, so the
// recomputation stays one level deep. With recomputation, a second sweep may
// recompute several first ones, each one level deep: shallow water's face
// fluxes recompute the limited slopes of h, hu and hv that they read. A
// kernel (or a fused cell) may also be cut only to read an array assembled
// mostly from copies of other arrays (h between its ghost cells) from its
// pieces, so that the copy is never made.
//
// On the CPU (recompute=false) the cells must be runs of whole rows that
// read only the kernel's values of the first sweep's array; they read the
// kernel's result instead, and the kernel and its runs are marked as one
// tiled pair: the loops that compute them tile by tile keep the first
// sweep's rows in a scratch buffer per tile (SweepTiles.h), which costs a
// recomputed row per tile edge, not a recomputed value per neighbour.
//
//===----------------------------------------------------------------------===//
#include "Transforms/Passes.h"
#include "Dialect/Legato/IR/Markers.h"
#include "Analysis/StaticBox.h"
#include "Analysis/SweepTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/SetVector.h"

#include <functional>

namespace mlir::legato {
#define GEN_PASS_DEF_LEGATOFUSESWEEPSPASS
#include "Transforms/Passes.h.inc"
} // namespace mlir::legato

using namespace mlir;
using mlir::legato::boxOf;
using mlir::legato::StaticBox;

namespace {

/// Body ops at most of a sweep kernel that another sweep may recompute.
constexpr size_t kMaxRecomputedOps = 16;

/// The body ops that result `result` of `op` needs.
llvm::SetVector<Operation *> opsOfResult(linalg::GenericOp op, unsigned result) {
  llvm::SetVector<Operation *> needed;
  SmallVector<Value> work = {op.getBody()->getTerminator()->getOperand(result)};
  while (!work.empty()) {
    Operation *def = work.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != op.getBody() || !needed.insert(def))
      continue;
    llvm::append_range(work, def->getOperands());
  }
  return needed;
}

/// Whether result `result` of `op` is a value that a consumer can recompute
/// wherever it reads it: `op` all-parallel, on tensors, 2-D with an
/// identity output, no accumulator, and the result a few arith ops of its
/// inputs.
bool isRecomputableSweep(linalg::GenericOp op, unsigned result) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
      op.getNumLoops() != 2)
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (op.payloadUsesValueFromOperand(&init) || !op.getMatchingIndexingMap(&init).isIdentity())
      return false;
  llvm::SetVector<Operation *> needed = opsOfResult(op, result);
  return needed.size() <= kMaxRecomputedOps && llvm::all_of(needed, [](Operation *inner) {
           return isa<arith::ArithDialect>(inner->getDialect());
         });
}

/// Pieces at most that the search for where an operand's values come from
/// may find.
constexpr size_t kMaxPieces = 64;

/// Cells at most of a second sweep (a stencil with a fixed border has nine):
/// each is a kernel of its own before launches merge.
constexpr size_t kMaxCells = 16;

/// A box of a tensor whose values are those of `value` moved by `shift`:
/// the tensor at p is `value` at p + shift, for every p in `box`.
struct Piece {
  StaticBox box;
  Value value;
  SmallVector<int64_t, 2> shift;
  SmallVector<Operation *, 4> via; // the insertions and extractions passed
};

/// Appends to `out` where the values of `want`, a box of the tensor the
/// search began at, come from, when that tensor at p is `t` at p + shift.
/// The search follows insertions and extractions of static unit-stride boxes
/// that keep the rank (slice assignment, a sweep's walls) and stops at any
/// other value. False past kMaxPieces.
bool collectPieces(Value t, const StaticBox &want, SmallVector<int64_t, 2> shift,
                   SmallVector<Operation *, 4> via, SmallVectorImpl<Piece> &out) {
  if (want.empty())
    return true;
  if (auto insert = t.getDefiningOp<tensor::InsertSliceOp>()) {
    std::optional<StaticBox> window = boxOf(insert);
    if (window && insert.getSourceType().getRank() == insert.getDestType().getRank()) {
      via.push_back(insert);
      SmallVector<int64_t, 2> back, intoSource;
      for (auto [s, o] : llvm::zip_equal(shift, window->offsets)) {
        back.push_back(-s);
        intoSource.push_back(s - o);
      }
      StaticBox inserted = window->shifted(back); // in the coordinates of `want`
      if (!collectPieces(insert.getSource(), want.intersect(inserted), intoSource, via, out))
        return false;
      for (const StaticBox &rest : minus(want, inserted))
        if (!collectPieces(insert.getDest(), rest, shift, via, out))
          return false;
      return true;
    }
  } else if (auto extract = t.getDefiningOp<tensor::ExtractSliceOp>()) {
    std::optional<StaticBox> window = boxOf(extract);
    if (window && extract.getSourceType().getRank() == extract.getType().getRank()) {
      via.push_back(extract);
      for (auto [s, o] : llvm::zip_equal(shift, window->offsets))
        s += o;
      return collectPieces(extract.getSource(), want, shift, via, out);
    }
  }
  if (out.size() >= kMaxPieces)
    return false;
  out.push_back({want, t, std::move(shift), std::move(via)});
  return true;
}

/// The pieces of a tensor of static shape; nullopt for other values or past
/// kMaxPieces.
std::optional<SmallVector<Piece>> piecesOf(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  SmallVector<Piece> pieces;
  if (!collectPieces(v, StaticBox::of(type.getShape()), SmallVector<int64_t, 2>(type.getRank(), 0),
                     {}, pieces))
    return std::nullopt;
  return pieces;
}

/// What an operand read through `map` reads of a tensor of `shape` (the
/// operand moved by `shift`) while the loops run over `cell`, and the map
/// that reads it from the cell's loops: a result `d + c` reads the cell's
/// extent of d there, any other result its whole dim.
struct Window {
  StaticBox box;
  AffineMap map;
};
Window windowOf(ArrayRef<int64_t> shape, ArrayRef<int64_t> shift, AffineMap map,
                const StaticBox &cell) {
  Window w;
  SmallVector<AffineExpr> exprs;
  for (auto [i, e] : llvm::enumerate(map.getResults())) {
    if (std::optional<std::pair<unsigned, int64_t>> s = legato::dimShift(e)) {
      w.box.offsets.push_back(cell.offsets[s->first] + s->second + shift[i]);
      w.box.sizes.push_back(cell.sizes[s->first]);
      exprs.push_back(getAffineDimExpr(s->first, map.getContext()));
    } else {
      w.box.offsets.push_back(0);
      w.box.sizes.push_back(shape[i]);
      exprs.push_back(e);
    }
  }
  w.map = AffineMap::get(map.getNumDims(), 0, exprs, map.getContext());
  return w;
}

/// Whether every result of `map` that is not a shift depends only on loops
/// that `cell` spans whole (so that windowOf's whole dim is what it reads).
bool spansWhatShiftsMiss(AffineMap map, const StaticBox &cell, ArrayRef<int64_t> loops) {
  for (AffineExpr e : map.getResults()) {
    if (legato::dimShift(e))
      continue;
    for (size_t d = 0; d < loops.size(); ++d)
      if (e.isFunctionOfDim(d) && (cell.offsets[d] != 0 || cell.sizes[d] != loops[d]))
        return false;
  }
  return true;
}

/// Whether `producer`'s values can be recomputed over `box` of its loops:
/// its inputs have static shapes and are read whole where not shifted.
bool recomputableOver(linalg::GenericOp producer, const StaticBox &box) {
  SmallVector<int64_t> loops = producer.getStaticLoopRanges();
  return llvm::all_of(producer.getDpsInputOperands(), [&](OpOperand *in) {
    auto type = dyn_cast<ShapedType>(in->get().getType());
    return !type || (type.hasStaticShape() &&
                     spansWhatShiftsMiss(producer.getMatchingIndexingMap(in), box, loops));
  });
}

/// Where an input of the second sweep reads in a cell: the operand at p is
/// `value` at p + shift (no shift for a scalar).
struct Source {
  Value value;
  SmallVector<int64_t, 2> shift;
  bool operator==(const Source &o) const { return value == o.value && shift == o.shift; }
};

/// A box of the second sweep's loops in which each input reads one piece:
/// sources[k] for input k.
struct Cell {
  StaticBox box;
  SmallVector<Source> sources;
};

/// The sources of `op`'s inputs in `cell`; failure when an input reads
/// several pieces there.
FailureOr<SmallVector<Source>> sourcesIn(linalg::GenericOp op, ArrayRef<SmallVector<Piece>> pieces,
                                         const StaticBox &cell, ArrayRef<int64_t> loops) {
  SmallVector<Source> sources;
  for (auto [k, in] : llvm::enumerate(op.getDpsInputOperands())) {
    auto type = dyn_cast<RankedTensorType>(in->get().getType());
    if (!type) {
      sources.push_back({in->get(), {}});
      continue;
    }
    AffineMap map = op.getMatchingIndexingMap(in);
    if (!spansWhatShiftsMiss(map, cell, loops))
      return failure();
    Window w = windowOf(type.getShape(), SmallVector<int64_t, 2>(type.getRank(), 0), map, cell);
    const Piece *piece =
        llvm::find_if(pieces[k], [&](const Piece &p) { return p.box.contains(w.box); });
    if (piece == pieces[k].end())
      return failure();
    for (auto [i, e] : llvm::enumerate(map.getResults()))
      if (!legato::dimShift(e) && piece->shift[i] != 0)
        return failure(); // (read whole, unmoved)
    sources.push_back({piece->value, piece->shift});
  }
  return sources;
}

/// `op`'s loops cut where an input's reads move from one piece to another,
/// as few boxes as rows of equal columns allow; failure when no cut
/// separates the pieces of some read, or past kMaxCells.
FailureOr<SmallVector<Cell>> cutIntoCells(linalg::GenericOp op, ArrayRef<SmallVector<Piece>> pieces,
                                          ArrayRef<int64_t> loops) {
  SmallVector<SmallVector<int64_t>> cuts;
  for (int64_t extent : loops)
    cuts.push_back({0, extent});
  for (auto [k, in] : llvm::enumerate(op.getDpsInputOperands())) {
    for (auto [i, e] : llvm::enumerate(op.getMatchingIndexingMap(in).getResults())) {
      std::optional<std::pair<unsigned, int64_t>> shift = legato::dimShift(e);
      if (!shift)
        continue;
      for (const Piece &p : pieces[k])
        for (int64_t edge : {p.box.offsets[i] - shift->second, p.box.end(i) - shift->second})
          if (edge > 0 && edge < loops[shift->first])
            cuts[shift->first].push_back(edge);
    }
  }
  for (SmallVector<int64_t> &c : cuts) {
    llvm::sort(c);
    c.erase(llvm::unique(c), c.end());
  }
  // Row bands of cells; neighbours with the same sources merge.
  SmallVector<SmallVector<Cell>> bands;
  for (size_t r = 0; r + 1 < cuts[0].size(); ++r) {
    SmallVector<Cell> band;
    for (size_t c = 0; c + 1 < cuts[1].size(); ++c) {
      StaticBox box{{cuts[0][r], cuts[1][c]},
                    {cuts[0][r + 1] - cuts[0][r], cuts[1][c + 1] - cuts[1][c]}};
      FailureOr<SmallVector<Source>> sources = sourcesIn(op, pieces, box, loops);
      if (failed(sources))
        return failure();
      if (!band.empty() && band.back().sources == *sources)
        band.back().box.sizes[1] += box.sizes[1];
      else
        band.push_back({box, std::move(*sources)});
    }
    auto sameColumns = [](ArrayRef<Cell> a, ArrayRef<Cell> b) {
      return llvm::equal(a, b, [](const Cell &x, const Cell &y) {
        return x.box.offsets[1] == y.box.offsets[1] && x.box.sizes[1] == y.box.sizes[1] &&
               x.sources == y.sources;
      });
    };
    if (!bands.empty() && sameColumns(bands.back(), band))
      for (Cell &cell : bands.back())
        cell.box.sizes[0] += band.front().box.sizes[0];
    else
      bands.push_back(std::move(band));
  }
  SmallVector<Cell> cells;
  for (SmallVector<Cell> &band : bands)
    llvm::append_range(cells, band);
  if (cells.size() > kMaxCells)
    return failure();
  return cells;
}

/// The first sweeps' results that `op` reads (one on the CPU), the cells
/// `op` is cut into, and the slices between them; failure when `op` is not a
/// second sweep.
struct SecondSweep {
  SmallVector<Value, 2> kernels;
  SmallVector<Cell> cells;
  llvm::SmallPtrSet<Operation *, 8> path; // the slices that carry the kernels' values
                                          // and the arrays read piecewise
  /// Other extractions from the path, with the one piece each reads: they
  /// read that piece's value instead, so that the path goes.
  SmallVector<std::pair<tensor::ExtractSliceOp, Piece>> forwards;
};

/// Whether `op` computes values that nothing reads, or only ops that are
/// unread themselves (a first sweep that fusion left behind, and its
/// slices), up to `depth` levels.
bool isUnread(Operation *op, int depth = 4) {
  return depth > 0 && isMemoryEffectFree(op) && !op->hasTrait<OpTrait::IsTerminator>() &&
         llvm::all_of(op->getUsers(), [&](Operation *user) { return isUnread(user, depth - 1); });
}

/// `op` as the second sweep of the first sweeps `kernels` (results of
/// distinct generics that its inputs reach through slices), also reading
/// the inputs `piecewise` from their pieces, given the pieces of its inputs;
/// failure when they cannot be fused with it together.
FailureOr<SecondSweep> matchFirstSweeps(linalg::GenericOp op, ArrayRef<Value> kernels,
                                        ArrayRef<unsigned> piecewise,
                                        SmallVector<SmallVector<Piece>> pieces, bool recompute) {
  SmallVector<int64_t> loops = op.getStaticLoopRanges();
  SecondSweep s;
  s.kernels.assign(kernels.begin(), kernels.end());
  llvm::SmallPtrSet<Operation *, 2> producers;
  for (Value kernel : kernels)
    producers.insert(kernel.getDefiningOp());
  // Inputs that carry none of the kernels' values are read as they are,
  // however they were assembled, unless read piecewise: only their pieces
  // and the kernels' cut the loops.
  auto carriesKernel = [&](const Piece &p) { return llvm::is_contained(s.kernels, p.value); };
  auto readPiecewise = [&](unsigned k) {
    return llvm::is_contained(piecewise, k) || llvm::any_of(pieces[k], carriesKernel);
  };
  for (auto [k, in] : llvm::enumerate(op.getDpsInputOperands()))
    if (SmallVector<Piece> &found = pieces[k]; !found.empty() && !readPiecewise(k)) {
      auto type = cast<RankedTensorType>(in->get().getType());
      found = {Piece{StaticBox::of(type.getShape()), in->get(),
                     SmallVector<int64_t, 2>(type.getRank(), 0), {}}};
    }
  // A tiled pair's runs read the first sweep's array as rows of its kernel
  // only (SweepTiles.h): an array also assembled from other values is read
  // as it is.
  if (!recompute)
    for (const SmallVector<Piece> &found : pieces)
      if (llvm::any_of(found, carriesKernel) && !llvm::all_of(found, carriesKernel))
        return failure();
  FailureOr<SmallVector<Cell>> cells = cutIntoCells(op, pieces, loops);
  if (failed(cells))
    return failure();
  s.cells = std::move(*cells);
  for (const Cell &cell : s.cells) {
    // Tiles of the CPU's pairs span whole rows.
    if (!recompute && (cell.box.offsets[1] != 0 || cell.box.sizes[1] != loops[1]))
      return failure();
    for (auto [k, in] : llvm::enumerate(op.getDpsInputOperands())) {
      const Source &source = cell.sources[k];
      auto result = dyn_cast<OpResult>(source.value);
      if (!recompute || !result || !producers.contains(result.getOwner()))
        continue;
      auto type = cast<RankedTensorType>(source.value.getType());
      Window w = windowOf(type.getShape(), source.shift, op.getMatchingIndexingMap(in), cell.box);
      if (!recomputableOver(cast<linalg::GenericOp>(result.getOwner()), w.box))
        return failure();
    }
  }
  // Worth it only if the first sweep's result, and the arrays read
  // piecewise, are then needed nowhere else: other reads of the slices that
  // carry them must read other pieces.
  for (auto [k, found] : llvm::enumerate(pieces))
    for (const Piece &p : found)
      if (carriesKernel(p) || llvm::is_contained(piecewise, k))
        s.path.insert(p.via.begin(), p.via.end());
  // An extraction that reads one piece of no kernel value reads that piece
  // instead. One that reads several may still go when only such extractions
  // read it (over several ranks, the next array's border copies are taken
  // from a slice of this one: legato-partition's box of it).
  std::function<bool(Operation *)> forward = [&](Operation *user) {
    if (isUnread(user))
      return true;
    auto extract = dyn_cast<tensor::ExtractSliceOp>(user);
    std::optional<SmallVector<Piece>> read =
        extract ? piecesOf(extract.getResult()) : std::nullopt;
    if (!read)
      return false;
    if (read->size() == 1 && !carriesKernel(read->front())) {
      if (llvm::none_of(s.forwards, [&](auto &f) { return f.first == extract; }))
        s.forwards.push_back({extract, read->front()});
      return true;
    }
    return !extract->use_empty() && llvm::all_of(extract->getUsers(), forward);
  };
  for (Operation *step : s.path)
    for (Operation *user : step->getUsers())
      if (user != op && !s.path.contains(user) && (!recompute || !forward(user)))
        return failure();
  for (Value kernel : s.kernels)
    for (Operation *user : kernel.getUsers())
      if (!s.path.contains(user) && user != op)
        return failure();
  return s;
}

/// Whether most of the array that `pieces` assemble is a copy of other
/// arrays: pieces that are an argument or also read outside the slices that
/// assemble it, which it cannot share a buffer with. (A kernel whose result
/// only goes into it, its walls copied from its edges, writes it in place:
/// reading its pieces instead would save nothing.)
bool isMostlyCopied(ArrayRef<Piece> pieces) {
  llvm::SmallPtrSet<Operation *, 8> assembly;
  for (const Piece &p : pieces)
    assembly.insert(p.via.begin(), p.via.end());
  auto inAssembly = [&](Operation *user) {
    auto extract = dyn_cast<tensor::ExtractSliceOp>(user);
    return assembly.contains(user) ||
           (extract && llvm::all_of(extract->getUsers(),
                                    [&](Operation *u) { return assembly.contains(u); }));
  };
  int64_t copied = 0, all = 0;
  for (const Piece &p : pieces) {
    all += p.box.volume();
    if (isa<BlockArgument>(p.value) || !llvm::all_of(p.value.getUsers(), inAssembly))
      copied += p.box.volume();
  }
  return 2 * copied >= all;
}

/// `op` as a second sweep; with `firstSweeps` false (a cell of one), only
/// reading assembled arrays from their pieces.
FailureOr<SecondSweep> matchSecondSweep(linalg::GenericOp op,
                                        const llvm::DenseSet<Operation *> &fused, bool recompute,
                                        bool firstSweeps) {
  if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 || op.getNumLoops() != 2 ||
      op.hasIndexSemantics())
    return failure();
  for (OpOperand &init : op.getDpsInitsMutable())
    if (op.payloadUsesValueFromOperand(&init) || !op.getMatchingIndexingMap(&init).isIdentity())
      return failure();
  if (ShapedType::isDynamicShape(op.getStaticLoopRanges()))
    return failure();
  SmallVector<SmallVector<Piece>> pieces;
  for (OpOperand *in : op.getDpsInputOperands()) {
    if (!isa<ShapedType>(in->get().getType())) {
      pieces.emplace_back(); // a scalar
      continue;
    }
    std::optional<SmallVector<Piece>> found = piecesOf(in->get());
    if (!found)
      return failure();
    pieces.push_back(std::move(*found));
  }
  // The first sweeps: the recomputable kernels that inputs reach through
  // slices, one result of each, in the order found (shallow water's flux
  // kernel recomputes the limited slopes of h, hu and hv). A tiled pair has
  // one: it keeps only the first sweep's rows of a tile, so its kernel may
  // compute nothing else; computing them in a kernel of their own, beside
  // the kernel's other values, costs CFD more launches than it saves.
  SmallVector<Value, 2> kernels;
  for (const SmallVector<Piece> &found : pieces)
    for (const Piece &p : found) {
      auto kernel = p.value.getDefiningOp<linalg::GenericOp>();
      if (!firstSweeps || p.via.empty() || !kernel || fused.contains(kernel) ||
          !isRecomputableSweep(kernel, cast<OpResult>(p.value).getResultNumber()) ||
          (!recompute && (kernel->getNumResults() != 1 || !kernels.empty())) ||
          llvm::any_of(kernels, [&](Value k) { return k.getDefiningOp() == kernel; }))
        continue;
      kernels.push_back(p.value);
    }
  // Each joins those before it when they still fuse together (a kernel
  // whose values are needed elsewhere, or that cannot be recomputed where
  // it is read, stays apart: a wall's ghost cells read in reverse).
  FailureOr<SecondSweep> fusion = failure();
  SmallVector<Value, 2> chosen;
  SmallVector<unsigned> piecewise;
  for (Value kernel : kernels) {
    chosen.push_back(kernel);
    if (FailureOr<SecondSweep> s = matchFirstSweeps(op, chosen, piecewise, pieces, recompute);
        succeeded(s))
      fusion = std::move(s);
    else
      chosen.pop_back();
  }
  // With recomputation, an array assembled by slice assignment mostly from
  // copies (shallow water's cells between ghost cells) is read from its
  // pieces where that leaves it unread: the cells read the arrays it was
  // assembled from, and it is never stored. The inputs that read one array
  // (at several shifts) are read piecewise together, else it is still read.
  SmallVector<llvm::SmallPtrSet<Operation *, 8>> viaOps(pieces.size());
  for (auto [k, found] : llvm::enumerate(pieces))
    for (const Piece &p : found)
      viaOps[k].insert(p.via.begin(), p.via.end());
  auto candidate = [&](unsigned k) {
    return pieces[k].size() >= 2 && !llvm::is_contained(piecewise, k) &&
           isMostlyCopied(pieces[k]) && llvm::none_of(pieces[k], [&](const Piece &p) {
             return llvm::is_contained(chosen, p.value);
           });
  };
  if (recompute)
    for (unsigned k = 0; k < pieces.size(); ++k) {
      if (!candidate(k))
        continue;
      SmallVector<unsigned> group = {k};
      for (unsigned j = k + 1; j < pieces.size(); ++j)
        if (candidate(j) &&
            llvm::any_of(viaOps[j], [&](Operation *o) { return viaOps[k].contains(o); }))
          group.push_back(j);
      llvm::append_range(piecewise, group);
      if (FailureOr<SecondSweep> s = matchFirstSweeps(op, chosen, piecewise, pieces, recompute);
          succeeded(s))
        fusion = std::move(s);
      else
        piecewise.resize(piecewise.size() - group.size());
    }
  return fusion;
}

/// `value`, or the part of it in `box` when that is not all of it.
Value extractBox(RewriterBase &rewriter, Location loc, Value value, const StaticBox &box) {
  auto type = cast<RankedTensorType>(value.getType());
  if (box == StaticBox::of(type.getShape()))
    return value;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (size_t d = 0; d < box.rank(); ++d) {
    offsets.push_back(rewriter.getIndexAttr(box.offsets[d]));
    sizes.push_back(rewriter.getIndexAttr(box.sizes[d]));
    strides.push_back(rewriter.getIndexAttr(1));
  }
  return tensor::ExtractSliceOp::create(rewriter, loc, value, offsets, sizes, strides);
}

/// What a generic over `box` of `op`'s loops reads where `op` reads input
/// `in` from `source`, and the map it reads that through.
std::pair<Value, AffineMap> windowInput(RewriterBase &rewriter, linalg::GenericOp op,
                                        OpOperand *in, const Source &source,
                                        const StaticBox &box) {
  AffineMap map = op.getMatchingIndexingMap(in);
  auto type = dyn_cast<RankedTensorType>(source.value.getType());
  if (!type)
    return {source.value, map};
  Window w = windowOf(type.getShape(), source.shift, map, box);
  return {extractBox(rewriter, op.getLoc(), source.value, w.box), w.map};
}

/// Result `result` of `op` over `box` of its loops, computed by a generic of
/// its own (`op`'s body, yielding that result only).
Value kernelBox(RewriterBase &rewriter, linalg::GenericOp op, unsigned result,
                const StaticBox &box) {
  Location loc = op.getLoc();
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *in : op.getDpsInputOperands()) {
    auto type = dyn_cast<RankedTensorType>(in->get().getType());
    Source whole{in->get(), SmallVector<int64_t, 2>(type ? type.getRank() : 0, 0)};
    auto [input, map] = windowInput(rewriter, op, in, whole, box);
    inputs.push_back(input);
    maps.push_back(map);
  }
  auto type = cast<RankedTensorType>(op->getResult(result).getType());
  Value init = tensor::EmptyOp::create(rewriter, loc, box.sizes, type.getElementType());
  maps.push_back(rewriter.getMultiDimIdentityMap(box.rank()));
  Block *body = op.getBody();
  llvm::SetVector<Operation *> needed = opsOfResult(op, result);
  auto part = linalg::GenericOp::create(
      rewriter, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
      op.getIteratorTypesArray(), [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        IRMapping map;
        for (unsigned i = 0; i < op.getNumDpsInputs(); ++i)
          map.map(body->getArgument(i), args[i]);
        for (Operation &inner : body->without_terminator())
          if (needed.contains(&inner))
            b.clone(inner, map);
        Value yielded = body->getTerminator()->getOperand(result);
        linalg::YieldOp::create(b, bodyLoc, map.lookupOrDefault(yielded));
      });
  return part->getResult(0);
}

/// Replaces `op` by one generic per cell, each with the first sweep's values
/// that it reads computed inside it, or, when `tile` is set, reading them
/// from the first sweep's kernel, marked as one tiled pair with it.
SmallVector<linalg::GenericOp> fuseCells(RewriterBase &rewriter, linalg::GenericOp op,
                                         const SecondSweep &s, std::optional<IntegerAttr> tile) {
  Location loc = op.getLoc();
  llvm::SmallPtrSet<Operation *, 2> producers;
  for (Value kernel : s.kernels)
    producers.insert(kernel.getDefiningOp());
  if (tile)
    s.kernels.front().getDefiningOp()->setAttr(legato::kSweepTileAttr, *tile);
  // (A forwarded extraction may be an input that a cell reads as it is: the
  // cell reads its replacement.)
  IRMapping forwarded;
  for (auto [extract, piece] : s.forwards) {
    rewriter.setInsertionPoint(extract);
    StaticBox box{piece.shift, SmallVector<int64_t, 2>(extract.getType().getShape())};
    Value replacement = extractBox(rewriter, extract.getLoc(), piece.value, box);
    forwarded.map(extract.getResult(), replacement);
    rewriter.replaceOp(extract, replacement);
  }
  // The results are assembled from the cells where they went: when each one
  // is inserted into an array (and read otherwise only after that), the
  // cells go straight there, so bufferization still writes them in place,
  // and the other reads read the array's window; else into the results'
  // inits.
  SmallVector<Value> results(op.getDpsInits());
  SmallVector<SmallVector<int64_t, 2>> at(op.getNumResults(), SmallVector<int64_t, 2>(2, 0));
  SmallVector<tensor::InsertSliceOp> placed;
  SmallVector<StaticBox> windows;
  Operation *last = op;
  for (OpResult result : op->getResults()) {
    tensor::InsertSliceOp insert;
    for (Operation *user : result.getUsers()) {
      auto candidate = dyn_cast<tensor::InsertSliceOp>(user);
      if (candidate && candidate.getSource() == result && candidate->getBlock() == op->getBlock() &&
          candidate.getDestType().getRank() == 2 && boxOf(candidate) && !insert)
        insert = candidate;
    }
    if (!insert)
      break;
    placed.push_back(insert);
    windows.push_back(*boxOf(insert));
    at[result.getResultNumber()] = windows.back().offsets;
    if (last->isBeforeInBlock(insert))
      last = insert;
  }
  bool readAfter = llvm::all_of(op->getResults(), [&](OpResult result) {
    return llvm::all_of(result.getUsers(), [&](Operation *user) {
      return llvm::is_contained(placed, user) ||
             (user->getBlock() == last->getBlock() && last->isBeforeInBlock(user));
    });
  });
  if (placed.size() == op->getNumResults() && readAfter)
    for (auto [k, insert] : llvm::enumerate(placed))
      results[k] = insert.getDest();
  else
    placed.clear(), at.assign(op.getNumResults(), SmallVector<int64_t, 2>(2, 0)), last = op;
  rewriter.setInsertionPoint(last);
  SmallVector<linalg::GenericOp> cells;
  for (const Cell &cell : s.cells) {
    // The first sweep's values that the cell reads (and its kernel's other
    // values it reads, CFD's c * b, which both sweeps use) are recomputed,
    // so that the cell needs nothing of that kernel.
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    llvm::SmallPtrSet<Operation *, 8> bands;
    for (auto [k, cellSource] : llvm::enumerate(cell.sources)) {
      Source source{forwarded.lookupOrDefault(cellSource.value), cellSource.shift};
      OpOperand *in = op.getDpsInputOperand(k);
      auto result = dyn_cast<OpResult>(source.value);
      auto producer = result ? dyn_cast<linalg::GenericOp>(result.getOwner()) : nullptr;
      if (!tile && producer && producers.contains(producer) &&
          isRecomputableSweep(producer, result.getResultNumber())) {
        auto type = cast<RankedTensorType>(source.value.getType());
        Window w = windowOf(type.getShape(), source.shift, op.getMatchingIndexingMap(in), cell.box);
        Value band = kernelBox(rewriter, producer, result.getResultNumber(), w.box);
        bands.insert(band.getDefiningOp());
        inputs.push_back(band);
        maps.push_back(w.map);
        continue;
      }
      auto [input, map] = windowInput(rewriter, op, in, source, cell.box);
      inputs.push_back(input);
      maps.push_back(map);
    }
    SmallVector<Value> inits; // (the payload does not read them)
    for (Value init : op.getDpsInits()) {
      inits.push_back(tensor::EmptyOp::create(
          rewriter, loc, cell.box.sizes, cast<RankedTensorType>(init.getType()).getElementType()));
      maps.push_back(rewriter.getMultiDimIdentityMap(2));
    }
    auto part = linalg::GenericOp::create(rewriter, loc, ValueRange(inits).getTypes(), inputs,
                                          inits, maps, op.getIteratorTypesArray());
    rewriter.cloneRegionBefore(op.getRegion(), part.getRegion(), part.getRegion().begin());
    // Inline each band of the first sweep into the cell that reads it.
    for (unsigned i = 0; i < part.getNumDpsInputs(); ++i) {
      OpOperand *in = part.getDpsInputOperand(i);
      auto rows = in->get().getDefiningOp<linalg::GenericOp>();
      if (!rows || !bands.contains(rows))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fusion = linalg::fuseElementwiseOps(rewriter, in);
      if (failed(fusion))
        continue; // (not expected: the band's maps compose with the cell's)
      auto next = cast<linalg::GenericOp>(fusion->fusedOp);
      SmallVector<Value> moved;
      for (Value partResult : part->getResults())
        moved.push_back(fusion->replacements.lookup(partResult));
      rewriter.replaceOp(part, moved);
      rewriter.eraseOp(rows);
      part = next;
      i = -1; // the operands were renumbered: start over
    }
    cells.push_back(part);
    if (tile)
      part->setAttr(legato::kSweepTileAttr, *tile);
    for (auto [i, value] : llvm::enumerate(results)) {
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (size_t d = 0; d < 2; ++d) {
        offsets.push_back(rewriter.getIndexAttr(at[i][d] + cell.box.offsets[d]));
        sizes.push_back(rewriter.getIndexAttr(cell.box.sizes[d]));
        strides.push_back(rewriter.getIndexAttr(1));
      }
      value = tensor::InsertSliceOp::create(rewriter, loc, part->getResult(i), value, offsets,
                                            sizes, strides);
    }
  }
  for (auto [k, insert] : llvm::enumerate(placed)) {
    rewriter.setInsertionPoint(last);
    Value window = extractBox(rewriter, loc, results[k], windows[k]);
    rewriter.replaceOp(insert, results[k]);
    rewriter.replaceAllUsesWith(op->getResult(k), window);
  }
  if (placed.empty())
    rewriter.replaceOp(op, results);
  else
    rewriter.eraseOp(op);
  return cells;
}

struct LegatoFuseSweepsPass : legato::impl::LegatoFuseSweepsPassBase<LegatoFuseSweepsPass> {
  using LegatoFuseSweepsPassBase::LegatoFuseSweepsPassBase;
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    int64_t pairs = 0;
    llvm::DenseSet<Operation *> fused; // cells made here, and the sweeps they read
    // With recomputation the cells of a pair are visited once more, only to
    // read assembled arrays from their pieces (their inlined first sweeps
    // may read such an array).
    llvm::DenseSet<Operation *> pairCells;
    SmallVector<linalg::GenericOp> candidates;
    getOperation().walk([&](linalg::GenericOp op) { candidates.push_back(op); });
    for (size_t i = 0; i < candidates.size(); ++i) {
      linalg::GenericOp op = candidates[i];
      bool pairCell = pairCells.erase(op);
      if (fused.contains(op) && !pairCell)
        continue;
      FailureOr<SecondSweep> sweep = matchSecondSweep(op, fused, recompute, !pairCell);
      if (failed(sweep))
        continue;
      for (Value kernel : sweep->kernels)
        fused.insert(kernel.getDefiningOp());
      std::optional<IntegerAttr> tile;
      if (!recompute)
        tile = rewriter.getI64IntegerAttr(pairs++);
      bool paired = recompute && !pairCell && !sweep->kernels.empty();
      fused.erase(op); // erased by fuseCells: a later op may take its address
      for (linalg::GenericOp part : fuseCells(rewriter, op, *sweep, tile)) {
        fused.insert(part);
        if (paired) {
          pairCells.insert(part);
          candidates.push_back(part);
        }
      }
    }
  }
};

} // namespace
