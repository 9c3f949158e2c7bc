#include "notation/kifu_file.h"
