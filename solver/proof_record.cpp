#include "solver/proof_record.h"

#include <algorithm>

#include "solver/mate_pv.h"

namespace tsumi {

void ProofRecord::record(std::uint16_t length) {
  if (first_length_ == 0) first_length_ = length;
  bound_ = length;
  table_.set_concurrent(false);  // the workers are idle between searches
  ProofLineEnd end;
  bool every_defence = true;
  std::vector<Move> moves = proof_line(table_, problem_.setup, problem_.attacker, length, &end);
  if (moves.empty()) {  // the table lost part of the proof: a mate whose defences are the longest it proves
    every_defence = false;
    moves = proof_line(table_, problem_.setup, problem_.attacker, length, nullptr, false);
  }
  reading_ = RecordedLine{length, 0, every_defence, end};
  if (!moves.empty() && !check_mate_line(problem_, moves)) {  // else the longer mate's line stays
    line_ = std::move(moves);
    reading_.plies = int(line_.size());
  }
  const std::size_t most = std::min(kProtectMost, table_.clusters() * MateTable::kClusterSize / kProtectShare);
  if (protected_nodes_ < most)
    protected_nodes_ +=
        protect_proof(table_, problem_.setup, problem_.attacker, length, most - protected_nodes_, raised_);
}

std::optional<MateLine> ProofRecord::line() const {
  if (line_.empty()) return std::nullopt;
  MateLine line{line_, {}, 0, true, {}};
  std::vector<StateInfo> states(line_.size() + 1);
  Position pos;
  pos.set(problem_.setup, &states[0]);
  for (std::size_t i = 0; i < line_.size(); ++i) pos.do_move(line_[i], states[i + 1]);
  line.leftover = pos.hand(problem_.attacker);
  line.cycles = futile_cycles(problem_, line_);
  int cut = 0;
  for (const PlySpan& c : line.cycles) cut += int(c.size());
  line.futile_length = int(line_.size()) - cut;
  return line;
}

void ProofRecord::release() {
  table_.unprotect(raised_);
  raised_.clear();
}

}  // namespace tsumi
