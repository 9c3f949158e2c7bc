#include "bench/machine_info.h"
#include "bench/processor_info.h"
#include "core/text_file.h"

namespace tsumi::bench {

ProcessorInfo processor_info() {
  std::string cpuinfo;  // left empty where the system has none: the model is then "unknown"
  if (read_text_file("/proc/cpuinfo", cpuinfo)) cpuinfo.clear();
  return {cpu_model_from_cpuinfo(cpuinfo), physical_cores_from_cpuinfo(cpuinfo)};
}

}  // namespace tsumi::bench
