#include "solver/book_judge.h"

#include "solver/dfpn_search.h"

namespace tsumi {

BookJudge::BookJudge(MateTable& table, Color attacker)
    : search_(std::make_unique<DfpnSearch>(table, attacker)),
      judge_(std::make_unique<FutilityJudge>(table, attacker, *search_)) {}

BookJudge::~BookJudge() = default;

}  // namespace tsumi
