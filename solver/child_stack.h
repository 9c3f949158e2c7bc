#pragma once
// The children of every node on a worker's current path, with the numbers the search keeps for them.
//
// Each node's children are one contiguous run. The runs live in blocks that are never moved or freed
// while the stack lives; a node takes its run when it is expanded and gives it back when it returns
// (last in, first out). Memory follows the branching along the path, not kMaxMoves per ply: a few MiB
// even for a path of thousands of plies.
//
// Thread safety: one per worker.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/hand.h"
#include "core/zobrist.h"
#include "solver/mate_node.h"

namespace tsumi {

// A child as its parent's expansion sees it.
struct ExpandedChild {
  ChildKey key;  // the move, the child's board key and attacker hand, the hand change
  std::uint32_t pn, dn;
  std::uint16_t len;       // as MateEntry::len
  std::uint16_t loop_ply;  // as NodeResult::loop_ply
  Hand hand;               // proof or disproof hand once final
  Key mark;                // BusyMarks key, when the workers share marks
  ParentLink parent;       // the edge the table last saw the child reached by, and its shared flag
  std::int16_t next;       // the child delayed behind this one (LocalExpansion), -1: none
  bool active;             // counted in the node's numbers (a delayed child is not, until its turn)
  bool merged;             // its summed number counts by max in this node (LocalExpansion::count_by_max)
  bool visited;            // the table had its own entry (or a final one) when read: not a first visit
  bool is_final() const { return pn == 0 || dn == 0; }
};

class ChildStack {
 public:
  static constexpr std::size_t kBlock = std::size_t(1) << 15;  // children per block (>= kMaxMoves)

  struct Mark {
    std::size_t block, used;
  };
  Mark mark() const { return {block_, used_}; }
  void release(Mark m) { block_ = m.block, used_ = m.used; }
  // A run of n children, valid until the mark taken before it is released.
  ExpandedChild* take(std::size_t n) {
    if (blocks_.empty()) blocks_.push_back(std::make_unique<ExpandedChild[]>(kBlock));
    if (used_ + n > kBlock) {
      if (++block_ == blocks_.size()) blocks_.push_back(std::make_unique<ExpandedChild[]>(kBlock));
      used_ = 0;
    }
    ExpandedChild* run = &blocks_[block_][used_];
    used_ += n;
    return run;
  }
  // Blocks allocated so far (memory: blocks() * kBlock * sizeof(ExpandedChild)).
  std::size_t blocks() const { return blocks_.size(); }

 private:
  std::vector<std::unique_ptr<ExpandedChild[]>> blocks_;
  std::size_t block_ = 0, used_ = 0;
};

}  // namespace tsumi
