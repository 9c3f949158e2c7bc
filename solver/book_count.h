#pragma once
// The book count's search: the shortest mate as problem books count it, in which futile
// interpositions (muda-ai) are no defences (futility_judge.h says which drops are futile; the search
// leaves them out where drops are all the defender has, DfpnSearch::set_book). Every worker searches
// the root in the book count, from two plies below the shorter of the main length and the main line's
// length without its futile cycles (mate_line.h), then two below each book mate found, until a search
// disproves (that book length is then proven shortest) or a limit or the book's share of nodes cuts it
// (the shortest book mate known stands, not proven). A proof, cheap where a mate exists, returns its
// own length and may jump down several steps; the main-line rules' estimate is tried once a first book
// mate is proven and the estimate is still shorter (a disproof under a too short estimate would spend
// the budget proving nothing: the estimate can be shorter than the book's shortest mate, as on tanuki9-5,
// 5 against the 7 this search proves).
//
// Why the futile cycles count here: the search's rule judges one drop at a time, where drops are all
// the defender has. A cycle's drops are made where the defender has other evasions (木星の旅's P*3e: 9
// legal moves, at most 6 of them drops on the two squares between), so the search counts them as
// defences and proves no book mate without them: the line without its cycles is a book mate the search
// starts from, never proven shortest by it (nothing proves that the attacker mates with the smaller
// hand against every defence after a cut). solver/README.md, "The book count: the rule".

#include <atomic>
#include <cstdint>
#include <span>

#include "core/move.h"
#include "solver/mate_limits.h"
#include "solver/mate_result.h"
#include "solver/root_search.h"

namespace tsumi {

class BookCount {
 public:
  BookCount(RootSearch& root, const MateLimits& limits, const SolveClock& clock, const std::atomic<bool>& stop)
      : root_(root), limits_(limits), clock_(clock), stop_(stop) {}

  // Whether the book count is searched after a mate whose main line is `line`
  // (MateLimits::book_search_after: after every mate, or only where the line has a defender's drop).
  bool wanted(std::span<const Move> line) const;

  // Searches the book length below `length` (every defence counted) and `cycle_free` (the main line's
  // length without its futile cycles), trying `estimate` (the main-line rules' book length) as above.
  // Reads the solve's nodes so far (the book's share), the limits and the clock; sets every worker's
  // limits and count for the search and gives them back after. Writes result.futile_length,
  // futile_proven, futile_cut, book_capped and futility. Returns whether the answer is `cycle_free`, the
  // line's and no search's.
  bool search(std::uint16_t length, std::uint16_t cycle_free, std::uint16_t estimate, MateResult& result);

 private:
  RootSearch& root_;
  const MateLimits& limits_;
  const SolveClock& clock_;
  const std::atomic<bool>& stop_;
};

// Whether `line`, played from a root where the attacker moves first or not, has a defender's drop (in
// tsume every one is an interposition). Where the book count is searched only after a drop, the line
// decides; that can miss a shorter book mate in the variations (新桃花源: none on its 1215-ply line, and
// the search run anyway finds 1213). Asking for a drop where drops are all the defender has missed more:
// rand-652's 25-ply line with a table that spills has drops only beside a king move, and its book mate
// of 23 lies off that line.
bool has_interposition(std::span<const Move> line, bool attacker_first);

}  // namespace tsumi
