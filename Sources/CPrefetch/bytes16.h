// Sixteen bytes compared at once, which Swift does not name: the search's
// scan of row bytes looks for a needle's first two bytes a vector at a time.
#ifndef ROWBOAT_BYTES16_H
#define ROWBOAT_BYTES16_H

#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Bit i set where byte i of the 16 at `p` ORed with `first_folds` is
/// `first` and, when `two`, byte i + 1 ORed with `second_folds` is
/// `second` (17 bytes read then). `*high` gets a bit for each of the 16
/// bytes whose top bit is set.
static inline uint32_t rb_pair_places16(const uint8_t *p, uint8_t first, uint8_t first_folds, uint8_t second,
                                        uint8_t second_folds, int two, uint32_t *high) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)p);
    __m128i eq = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8((char)first_folds)), _mm_set1_epi8((char)first));
    if (two) {
        __m128i w = _mm_loadu_si128((const __m128i *)(p + 1));
        eq = _mm_and_si128(eq, _mm_cmpeq_epi8(_mm_or_si128(w, _mm_set1_epi8((char)second_folds)),
                                              _mm_set1_epi8((char)second)));
    }
    *high = (uint32_t)_mm_movemask_epi8(v);
    return (uint32_t)_mm_movemask_epi8(eq);
#else
    uint32_t places = 0, tops = 0;
    for (int i = 0; i < 16; i++) {
        tops |= (uint32_t)(p[i] >> 7) << i;
        if ((p[i] | first_folds) == first && (!two || (p[i + 1] | second_folds) == second)) places |= 1u << i;
    }
    *high = tops;
    return places;
#endif
}

#endif
