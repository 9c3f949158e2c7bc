#include "notation/csa_writer.h"
