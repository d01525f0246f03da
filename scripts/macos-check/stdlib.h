/* A stand-in for the C library's stdlib.h, for scripts/check-targets.sh only (see
 * TargetConditionals.h). Nothing is linked. */
#pragma once
#include <stddef.h>
void abort(void);
