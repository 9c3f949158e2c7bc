#include "python/json_object.h"

#include <nlohmann/json.hpp>
#include <pybind11/pybind11.h>

namespace tsumi::python {

namespace py = pybind11;

py::object to_python(const nlohmann::ordered_json& value) {
  using Type = nlohmann::ordered_json::value_t;
  switch (value.type()) {
    case Type::null:
    case Type::discarded: return py::none();
    case Type::boolean: return py::bool_(value.get<bool>());
    case Type::number_integer: return py::int_(value.get<std::int64_t>());
    case Type::number_unsigned: return py::int_(value.get<std::uint64_t>());
    case Type::number_float: return py::float_(value.get<double>());
    case Type::string: return py::str(value.get_ref<const std::string&>());
    case Type::binary: {
      const auto& bytes = value.get_binary();
      return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
    case Type::array: {
      py::list list;
      for (const auto& item : value) list.append(to_python(item));
      return list;
    }
    case Type::object: {
      py::dict dict;
      for (const auto& [key, item] : value.items()) dict[py::str(key)] = to_python(item);
      return dict;
    }
  }
  return py::none();
}

}  // namespace tsumi::python
