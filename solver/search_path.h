#pragma once
// The current path of a df-pn worker, root first: what the repetition rule and the path table need.
//
// For every node on the path it keeps the board key (board and side to move), the attacker's hand and
// the XOR of the node hashes from the root down to it (what segment keys are made of), plus a count
// filter of the board keys so that the common answer, "no ancestor has this board", costs one load.
//
// The repetition rule, with hand dominance. In tsume any repetition is the attacker's failure. A
// position whose board (and side to move) equals an ancestor's and whose attacker hand is dominated by
// the ancestor's (the same pieces or fewer) is treated the same way: the attacker has spent material
// and come back. Soundness, for the verdict and for any length limit: let d(P) be the length of the
// shortest forced mate from P (the defender resisting longest). More pieces in the attacker's hand
// never lengthen a mate (every line of the smaller hand is still playable), so d(Y, h') >= d(Y, h)
// when h' is dominated by h. If a mate from the ancestor Y(h) went through Y(h'), d would fall along
// the mating line: d(Y, h') < d(Y, h), a contradiction. So no shortest mate ever passes through such a
// position, and a search that cuts it there loses no mate. This is the dominance test that tsume
// solvers since Seo (1995) apply along the path; the exact repetition is the case h' = h.
//
// Thread safety: one per worker.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/hand.h"
#include "core/hash_mix.h"
#include "core/zobrist.h"

namespace tsumi {

class SearchPath {
 public:
  explicit SearchPath(int max_ply)
      : boards_(std::size_t(max_ply) + 2), hands_(boards_.size()), sets_(boards_.size()), filter_(kFilterSlots) {}

  // Starts a path at the root.
  void reset(Key board_key, Hand attacker_hand) {
    std::fill(filter_.begin(), filter_.end(), std::uint16_t(0));
    ply_ = 0;
    boards_[0] = board_key;
    hands_[0] = attacker_hand;
    sets_[0] = node_hash(board_key, attacker_hand);
    ++filter_[slot(board_key)];
  }
  // Extends the path by the node reached with move `move_raw`.
  void push(Key board_key, Hand attacker_hand) {
    ++ply_;
    boards_[ply_] = board_key;
    hands_[ply_] = attacker_hand;
    sets_[ply_] = sets_[ply_ - 1] ^ node_hash(board_key, attacker_hand);
    ++filter_[slot(board_key)];
  }
  void pop() {
    --filter_[slot(boards_[ply_])];
    --ply_;
  }

  int ply() const { return ply_; }
  // A position's hash in segment keys (and PathTable's node key): its board key and attacker hand.
  static Key node_hash(Key board_key, Hand attacker_hand) {
    return mix64(board_key + kGoldenGamma * (std::uint64_t(attacker_hand.raw()) + 1));
  }
  // The key of the segment of the path from `from_ply` down to its end: the set of its positions, in
  // any order (the XOR of their node hashes; a path never holds one position twice, the repetition
  // rule cuts it first). A disproof that relies on repetitions of positions of this segment only holds
  // on every path whose segment of the same length holds the same positions (path_table.h).
  Key segment_key(int from_ply) const { return sets_[ply_] ^ (from_ply > 0 ? sets_[from_ply - 1] : 0); }
  // The same for a child of the end of the path (its node hash `child`), over the `distance` plies
  // above it and itself. Needs distance <= ply() + 1.
  Key child_segment_key(Key child, int distance) const {
    return child ^ sets_[ply_] ^ (distance <= ply_ ? sets_[ply_ - distance] : 0);
  }

  // The board key and attacker hand of the node at `ply` (0 to ply()).
  Key board_at(int ply) const { return boards_[std::size_t(ply)]; }
  Hand hand_at(int ply) const { return hands_[std::size_t(ply)]; }
  // The deepest ply of the path whose node has exactly this board and hand, or -1.
  int ply_of(Key board_key, Hand hand) const {
    if (filter_[slot(board_key)] == 0) return -1;
    for (int i = ply_; i >= 0; --i)
      if (boards_[std::size_t(i)] == board_key && hands_[std::size_t(i)] == hand) return i;
    return -1;
  }

  // For a child of the node at the end of the path: the ply of the nearest ancestor with the same board
  // whose attacker hand dominates the child's (a repetition by the rule above), or -1.
  int repeated_ply(Key child_board_key, Hand child_hand) const {
    if (filter_[slot(child_board_key)] == 0) return -1;
    for (int i = ply_ - 1; i >= 0; i -= 2)  // the child's side is to move two plies apart
      if (boards_[i] == child_board_key && hands_[i].dominates(child_hand)) return i;
    return -1;
  }

 private:
  // The filter has 2^kFilterBits counters, indexed by the top bits of the board key.
  static constexpr int kFilterBits = 14;
  static constexpr std::size_t kFilterSlots = std::size_t(1) << kFilterBits;
  static std::size_t slot(Key board_key) { return std::size_t(board_key >> (64 - kFilterBits)); }

  std::vector<Key> boards_;
  std::vector<Hand> hands_;
  std::vector<Key> sets_;  // sets_[i]: the XOR of node_hash over plies 0 to i
  std::vector<std::uint16_t> filter_;
  int ply_ = 0;
};

}  // namespace tsumi
