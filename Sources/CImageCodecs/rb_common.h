/* Shared helpers for the codec implementation files (not public). */
#ifndef ROWBOAT_CODECS_COMMON_H
#define ROWBOAT_CODECS_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* Copies `message` into err (truncating, always NUL-terminated). */
void rb_set_error(char *err, size_t err_len, const char *message);

/* The checks every encoder starts with: the output pointers are there
   (then cleared), the pixels are there and the sides positive. RB_OK or
   RB_ERR_ARGUMENT with the reason in err. */
int rb_encode_begin(const uint8_t *rgb, int width, int height, uint8_t **out, size_t *out_len,
                    char *err, size_t err_len);

#endif
