#include "notation/text_encoding.h"
