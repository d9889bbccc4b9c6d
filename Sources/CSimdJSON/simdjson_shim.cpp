// The C face of simdjson's DOM parser: see include/rowboat_simdjson.h.
#include "rowboat_simdjson.h"

#include <new>
#include <simdjson.h>

static_assert(simdjson::SIMDJSON_VERSION_MAJOR == 3, "the tape reader in RowboatCore follows simdjson 3's tape format");

struct rb_json_parser {
    simdjson::dom::parser parser;
    explicit rb_json_parser(size_t max_depth) : parser(simdjson::SIMDJSON_MAXSIZE_BYTES) {
        (void)parser.allocate(0, max_depth);
    }
};

extern "C" size_t rb_json_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" rb_json_parser *rb_json_parser_new(size_t max_depth) {
    return new (std::nothrow) rb_json_parser(max_depth);
}

extern "C" void rb_json_parser_free(rb_json_parser *parser) { delete parser; }

extern "C" size_t rb_json_parser_capacity(const rb_json_parser *parser) {
    // The string buffer and the tape grow with the largest document parsed.
    size_t capacity = parser->parser.capacity();
    return capacity + capacity / 2 * 8;
}

extern "C" int rb_json_parse(rb_json_parser *parser, const uint8_t *bytes, size_t length, int padded,
                             rb_json_document *out, const char **message) {
    simdjson::dom::element root;
    auto error = parser->parser.parse(bytes, length, padded == 0).get(root);
    if (message) *message = simdjson::error_message(error);
    switch (error) {
    case simdjson::SUCCESS:
        out->tape = parser->parser.doc.tape.get();
        out->strings = parser->parser.doc.string_buf.get();
        return RB_JSON_OK;
    case simdjson::DEPTH_ERROR:
        return RB_JSON_TOO_DEEP;
    case simdjson::CAPACITY:
    case simdjson::MEMALLOC:
        return RB_JSON_CAPACITY;
    default:
        return RB_JSON_INVALID;
    }
}

extern "C" int rb_json_nests_deeper_than(const rb_json_document *document, size_t limit) {
    const uint64_t *tape = document->tape;
    const size_t end = (size_t)(tape[0] & 0x00FFFFFFFFFFFFFFull);  // the closing root word
    size_t depth = 0;
    for (size_t i = 1; i < end; i++) {
        switch ((char)(tape[i] >> 56)) {
        case '[':
        case '{':
            if (++depth > limit) return 1;
            break;
        case ']':
        case '}':
            depth--;
            break;
        case 'l':
        case 'u':
        case 'd':
            i++;  // the number's value is the next word
            break;
        default:
            break;
        }
    }
    return 0;
}
