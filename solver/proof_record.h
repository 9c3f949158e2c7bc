#pragma once
// The mates a solve proves, each recorded the moment its proof ends: the first proof's length, the
// shortest mate proven so far (the solve's bound), the line read off the table at the last proof, and
// every proof's tree protected from replacement and collection until the solve ends.
//
// Why: the line read at the proof (mate_pv.h's proof_line: no search, while every node of the proof is
// in the table) is the answer's line when none of that length can be built later (the table has
// forgotten part of the proof since, or the line's own path forbids a repetition the proof's path
// allowed: 木星の旅 once answered `timeout` after a first mate). The protection (protect_proof, as
// shtsume protects its proof tree from its collector) keeps the proofs for the lines built after the
// shortest-mate passes: at most kProtectMost positions and 1/kProtectShare of the table's entries over
// a solve. solver/README.md, "A solve in phases".
//
// Thread safety: call record() only while no worker searches (it reads and protects the table without
// locks); the accessors may be called from the progress callback.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/move.h"
#include "solver/mate_line.h"
#include "solver/mate_problem.h"
#include "solver/mate_result.h"
#include "solver/mate_table.h"

namespace tsumi {

class ProofRecord {
 public:
  ProofRecord(MateTable& table, const MateProblem& problem) : table_(table), problem_(problem) {}
  ~ProofRecord() { release(); }
  ProofRecord(const ProofRecord&) = delete;
  ProofRecord& operator=(const ProofRecord&) = delete;

  // A mate within `length` plies was just proven at the root: it becomes the bound (and the first
  // length, if it is the first), its line is read off the table and kept if it replays as a mate (else
  // the longer mate's line read earlier stays), and its proof tree is protected.
  void record(std::uint16_t length);
  int first_length() const { return first_length_; }  // 0 before the first proof
  int bound() const { return bound_; }                // the shortest mate proven; 0 before the first proof

  // The line kept, as a main line: its leftover and its length without the futile cycles (mate_line.h;
  // the drops taken at once are judged only by the lines built with a search). nullopt: none kept.
  std::optional<MateLine> line() const;
  std::size_t plies() const { return line_.size(); }
  // What the last reading gave and how it ended.
  const RecordedLine& reading() const { return reading_; }

  // Gives the protected entries their codes back (a solver reused for the next problem collects as
  // before). Call it once the answer's lines are built; the destructor does it too.
  void release();

  static constexpr std::size_t kProtectShare = 8, kProtectMost = std::size_t(1) << 20;

 private:
  MateTable& table_;
  const MateProblem& problem_;
  int first_length_ = 0, bound_ = 0;
  std::vector<Move> line_;
  RecordedLine reading_;
  std::vector<MateTable::Raised> raised_;
  std::size_t protected_nodes_ = 0;
};

}  // namespace tsumi
