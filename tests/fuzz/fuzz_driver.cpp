// The main of text_fuzz where libFuzzer is not used (g++, and clang without TSUMI_FUZZ): runs the
// target over seeds and over seeded random mutations of them, deterministically.
//
//   text_fuzz FILE...
//
// The seeds are the lines of each FILE ending in .txt or .epd (the positions/ suites) and pairs of
// adjacent lines (so that suites of two lines are seen), every other FILE whole (a notation file), and
// the handful of bad inputs below. Run i is seed i while i < seeds, and
// after them a mutation drawn from splitmix64 of (TSUMI_FUZZ_SEED, i) alone, so one run can be repeated
// without the others. Environment: TSUMI_FUZZ_RUNS mutations after the seeds (default 1000),
// TSUMI_FUZZ_SEED (default 1), TSUMI_FUZZ_ONLY=i runs run i alone. When a run fails (an invariant's
// abort, a failed assert, a sanitizer report) the seed, the run and the input are printed.

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "core/hash_mix.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

// The sanitizers read their default options from these (sanitizer/*_interface.h), before the environment's:
// a report ends in abort(), so that the handler below names the run (g++ links ASan and UBSan as two
// runtimes, so one death callback would not see both).
extern "C" const char* __asan_default_options() { return "abort_on_error=1"; }
extern "C" const char* __ubsan_default_options() { return "abort_on_error=1"; }

namespace {

// Inputs a mutation may grow to (the target ignores longer ones).
constexpr std::size_t kMaxLength = 4096;

// Bad inputs written by hand: cut, overlong and malformed text of each kind the parsers read.
const char* const kHandWritten[] = {
    "",
    " \t\r\n\v\f",
    "+",
    "9/9/9/9/9/9/9/9/9",
    "9/9/9/9/9/9/9/9/9 b - 0",
    "4k4/9/9/9/9/9/9/9/4K4 b - 1000000009",
    "9/9/9/9/9/9/9/9/9 w - 99999999999999999999",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 7g7f 3c3d 8h2b+ 3a2b B*4e",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 19P 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 100p 1",
    "4k4/9/9/9/9/9/9/9/4K4 b 0P 1",
    "4k4/9/9/9/9/9/9/9/4K4 b 2P2P 1",
    "4k4/9/9/9/9/9/9/9/4K4 b +P 1",
    "4k4/4P4/4P4/9/9/9/9/9/4K4 b - 1",
    "kk7/9/9/9/9/9/9/9/4K4 b - 1",
    "4k4/9/9/9/9/9/9/9/4+K4 b - 1",
    "P8/9/9/9/9/9/9/9/9 b - 1",
    "4k4/9/9/9/9/9/9/9/4R4 b - 1",
    "9/9/9/9/9/9/9/9/9/9 b - 1",
    "10/9/9/9/9/9/9/9/9 b - 1",
    "7g7f",
    "7g7f+",
    "P*5e",
    "K*5e",
    "7j7f",
    "0a1b",
    "9/9/9/9/9/9/9/9/9 b - 1 ;D1 0 ;D1 0",
    "9/9/9/9/9/9/9/9/9 b - 1 ;D0 1",
    "9/9/9/9/9/9/9/9/9 b - 1 ;D65 1",
    "9/9/9/9/9/9/9/9/9 b - 1 ;D1 18446744073709551616",
    "9/9/9/9/9/9/9/9/9 b - 1 ;X1 ;id",
    "#\n\n  \n;D1 30",
    "\texpected=1",
    "4k4/9/9/9/9/9/9/9/9 b G 1\texpected=1\tid=x\tid=y",
    "4k4/9/9/9/9/9/9/9/9 b G 1\texpected=0",
    "4k4/9/9/9/9/9/9/9/9 b G 1\texpected=10001\ttime=0",
    "4k4/9/9/9/9/9/9/9/9 b G 1\texpected=nomate\tcounting=books\t=x\tkey",
    "\xff\xfe\xfd",
    "\xe3\x81\x82\xe3\x81",
    "\xed\xa0\x80\xf4\x90\x80\x80\xc0\xaf\xe0\x80\xaf\xf0\x8f\xbf\xbf",
    "\x1b[31m'\\'\x7f\x00\x01",
    "\xc2\x85\xe2\x80\xa8\xe2\x80\xae",
    // A tsumi-mpi checkpoint (perft/split/checkpoint.h) with two units, and the same cut in its last line.
    "tsumi-mpi checkpoint 1\nroot lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\ndepth 3\nsplit 1\n"
    "stats 1\nunits 30\ndigest 0123456789abcdef\nunit 0 841 0 0 0 0 0 99e215c6112eb50f\n"
    "unit 29 900 3 1 0 2 0 f6de90a0093fa8f7\n",
    "tsumi-mpi checkpoint 1\nroot lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\ndepth 3\nsplit 1\n"
    "stats 1\nunits 30\ndigest 0123456789abcdef\nunit 0 841 0 0 0 0 0 99e215c6112eb50f\nunit 29 900 3 1",
};

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(v, &end, 10);
  if (*end != '\0') {
    std::fprintf(stderr, "text_fuzz: %s must be a whole number, not '%s'\n", name, v);
    std::exit(2);
  }
  return n;
}

// The run in progress, for the failure report; the SIGABRT handler can only reach it through a static.
struct RunInProgress {
  std::uint64_t seed = 0;
  std::uint64_t run = 0;
  const std::string* input = nullptr;
};
RunInProgress g_run;

void report_run() {
  if (g_run.input == nullptr) {
    std::fprintf(stderr, "text_fuzz: failed after the last run (a leak?), TSUMI_FUZZ_SEED=%llu\n",
                 static_cast<unsigned long long>(g_run.seed));
  } else {
    std::fprintf(stderr,
                 "text_fuzz: failed at TSUMI_FUZZ_SEED=%llu run %llu (repeat it alone with TSUMI_FUZZ_ONLY=%llu)\n",
                 static_cast<unsigned long long>(g_run.seed), static_cast<unsigned long long>(g_run.run),
                 static_cast<unsigned long long>(g_run.run));
    std::fprintf(stderr, "text_fuzz: input bytes (%zu, hex):", g_run.input->size());
    for (const char ch : *g_run.input) std::fprintf(stderr, " %02x", static_cast<unsigned char>(ch));
    std::fprintf(stderr, "\n");
  }
  std::fflush(stderr);
}

extern "C" void on_abort(int) {
  report_run();
  std::signal(SIGABRT, SIG_DFL);
  std::abort();
}

std::vector<std::string> read_lines(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "text_fuzz: cannot read %s\n", path);
    std::exit(2);
  }
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// A small seeded generator of the mutations.
class Mutator {
 public:
  Mutator(std::uint64_t seed, std::uint64_t run) : state_(tsumi::mix64(seed) ^ tsumi::mix64(run)) {}

  std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : tsumi::splitmix64(state_) % n; }

  // A byte, half the time from the letters the parsers care about.
  char byte() {
    static constexpr std::string_view kAlphabet = "0123456789/+*-_bw PLNSGBRKplnsgbrk;Did=\t\n\r#abcdefghi'\\";
    if (below(2) == 0) return kAlphabet[below(kAlphabet.size())];
    return char(below(256));
  }

  std::string mutate(std::string s, const std::vector<std::string>& seeds) {
    const std::uint64_t steps = 1 + below(4);
    for (std::uint64_t k = 0; k < steps; ++k) {
      const std::size_t at = below(s.size() + 1);
      switch (below(6)) {
        case 0:  // flip a bit
          if (!s.empty()) s[at % s.size()] = char(s[at % s.size()] ^ (1 << below(8)));
          break;
        case 1:  // set a byte
          if (!s.empty()) s[at % s.size()] = byte();
          break;
        case 2:  // insert bytes
          s.insert(at, below(4) + 1, byte());
          break;
        case 3:  // delete a range
          s.erase(at, below(8) + 1);
          break;
        case 4: {  // splice: this text's head, another seed's tail
          const std::string& other = seeds[below(seeds.size())];
          s = s.substr(0, at) + other.substr(below(other.size() + 1));
          break;
        }
        default: {  // insert a piece of another seed
          const std::string& other = seeds[below(seeds.size())];
          const std::size_t from = below(other.size() + 1);
          s.insert(at, other.substr(from, below(16) + 1));
          break;
        }
      }
      if (s.size() > kMaxLength) s.resize(kMaxLength);
    }
    return s;
  }

 private:
  std::uint64_t state_;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> seeds(std::begin(kHandWritten), std::end(kHandWritten));
  // The \x00 inside a hand-written input ends its C string; add it whole once.
  seeds.push_back(std::string("4k4/9/9/9/9/9/9/9/4K4 b - 1\0", 28) + "7g7f");
  for (int i = 1; i < argc; ++i) {
    const std::string_view path = argv[i];
    if (!path.ends_with(".txt") && !path.ends_with(".epd")) {
      const std::vector<std::string> lines = read_lines(argv[i]);
      std::string whole;
      for (const std::string& line : lines) whole += line + "\n";
      seeds.push_back(whole);
      continue;
    }
    const std::vector<std::string> lines = read_lines(argv[i]);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      seeds.push_back(lines[k]);
      if (k + 1 < lines.size()) seeds.push_back(lines[k] + "\n" + lines[k + 1]);
    }
  }
  const std::uint64_t runs = seeds.size() + env_number("TSUMI_FUZZ_RUNS", 1000);
  g_run.seed = env_number("TSUMI_FUZZ_SEED", 1);
  // Runs [first, last): all of them, or the one TSUMI_FUZZ_ONLY names.
  const bool only = std::getenv("TSUMI_FUZZ_ONLY") != nullptr;
  const std::uint64_t first = only ? env_number("TSUMI_FUZZ_ONLY", 0) : 0;
  const std::uint64_t last = only ? first + 1 : runs;
  std::signal(SIGABRT, on_abort);

  for (std::uint64_t run = first; run < last; ++run) {
    std::string input;
    if (run < seeds.size()) {
      input = seeds[run];
    } else {
      Mutator mutator(g_run.seed, run);
      input = mutator.mutate(seeds[mutator.below(seeds.size())], seeds);
    }
    g_run.run = run;
    g_run.input = &input;
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  }
  g_run.input = nullptr;
  std::printf("text_fuzz: %llu runs (%zu seeds), TSUMI_FUZZ_SEED=%llu: ok\n",
              static_cast<unsigned long long>(last - first), seeds.size(), static_cast<unsigned long long>(g_run.seed));
  return 0;
}
