// A small C face on simdjson's DOM parser (libsimdjson-dev), for Swift.
//
// rb_json_parse fills simdjson's tape; Swift then reads the tape directly
// (RowboatCore's JSONTape), so no value is copied into a tree. The tape
// format is simdjson's documented one (doc/tape.md): one 64-bit word per
// value, its type in the top byte, a payload in the low 56 bits; numbers
// take a second word; strings point into the string buffer (a 32-bit
// length, the bytes, a NUL). The shim checks the library's major version.
//
// Numbers stay exact: a document the DOM parser refuses for a number
// (an integer past 64 bits, 1e400) or whose text may hold a number a
// double changes (16 or more significant digits in a decimal, an
// exponent below a double's range) is read again with simdjson's
// On-Demand API, which gives each number's text, into a tape of the same
// format where such a number is written as its text: type 'N', pointing
// into the string buffer as a string does. Ordinary pages take the DOM
// path alone (the check is a word-at-a-time scan of the bytes).
#ifndef ROWBOAT_SIMDJSON_H
#define ROWBOAT_SIMDJSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A reusable parser (it keeps its buffers between documents).
typedef struct rb_json_parser rb_json_parser;

/// What a parse gives: the tape and the string buffer, valid until the
/// parser parses again or is freed.
typedef struct {
    const uint64_t *tape;
    const uint8_t *strings;
} rb_json_document;

enum {
    RB_JSON_OK = 0,
    /// Arrays and objects nested deeper than the parser's maximum depth.
    RB_JSON_TOO_DEEP = 1,
    /// Not one well-formed JSON value (or not UTF-8).
    RB_JSON_INVALID = 2,
    /// The document is larger than the parser can take, or memory ran out.
    RB_JSON_CAPACITY = 3,
    /// A number longer than RB_JSON_TEXT_LIMIT characters.
    RB_JSON_NUMBER_TOO_LONG = 4,
};

/// The most characters a number may have (1 MiB); Swift's readers keep no
/// more of a string either.
enum { RB_JSON_TEXT_LIMIT = 1 << 20 };

/// Bytes that must be readable past the end of a buffer parsed with
/// `padded` set (simdjson reads ahead in 64-byte blocks).
size_t rb_json_padding(void);

/// A parser refusing documents nested deeper than `max_depth`; NULL when
/// memory runs out.
rb_json_parser *rb_json_parser_new(size_t max_depth);
void rb_json_parser_free(rb_json_parser *parser);

/// Bytes of memory the parser holds for its buffers.
size_t rb_json_parser_capacity(const rb_json_parser *parser);

/// Parses `length` bytes at `bytes`. With `padded` nonzero the caller
/// promises `rb_json_padding()` readable bytes after them; otherwise the
/// parser copies the input first. Returns an RB_JSON_ code; on success
/// `out` holds the document and every number on it is exact (see above).
/// Arrays and objects may nest one level less than the parser's maximum
/// depth (the outermost counts as 1): simdjson's own limit also counts a
/// scalar inside the deepest container, so the parser is made with one
/// level more and a walk of the tape (one step per value, not per byte)
/// holds the limit exactly. `message` (may be NULL) gets simdjson's text.
int rb_json_parse(rb_json_parser *parser, const uint8_t *bytes, size_t length, int padded,
                  rb_json_document *out, const char **message);

/// Parses with the exact path alone (the On-Demand reader that keeps
/// numbers' text); for tests, which compare it with the DOM path.
int rb_json_parse_exact(rb_json_parser *parser, const uint8_t *bytes, size_t length,
                        rb_json_document *out, const char **message);


// Reading the tape (inline, so Swift calls cost nothing).

/// The type character of the value at `index`: '{' '[' '"' 'l' (int64)
/// 'u' (uint64) 'd' (double) 'N' (a number as its text) 't' 'f' 'n', or
/// 'r' for the root word.
static inline uint8_t rb_tape_type(const uint64_t *tape, size_t index) {
    return (uint8_t)(tape[index] >> 56);
}

/// The 56-bit payload of the word at `index`.
static inline uint64_t rb_tape_payload(const uint64_t *tape, size_t index) {
    return tape[index] & 0x00FFFFFFFFFFFFFFull;
}

/// For '{' and '[': the index just past the matching close.
static inline size_t rb_tape_after_container(const uint64_t *tape, size_t index) {
    return (size_t)(uint32_t)tape[index];
}

/// For '{' and '[': the number of fields or elements, saturated at 0xFFFFFF.
static inline uint32_t rb_tape_scope_count(const uint64_t *tape, size_t index) {
    return (uint32_t)((tape[index] >> 32) & 0xFFFFFF);
}

/// The index just past the value at `index`.
static inline size_t rb_tape_after(const uint64_t *tape, size_t index) {
    switch (rb_tape_type(tape, index)) {
    case '{': case '[': return rb_tape_after_container(tape, index);
    case 'l': case 'u': case 'd': return index + 2;
    default: return index + 1;
    }
}

/// For '"' and 'N': the text's length in bytes.
static inline uint32_t rb_tape_string_length(const uint64_t *tape, const uint8_t *strings, size_t index) {
    const uint8_t *at = strings + rb_tape_payload(tape, index);
    return (uint32_t)at[0] | ((uint32_t)at[1] << 8) | ((uint32_t)at[2] << 16) | ((uint32_t)at[3] << 24);
}

/// For '"': the string's bytes (UTF-8, escapes decoded); for 'N' the
/// number's text as the document wrote it.
static inline const uint8_t *rb_tape_string_bytes(const uint64_t *tape, const uint8_t *strings, size_t index) {
    return strings + rb_tape_payload(tape, index) + 4;
}

/// For 'l', 'u' and 'd': the raw second word.
static inline uint64_t rb_tape_number_bits(const uint64_t *tape, size_t index) {
    return tape[index + 1];
}

#ifdef __cplusplus
}
#endif

#endif
