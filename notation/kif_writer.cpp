#include "notation/kif_writer.h"
