#include <cstring>
#include <vector>

#include <cpuid.h>  // GCC's (MinGW-w64's), as on Linux
#include <windows.h>

#include "bench/processor_info.h"
#include "core/text_lines.h"

namespace tsumi::bench {

namespace {

// The brand string of CPUID leaves 0x80000002 to 0x80000004, without its padding; "" where absent.
std::string cpuid_brand() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(0x80000000u, &a, &b, &c, &d) || a < 0x80000004u) return "";
  char brand[49] = {};
  for (unsigned leaf = 0; leaf < 3; ++leaf) {
    unsigned r[4] = {};
    __get_cpuid(0x80000002u + leaf, &r[0], &r[1], &r[2], &r[3]);
    std::memcpy(brand + 16 * leaf, r, sizeof r);
  }
  return std::string(trim(std::string_view(brand)));
}

// The cores of every processor group.
int core_count() {
  DWORD bytes = 0;
  GetLogicalProcessorInformationEx(RelationProcessorCore, nullptr, &bytes);
  if (GetLastError() != ERROR_INSUFFICIENT_BUFFER || bytes == 0) return 0;
  std::vector<char> buffer(bytes);
  auto* info = reinterpret_cast<SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX*>(buffer.data());
  if (!GetLogicalProcessorInformationEx(RelationProcessorCore, info, &bytes)) return 0;
  int cores = 0;
  for (DWORD offset = 0; offset < bytes;) {
    const auto* record = reinterpret_cast<const SYSTEM_LOGICAL_PROCESSOR_INFORMATION_EX*>(buffer.data() + offset);
    if (record->Relationship == RelationProcessorCore) ++cores;
    offset += record->Size;
  }
  return cores;
}

}  // namespace

ProcessorInfo processor_info() {
  ProcessorInfo p;
  if (std::string brand = cpuid_brand(); !brand.empty()) p.model = std::move(brand);
  p.physical_cores = core_count();
  return p;
}

}  // namespace tsumi::bench
