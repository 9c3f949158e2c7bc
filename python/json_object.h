#pragma once
// JSON values as Python objects: the reports the commands build for `--json` (cli/) handed to Python
// as the dicts and lists that json.loads would give for their text, without the text.

#include <nlohmann/json_fwd.hpp>
#include <pybind11/pytypes.h>

namespace tsumi::python {

// null -> None, booleans -> bool, numbers -> int or float, strings -> str, arrays -> list, objects ->
// dict in the object's key order, binary -> bytes.
pybind11::object to_python(const nlohmann::ordered_json& value);

}  // namespace tsumi::python
