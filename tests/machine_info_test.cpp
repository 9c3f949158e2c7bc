#include "bench/machine_info.h"

#include <gtest/gtest.h>

#include "core/platform.h"

namespace tsumi::bench {
namespace {

TEST(MachineInfo, CpuModelOfX86AndArm) {
  EXPECT_EQ(cpu_model_from_cpuinfo("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) "
                                   "Processor  \nmodel name\t: other\n"),
            "Intel(R) Xeon(R) Processor");
  EXPECT_EQ(cpu_model_from_cpuinfo("processor : 0\nBogoMIPS : 50.00\nHardware : BCM2835\nModel : Raspberry Pi 4\n"),
            "BCM2835");
  EXPECT_EQ(cpu_model_from_cpuinfo("model name\t:\nmodel name\t: AMD EPYC\n"), "AMD EPYC");
  EXPECT_EQ(cpu_model_from_cpuinfo(""), "unknown");
  EXPECT_EQ(cpu_model_from_cpuinfo("garbage without colons\n\n"), "unknown");
}

TEST(MachineInfo, PhysicalCoresCountCoresNotThreads) {
  // Two packages of two cores with two SMT threads each, in the order Linux lists them.
  std::string text;
  int processor = 0;
  for (int thread = 0; thread < 2; ++thread)
    for (int package = 0; package < 2; ++package)
      for (int core = 0; core < 2; ++core)
        text += "processor\t: " + std::to_string(processor++) + "\nphysical id\t: " + std::to_string(package) +
                "\ncore id\t\t: " + std::to_string(core) + "\n\n";
  EXPECT_EQ(physical_cores_from_cpuinfo(text), 4);
  EXPECT_EQ(physical_cores_from_cpuinfo("processor : 0\nBogoMIPS : 50.00\n\nprocessor : 1\n"), 0);
  EXPECT_EQ(physical_cores_from_cpuinfo(""), 0);
}

TEST(MachineInfo, DescribesThisBuild) {
  const MachineInfo m = machine_info();
  EXPECT_FALSE(m.cpu.empty());
  EXPECT_GE(m.logical_cores, 1);
  EXPECT_GE(m.physical_cores, 0);
  EXPECT_EQ(m.simd, kSimdName);
  EXPECT_FALSE(m.compiler.empty());
  EXPECT_NE(m.compiler, "unknown compiler");
  EXPECT_FALSE(m.build_type.empty());
  EXPECT_FALSE(m.version.empty());
}

}  // namespace
}  // namespace tsumi::bench
