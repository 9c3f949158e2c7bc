// Tests of bench/processor_info.h (the POSIX half here, which reads /proc/cpuinfo with
// machine_info.h's parsers; the Windows half's CPUID brand and core count show in `tsumi.exe bench`'s
// header under Wine, scripts/check-windows.sh).

#include "bench/processor_info.h"

#include <string>

#include <gtest/gtest.h>

#include "bench/machine_info.h"
#include "core/text_file.h"

namespace tsumi::bench {
namespace {

TEST(ProcessorInfo, IsWhatCpuinfoSays) {
  std::string cpuinfo;
  if (read_text_file("/proc/cpuinfo", cpuinfo)) GTEST_SKIP() << "no /proc/cpuinfo here";
  const ProcessorInfo p = processor_info();
  EXPECT_EQ(p.model, cpu_model_from_cpuinfo(cpuinfo));
  EXPECT_EQ(p.physical_cores, physical_cores_from_cpuinfo(cpuinfo));
  EXPECT_FALSE(p.model.empty());
  EXPECT_GE(p.physical_cores, 0);
}

}  // namespace
}  // namespace tsumi::bench
