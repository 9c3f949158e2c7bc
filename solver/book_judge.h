#pragma once
// The futility rule (futility_judge.h) asked from outside a df-pn search: a FutilityJudge on a table,
// with a df-pn search of its own, counting every defence, for the V(s) the judge must search (its
// BoundedSolver). The composition checker (compose/) judges the main line's drops and whether a move
// mates at once as books count with one; inside a search, DfpnSearch owns its judge the same way.
//
// Each BookJudge starts with empty memories (the judge's of cut and futile V(s), the search's path
// table): two judges on one table answer alike.
//
// Thread safety: one thread; the table may be shared.

#include <cstdint>
#include <memory>

#include "core/types.h"
#include "solver/futility_judge.h"
#include "solver/mate_table.h"

namespace tsumi {

// Declared ahead only to keep the search's headers out of this public one (book_judge.cpp includes
// dfpn_search.h, which includes nothing of this file: no loop).
class DfpnSearch;

class BookJudge {
 public:
  BookJudge(MateTable& table, Color attacker);
  ~BookJudge();
  BookJudge(const BookJudge&) = delete;
  BookJudge& operator=(const BookJudge&) = delete;

  FutilityJudge& judge() { return *judge_; }
  const FutilityJudge& judge() const { return *judge_; }
  // The nodes its searches of V(s) spent.
  std::uint64_t nodes() const { return judge_->nodes(); }

 private:
  std::unique_ptr<DfpnSearch> search_;  // before judge_: it outlives it
  std::unique_ptr<FutilityJudge> judge_;
};

}  // namespace tsumi
