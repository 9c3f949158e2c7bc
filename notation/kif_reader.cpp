#include "notation/kif_reader.h"
