#include "solver/mate_result.h"

namespace tsumi {

const char* to_string(MateVerdict v) {
  switch (v) {
    case MateVerdict::kMate: return "mate";
    case MateVerdict::kNoMate: return "nomate";
    case MateVerdict::kTimeout: return "timeout";
  }
  return "?";
}
const char* to_string(MateStop s) {
  switch (s) {
    case MateStop::kNone: return "none";
    case MateStop::kTime: return "time";
    case MateStop::kNodes: return "nodes";
    case MateStop::kStopped: return "stopped";
    case MateStop::kDepth: return "depth";
  }
  return "?";
}

}  // namespace tsumi
