/* A stand-in for the C library's assert.h, for scripts/check-targets.sh only (see
 * TargetConditionals.h): ring builds with NDEBUG, where assert checks nothing. */
#pragma once
#define assert(condition) ((void)0)
