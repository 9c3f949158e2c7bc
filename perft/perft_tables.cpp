#include "perft/perft_tables.h"

namespace tsumi {

PerftTables make_perft_tables(std::size_t hash_mb, bool stats) {
  PerftTables tables;
  if (hash_mb == 0) return tables;
  if (stats)
    tables.stats = std::make_unique<PerftStatsTable>(hash_mb);
  else
    tables.counts = std::make_unique<PerftTable>(hash_mb);
  return tables;
}

}  // namespace tsumi
