#include "bench/machine_info.h"

#include <set>
#include <sstream>
#include <string_view>
#include <utility>

#include "bench/processor_info.h"
#include "core/platform.h"
#include "core/text_lines.h"
#include "core/thread_room.h"
#include "front/version.h"

namespace tsumi::bench {

std::string cpu_model_from_cpuinfo(const std::string& cpuinfo) {
  std::istringstream lines(cpuinfo);
  std::string fallback;
  for (std::string line; std::getline(lines, line);) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    const std::string_view key = trim(std::string_view(line).substr(0, colon));
    const std::string_view value = trim(std::string_view(line).substr(colon + 1));
    if (value.empty()) continue;
    if (key == "model name") return std::string(value);
    if ((key == "Model" || key == "Hardware") && fallback.empty()) fallback = value;
  }
  return fallback.empty() ? "unknown" : fallback;
}

int physical_cores_from_cpuinfo(const std::string& cpuinfo) {
  std::istringstream lines(cpuinfo);
  std::set<std::pair<std::string, std::string>> cores;
  std::string package;  // "physical id" of the processor being read
  for (std::string line; std::getline(lines, line);) {
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) {
      package.clear();  // a blank line ends a processor's block
      continue;
    }
    const std::string_view key = trim(std::string_view(line).substr(0, colon));
    const std::string value(trim(std::string_view(line).substr(colon + 1)));
    if (key == "physical id") package = value;
    if (key == "core id") cores.emplace(package, value);
  }
  return int(cores.size());
}

MachineInfo machine_info() {
  MachineInfo m;
  const ProcessorInfo processor = processor_info();  // the system's half: /proc/cpuinfo or CPUID
  m.cpu = processor.model;
  m.logical_cores = usable_cores();
  m.physical_cores = processor.physical_cores;
  m.simd = kSimdName;
  m.compiler = front::compiler_name();
  m.build_type = front::build_type();
  m.version = front::version();
  return m;
}

}  // namespace tsumi::bench
