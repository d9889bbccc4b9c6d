/* Shared helpers for the codec implementation files (not public). */
#ifndef ROWBOAT_CODECS_COMMON_H
#define ROWBOAT_CODECS_COMMON_H

#include <stddef.h>

/* Copies `message` into err (truncating, always NUL-terminated). */
void rb_set_error(char *err, size_t err_len, const char *message);

#endif
