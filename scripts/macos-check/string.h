/* A stand-in for the C library's string.h, for scripts/check-targets.sh only (see
 * TargetConditionals.h): the functions ring's C declares it needs. Nothing is linked. */
#pragma once
#include <stddef.h>
void *memcpy(void *destination, const void *source, size_t length);
void *memmove(void *destination, const void *source, size_t length);
void *memset(void *destination, int byte, size_t length);
int memcmp(const void *a, const void *b, size_t length);
