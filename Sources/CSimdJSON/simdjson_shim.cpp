// The C face of simdjson's DOM parser: see include/rowboat_simdjson.h.
#include "rowboat_simdjson.h"

#include <charconv>
#include <cstring>
#include <new>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <vector>

static_assert(simdjson::SIMDJSON_VERSION_MAJOR == 3, "the tape reader in RowboatCore follows simdjson 3's tape format");

namespace {

// A tape in simdjson's DOM format (doc/tape.md), written by `exact_builder`.
struct exact_tape {
    std::vector<uint64_t> words;
    std::vector<uint8_t> strings;
};

}  // namespace

struct rb_json_parser {
    simdjson::dom::parser parser;
    size_t max_depth;
    // The exact path (see rb_json_parse): an On-Demand parser, the padded
    // copy of the input it reads, and the tape it writes.
    simdjson::ondemand::parser ondemand;
    std::string padded;
    exact_tape exact;
    /// The last exact parse failed on a number longer than RB_JSON_TEXT_LIMIT.
    bool number_too_long = false;

    explicit rb_json_parser(size_t max_depth)
        : parser(simdjson::SIMDJSON_MAXSIZE_BYTES), max_depth(max_depth), ondemand(simdjson::SIMDJSON_MAXSIZE_BYTES) {
        (void)parser.allocate(0, max_depth);
    }
};

extern "C" size_t rb_json_padding(void) { return simdjson::SIMDJSON_PADDING; }

extern "C" rb_json_parser *rb_json_parser_new(size_t max_depth) {
    return new (std::nothrow) rb_json_parser(max_depth);
}

extern "C" void rb_json_parser_free(rb_json_parser *parser) { delete parser; }

extern "C" size_t rb_json_parser_capacity(const rb_json_parser *parser) {
    // The string buffer and the tape grow with the largest document parsed;
    // the exact path's buffers with the largest it read.
    size_t capacity = parser->parser.capacity();
    return capacity + capacity / 2 * 8 + parser->ondemand.capacity() * 2 + parser->padded.capacity()
        + parser->exact.words.capacity() * 8 + parser->exact.strings.capacity();
}

namespace {

// ---------------------------------------------------------------------------
// Numbers: which ones a double changes.

// A decimal number's value: its significant digits (no leading or trailing
// zeros; none for zero) times ten to `exponent`.
struct decimal {
    bool negative = false;
    std::string digits;
    long long exponent = 0;

    bool operator==(const decimal &o) const {
        return negative == o.negative && exponent == o.exponent && digits == o.digits;
    }
};

// Reads `text` as a JSON number (RFC 8259's grammar); false when it is not one.
bool read_decimal(std::string_view text, decimal &out) {
    size_t i = 0, n = text.size();
    out.negative = false;
    out.digits.clear();
    if (i < n && text[i] == '-') { out.negative = true; i++; }
    if (i >= n) return false;
    long long fraction = 0;
    if (text[i] == '0') {
        i++;
    } else if (text[i] >= '1' && text[i] <= '9') {
        while (i < n && text[i] >= '0' && text[i] <= '9') out.digits.push_back(text[i++]);
    } else {
        return false;
    }
    if (i < n && text[i] == '.') {
        size_t start = ++i;
        while (i < n && text[i] >= '0' && text[i] <= '9') { out.digits.push_back(text[i++]); fraction++; }
        if (i == start) return false;
    }
    long long exponent = 0;
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        i++;
        bool minus = false;
        if (i < n && (text[i] == '+' || text[i] == '-')) minus = text[i++] == '-';
        size_t start = i;
        // Saturates far past any double's range: such an exponent is kept as text anyway.
        while (i < n && text[i] >= '0' && text[i] <= '9') {
            if (exponent < 1000000000000LL) exponent = exponent * 10 + (text[i] - '0');
            i++;
        }
        if (i == start) return false;
        if (minus) exponent = -exponent;
    }
    if (i != n) return false;
    size_t leading = 0;
    while (leading < out.digits.size() && out.digits[leading] == '0') leading++;
    out.digits.erase(0, leading);
    long long trailing = 0;
    while (!out.digits.empty() && out.digits.back() == '0') { out.digits.pop_back(); trailing++; }
    out.exponent = exponent - fraction + trailing;
    if (out.digits.empty()) { out.negative = false; out.exponent = 0; }
    return true;
}

// True when the integer text `t` (digits after an optional '-') fits in an
// int64_t (into `value`).
bool read_int64(std::string_view t, int64_t &value) {
    auto result = std::from_chars(t.data(), t.data() + t.size(), value);
    return result.ec == std::errc() && result.ptr == t.data() + t.size();
}

bool read_uint64(std::string_view t, uint64_t &value) {
    if (!t.empty() && t[0] == '-') return false;
    auto result = std::from_chars(t.data(), t.data() + t.size(), value);
    return result.ec == std::errc() && result.ptr == t.data() + t.size();
}

// Whether a double keeps `text`'s value: its shortest round-trip form
// is the same decimal number (so `0.1` and `19.90` are kept, `1e400`,
// `1e-400` and a 20-digit decimal are not).
bool double_keeps(std::string_view text, const decimal &value, double &out) {
    auto parsed = std::from_chars(text.data(), text.data() + text.size(), out);
    if (parsed.ec != std::errc() || parsed.ptr != text.data() + text.size()) return false;
    // Scientific: the shortest digits that read back (fixed notation would
    // write 1.12925678901567e17 as 112925678901567008, digits of the binary
    // value, not of the text).
    char buffer[64];
    auto written = std::to_chars(buffer, buffer + sizeof buffer, out, std::chars_format::scientific);
    if (written.ec != std::errc()) return false;
    decimal shortest;
    return read_decimal(std::string_view(buffer, (size_t)(written.ptr - buffer)), shortest) && shortest == value;
}

// ---------------------------------------------------------------------------
// The exact path: the document read with On-Demand (which gives each
// number's text) into a DOM-format tape where a number a double or a
// 64-bit integer would change is written as its text ('N').

struct exact_builder {
    exact_tape &tape;
    size_t max_depth;
    decimal scratch;
    /// A number was longer than RB_JSON_TEXT_LIMIT (the parse failed with NUMBER_ERROR).
    bool too_long = false;

    static uint64_t word(char type, uint64_t payload) { return ((uint64_t)(uint8_t)type << 56) | payload; }

    void text(char type, std::string_view bytes) {
        size_t offset = tape.strings.size();
        uint32_t length = (uint32_t)bytes.size();
        uint8_t prefix[4] = {(uint8_t)length, (uint8_t)(length >> 8), (uint8_t)(length >> 16), (uint8_t)(length >> 24)};
        tape.strings.insert(tape.strings.end(), prefix, prefix + 4);
        tape.strings.insert(tape.strings.end(), bytes.begin(), bytes.end());
        tape.strings.push_back(0);
        tape.words.push_back(word(type, offset));
    }

    simdjson::error_code number(std::string_view raw) {
        while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r' || raw.back() == '\t')) {
            raw.remove_suffix(1);
        }
        if (raw.size() > RB_JSON_TEXT_LIMIT) {
            too_long = true;
            return simdjson::NUMBER_ERROR;
        }
        if (!read_decimal(raw, scratch)) return simdjson::NUMBER_ERROR;
        bool integral = raw.find_first_of(".eE") == std::string_view::npos;
        if (integral) {
            int64_t i;
            uint64_t u;
            if (read_int64(raw, i)) {
                tape.words.push_back(word('l', 0));
                tape.words.push_back((uint64_t)i);
                return simdjson::SUCCESS;
            }
            if (read_uint64(raw, u)) {
                tape.words.push_back(word('u', 0));
                tape.words.push_back(u);
                return simdjson::SUCCESS;
            }
        } else {
            double d;
            if (double_keeps(raw, scratch, d)) {
                uint64_t bits;
                std::memcpy(&bits, &d, 8);
                tape.words.push_back(word('d', 0));
                tape.words.push_back(bits);
                return simdjson::SUCCESS;
            }
        }
        text('N', raw);
        return simdjson::SUCCESS;
    }

    // Writes a container's opening word now and fixes it when it closes.
    size_t open(char type) {
        tape.words.push_back(0);
        return tape.words.size() - 1;
    }

    void close(char open_type, char close_type, size_t start, uint64_t count) {
        size_t end = tape.words.size();
        tape.words.push_back(word(close_type, start));
        uint64_t saturated = count > 0xFFFFFF ? 0xFFFFFF : count;
        tape.words[start] = word(open_type, (saturated << 32) | (uint64_t)(uint32_t)(end + 1));
    }

    // A number's text as the document wrote it (and the spaces after it).
    static std::string_view raw_token(simdjson::ondemand::value &v) { return v.raw_json_token(); }
    static std::string_view raw_token(simdjson::ondemand::document &d) {
        std::string_view raw;
        return d.raw_json_token().get(raw) == simdjson::SUCCESS ? raw : std::string_view();
    }

    template <typename V> simdjson::error_code value(V &&v, size_t depth) {
        simdjson::ondemand::json_type type;
        SIMDJSON_TRY(v.type().get(type));
        switch (type) {
        case simdjson::ondemand::json_type::array: {
            if (depth + 1 > max_depth) return simdjson::DEPTH_ERROR;
            simdjson::ondemand::array array;
            SIMDJSON_TRY(v.get_array().get(array));
            size_t start = open('[');
            uint64_t count = 0;
            for (auto element : array) {
                simdjson::ondemand::value child;
                SIMDJSON_TRY(element.get(child));
                SIMDJSON_TRY(value(child, depth + 1));
                count++;
            }
            close('[', ']', start, count);
            return simdjson::SUCCESS;
        }
        case simdjson::ondemand::json_type::object: {
            if (depth + 1 > max_depth) return simdjson::DEPTH_ERROR;
            simdjson::ondemand::object object;
            SIMDJSON_TRY(v.get_object().get(object));
            size_t start = open('{');
            uint64_t count = 0;
            for (auto member : object) {
                simdjson::ondemand::field field;
                SIMDJSON_TRY(std::move(member).get(field));
                std::string_view key;
                SIMDJSON_TRY(field.unescaped_key().get(key));
                text('"', key);
                SIMDJSON_TRY(value(field.value(), depth + 1));
                count++;
            }
            close('{', '}', start, count);
            return simdjson::SUCCESS;
        }
        case simdjson::ondemand::json_type::string: {
            std::string_view s;
            SIMDJSON_TRY(v.get_string().get(s));
            text('"', s);
            return simdjson::SUCCESS;
        }
        case simdjson::ondemand::json_type::number: {
            return number(raw_token(v));
        }
        case simdjson::ondemand::json_type::boolean: {
            bool b;
            SIMDJSON_TRY(v.get_bool().get(b));
            tape.words.push_back(word(b ? 't' : 'f', 0));
            return simdjson::SUCCESS;
        }
        case simdjson::ondemand::json_type::null: {
            bool null;
            SIMDJSON_TRY(v.is_null().get(null));
            if (!null) return simdjson::N_ATOM_ERROR;
            tape.words.push_back(word('n', 0));
            return simdjson::SUCCESS;
        }
        }
        return simdjson::TAPE_ERROR;
    }
};

simdjson::error_code parse_exact(rb_json_parser *parser, const uint8_t *bytes, size_t length) {
    parser->number_too_long = false;
    // Whitespace after the root value is left out: On-Demand reads a root
    // scalar through a buffer a few bytes long and calls `true` followed by
    // ten spaces "not a boolean" (the DOM parser reads it).
    while (length > 0 && (bytes[length - 1] == ' ' || bytes[length - 1] == '\n' || bytes[length - 1] == '\r'
                          || bytes[length - 1] == '\t')) {
        length--;
    }
    parser->padded.assign(reinterpret_cast<const char *>(bytes), length);
    parser->padded.append(simdjson::SIMDJSON_PADDING, ' ');
    exact_tape &tape = parser->exact;
    tape.words.clear();
    tape.strings.clear();
    // The parser's own depth limit sits above ours: ours names the error.
    if (parser->ondemand.max_depth() < parser->max_depth + 2) {
        SIMDJSON_TRY(parser->ondemand.allocate(parser->ondemand.capacity(), parser->max_depth + 2));
    }
    simdjson::ondemand::document document;
    SIMDJSON_TRY(parser->ondemand.iterate(simdjson::padded_string_view(parser->padded.data(), length,
                                                                        parser->padded.size())).get(document));
    exact_builder builder{tape, parser->max_depth - 1, {}};
    struct note_too_long {
        rb_json_parser *parser;
        exact_builder &builder;
        ~note_too_long() { parser->number_too_long = builder.too_long; }
    } note{parser, builder};
    tape.words.push_back(0);  // the root word, fixed below
    bool scalar;
    SIMDJSON_TRY(document.is_scalar().get(scalar));
    if (scalar) {
        // The root token (with the spaces after it) must reach the end.
        std::string_view token;
        SIMDJSON_TRY(document.raw_json_token().get(token));
        if ((size_t)(token.data() - parser->padded.data()) + token.size() < length) return simdjson::TRAILING_CONTENT;
        SIMDJSON_TRY(builder.value(document, 0));
    } else {
        simdjson::ondemand::value root;
        SIMDJSON_TRY(document.get_value().get(root));
        SIMDJSON_TRY(builder.value(root, 0));
        // Past the root value there is nothing left to read.
        const char *rest;
        if (document.current_location().get(rest) == simdjson::SUCCESS) return simdjson::TRAILING_CONTENT;
    }
    // The root words hold each other's index plus one, as the DOM parser writes them.
    size_t end = tape.words.size();
    tape.words.push_back(exact_builder::word('r', 0));
    tape.words[0] = exact_builder::word('r', end + 1);
    return simdjson::SUCCESS;
}

// ---------------------------------------------------------------------------
// When the DOM parser's tape may hold a changed number.

// True when a byte is '.', '/' or a digit (a cheap superset of a decimal's
// mantissa bytes).
inline bool mantissa_byte(uint8_t b) { return b >= '.' && b <= '9'; }

// A run of `count` mantissa bytes at `at` (maximal) is a decimal with 16 or
// more significant digits: more than a double keeps for sure.
bool long_decimal(const uint8_t *at, size_t count, uint8_t after) {
    bool dot = false;
    size_t significant = 0;
    bool started = false;
    for (size_t i = 0; i < count; i++) {
        if (at[i] == '.') { dot = true; continue; }
        if (at[i] == '/') return false;
        if (at[i] != '0') started = true;
        if (started) significant++;
    }
    return significant >= 16 && (dot || after == 'e' || after == 'E');
}

// True when `bytes` may hold a decimal with more significant digits than a
// double keeps. A run of 16 such bytes holds an aligned 8-byte word of
// them, so only words are tested (eight bytes at once), and the run around
// a word that passes is looked at closely.
bool may_hold_long_decimal(const uint8_t *bytes, size_t length) {
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    size_t i = 0;
    while (i + 8 <= length) {
        uint64_t w;
        std::memcpy(&w, bytes + i, 8);
        // Every byte >= '.' and <= '9' (bytes below 0x80 only).
        uint64_t below = (w - ones * '.') & ~w & highs;
        uint64_t above = ((w + ones * (127 - '9')) | w) & highs;
        if ((below | above) == 0) {
            size_t start = i, end = i + 8;
            while (start > 0 && mantissa_byte(bytes[start - 1])) start--;
            while (end < length && mantissa_byte(bytes[end])) end++;
            if (long_decimal(bytes + start, end - start, end < length ? bytes[end] : 0)) return true;
            i = (end + 7) & ~(size_t)7;
            continue;
        }
        i += 8;
    }
    return false;
}

// True when `bytes` hold an exponent of three or more digits after a
// mantissa (`1e-400`): a number that may be below a double's range. Only
// asked when the tape holds a zero or subnormal double.
bool may_hold_tiny_number(const uint8_t *bytes, size_t length) {
    for (size_t i = 1; i + 3 < length; i++) {
        if ((bytes[i] | 0x20) != 'e' || !(bytes[i - 1] == '.' || (bytes[i - 1] >= '0' && bytes[i - 1] <= '9'))) continue;
        size_t j = i + 1;
        if (bytes[j] == '-' || bytes[j] == '+') j++;
        size_t digits = 0;
        while (j < length && bytes[j] >= '0' && bytes[j] <= '9') { j++; digits++; }
        if (digits >= 3) return true;
    }
    return false;
}

// Walks the DOM tape once: whether containers nest deeper than `limit`,
// and whether a double on it is zero or subnormal (maybe an underflow).
void walk_tape(const uint64_t *tape, size_t limit, bool &too_deep, bool &tiny_double) {
    const size_t end = (size_t)(tape[0] & 0x00FFFFFFFFFFFFFFull);  // the closing root word
    size_t depth = 0;
    too_deep = false;
    tiny_double = false;
    for (size_t i = 1; i < end; i++) {
        switch ((char)(tape[i] >> 56)) {
        case '[':
        case '{':
            if (++depth > limit) { too_deep = true; return; }
            break;
        case ']':
        case '}':
            depth--;
            break;
        case 'd':
            // Zero or subnormal: no exponent bits.
            if ((tape[i + 1] & 0x7FF0000000000000ull) == 0) tiny_double = true;
            i++;
            break;
        case 'l':
        case 'u':
            i++;  // the number's value is the next word
            break;
        default:
            break;
        }
    }
}

int exact_result(rb_json_parser *parser, simdjson::error_code error, rb_json_document *out) {
    if (error != simdjson::SUCCESS && parser->number_too_long) return RB_JSON_NUMBER_TOO_LONG;
    switch (error) {
    case simdjson::SUCCESS:
        // A document without strings still hands out a string buffer (an
        // empty vector may have no storage at all).
        if (parser->exact.strings.empty()) parser->exact.strings.push_back(0);
        out->tape = parser->exact.words.data();
        out->strings = parser->exact.strings.data();
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

}  // namespace

extern "C" int rb_json_parse(rb_json_parser *parser, const uint8_t *bytes, size_t length, int padded,
                             rb_json_document *out, const char **message) {
    simdjson::dom::element root;
    auto error = parser->parser.parse(bytes, length, padded == 0).get(root);
    if (message) *message = simdjson::error_message(error);
    switch (error) {
    case simdjson::SUCCESS: {
        bool too_deep, tiny_double;
        walk_tape(parser->parser.doc.tape.get(), parser->max_depth - 1, too_deep, tiny_double);
        if (too_deep) return RB_JSON_TOO_DEEP;
        if (may_hold_long_decimal(bytes, length) || (tiny_double && may_hold_tiny_number(bytes, length))) {
            // A number the tape holds may differ from the text: read it exactly.
            return exact_result(parser, parse_exact(parser, bytes, length), out);
        }
        out->tape = parser->parser.doc.tape.get();
        out->strings = parser->parser.doc.string_buf.get();
        return RB_JSON_OK;
    }
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE: {
        // Valid JSON with a number past 64 bits or a double's range, or
        // not JSON at all: the exact path tells which.
        auto exact = parse_exact(parser, bytes, length);
        if (exact == simdjson::SUCCESS || exact == simdjson::DEPTH_ERROR || parser->number_too_long) {
            if (message) *message = simdjson::error_message(exact);
            return exact_result(parser, exact, out);
        }
        return RB_JSON_INVALID;
    }
    case simdjson::DEPTH_ERROR:
        return RB_JSON_TOO_DEEP;
    case simdjson::CAPACITY:
    case simdjson::MEMALLOC:
        return RB_JSON_CAPACITY;
    default:
        return RB_JSON_INVALID;
    }
}

extern "C" int rb_json_parse_exact(rb_json_parser *parser, const uint8_t *bytes, size_t length,
                                   rb_json_document *out, const char **message) {
    auto error = parse_exact(parser, bytes, length);
    if (message) *message = simdjson::error_message(error);
    return exact_result(parser, error, out);
}
