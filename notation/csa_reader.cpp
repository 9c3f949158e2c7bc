#include "notation/csa_reader.h"
