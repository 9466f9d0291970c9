// How fast can one core (or two) verify a TM search's length window at all? The exact search
// (docs/tm-search.md) must compute the edit distance of most of a million-entry memory for every
// query whose answer has fewer than `limit` entries; this measures the fastest way we know to do
// that on this hardware, outside PostgreSQL, to know what an in-process engine could reach.
//
//   verify-window <mode 1|4|8|16|32|33> <sources.txt> <queries.txt> [threads] [filter 0|1]
//
// Input: normalised texts, one per line, ASCII (as the benchmark's memory). The query is the
// pattern, one bit per character in a 64-bit word: queries over 64 characters are left out (they
// need the multi-word variant); sources may have any length.
// For each query: the length window of similarity 50 (as lengthWindow), then the global edit
// distance of every entry in it with Myers' bit-vector algorithm (1999), and a count of the entries
// reaching 50 by the documented integer formula. Mode 1: one entry at a time. Mode 4: four
// entries at once in the 64-bit lanes of an AVX2 register. With AVX-512 (built with
// -march=native on a processor with AVX-512 F/BW/VBMI): mode 8, eight lanes, the query's
// bit-vectors gathered from memory; mode 16, two such groups interleaved; mode 32, eight lanes with
// the bit-vectors looked up inside registers (byte permutes); mode 33, the same with two groups
// interleaved. Sources sorted by length (run.sh also runs that) give the lanes of a group equal
// lengths. Filter 1: before that, the
// character-count bound (docs/tm-search.md) over per-entry counts of 32 character classes, 32
// lanes at once, drops the entries it proves cannot reach 50. Prints milliseconds per query.
#include <immintrin.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MIN_SIMILARITY 50

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
static int max_distance(int longest) { return longest * (201 - 2 * MIN_SIMILARITY) / 200; }
static int similarity(int d, int longest) {
  int v = (200 * (longest - d) + longest) / (2 * longest);
  return v > 99 ? 99 : v;
}

/** Character classes of the count vectors: letters, space, digits, anything else. */
static int char_class(uint8_t c) {
  return c >= 'a' && c <= 'z' ? c - 'a' : c == ' ' ? 26 : c >= '0' && c <= '9' ? 27 : 28;
}
static void count_classes(const uint8_t *t, int n, uint8_t *counts) {
  memset(counts, 0, 32);
  for (int j = 0; j < n; j++)
    if (counts[char_class(t[j])] < 255) counts[char_class(t[j])]++;
}

typedef struct {
  const char *text; // all sources, back to back
  const int *off, *len;
  int *cand;
  int lo, hi, m, mode, filter;
  const uint64_t *peq;         // per byte: the query positions holding it
  const uint8_t *counts;       // per source: 32 class counts
  const uint8_t *query_counts; // the query's
  long hits, kept;
} Slice;

/**
 * Keeps the slice's candidates the character-count bound cannot rule out: an edit changes the
 * count of at most one class on each side, so d >= max(what the query has more of, what the entry
 * has more of), summed over classes. Merging characters into classes only weakens the bound.
 */
static void drop_by_counts(Slice *s) {
  const __m256i query = _mm256_loadu_si256((const __m256i *)s->query_counts), zero = _mm256_setzero_si256();
  int kept = s->lo;
  for (int c = s->lo; c < s->hi; c++) {
    int i = s->cand[c], n = s->len[i], longest = n > s->m ? n : s->m;
    __m256i entry = _mm256_loadu_si256((const __m256i *)(s->counts + 32 * (size_t)i));
    __m256i more = _mm256_sad_epu8(_mm256_subs_epu8(query, entry), zero);
    __m256i less = _mm256_sad_epu8(_mm256_subs_epu8(entry, query), zero);
    int64_t a[4], b[4];
    _mm256_storeu_si256((__m256i *)a, more);
    _mm256_storeu_si256((__m256i *)b, less);
    int64_t missing = a[0] + a[1] + a[2] + a[3], extra = b[0] + b[1] + b[2] + b[3];
    if ((missing > extra ? missing : extra) <= max_distance(longest)) s->cand[kept++] = i;
  }
  s->hi = kept;
  s->kept = kept - s->lo;
}

static void verify_one_at_a_time(Slice *s) {
  const uint64_t top = 1ULL << (s->m - 1);
  for (int c = s->lo; c < s->hi; c++) {
    const uint8_t *t = (const uint8_t *)s->text + s->off[s->cand[c]];
    int n = s->len[s->cand[c]], score = s->m;
    uint64_t pv = ~0ULL, mv = 0;
    for (int j = 0; j < n; j++) {
      uint64_t eq = s->peq[t[j]], xv = eq | mv, xh = (((eq & pv) + pv) ^ pv) | eq;
      uint64_t ph = mv | ~(xh | pv), mh = pv & xh;
      score += ((ph & top) != 0) - ((mh & top) != 0);
      ph = (ph << 1) | 1;
      mh <<= 1;
      pv = mh | ~(xv | ph);
      mv = ph & xv;
    }
    int longest = n > s->m ? n : s->m;
    if (similarity(score, longest) >= MIN_SIMILARITY) s->hits++;
  }
}

static void verify_four_at_a_time(Slice *s) {
  const __m256i top = _mm256_set1_epi64x(1ULL << (s->m - 1)), one = _mm256_set1_epi64x(1), all = _mm256_set1_epi64x(-1);
  for (int c = s->lo; c < s->hi; c += 4) {
    const uint8_t *t[4];
    int n[4], longest_text = 0;
    for (int x = 0; x < 4; x++) {
      int i = s->cand[c + x < s->hi ? c + x : c];
      t[x] = (const uint8_t *)s->text + s->off[i];
      n[x] = c + x < s->hi ? s->len[i] : 0; // an empty lane when the slice runs out
      if (n[x] > longest_text) longest_text = n[x];
    }
    __m256i pv = all, mv = _mm256_setzero_si256(), score = _mm256_set1_epi64x(s->m);
    const __m256i lengths = _mm256_set_epi64x(n[3], n[2], n[1], n[0]);
    for (int j = 0; j < longest_text; j++) {
      // lanes whose text has ended keep their state (reading past it stays inside the buffer)
      __m256i active = _mm256_cmpgt_epi64(lengths, _mm256_set1_epi64x(j));
      __m256i eq = _mm256_set_epi64x(s->peq[t[3][j]], s->peq[t[2][j]], s->peq[t[1][j]], s->peq[t[0][j]]);
      __m256i xv = _mm256_or_si256(eq, mv);
      __m256i xh = _mm256_or_si256(_mm256_xor_si256(_mm256_add_epi64(_mm256_and_si256(eq, pv), pv), pv), eq);
      __m256i ph = _mm256_or_si256(mv, _mm256_andnot_si256(_mm256_or_si256(xh, pv), all));
      __m256i mh = _mm256_and_si256(pv, xh);
      __m256i up = _mm256_cmpeq_epi64(_mm256_and_si256(ph, top), top);
      __m256i down = _mm256_cmpeq_epi64(_mm256_and_si256(mh, top), top);
      score = _mm256_add_epi64(score, _mm256_and_si256(active, _mm256_sub_epi64(down, up)));
      ph = _mm256_or_si256(_mm256_slli_epi64(ph, 1), one);
      mh = _mm256_slli_epi64(mh, 1);
      pv = _mm256_blendv_epi8(pv, _mm256_or_si256(mh, _mm256_andnot_si256(_mm256_or_si256(xv, ph), all)), active);
      mv = _mm256_blendv_epi8(mv, _mm256_and_si256(ph, xv), active);
    }
    int64_t d[4];
    _mm256_storeu_si256((__m256i *)d, score);
    for (int x = 0; x < 4 && c + x < s->hi; x++) {
      int longest = n[x] > s->m ? n[x] : s->m;
      if (similarity((int)d[x], longest) >= MIN_SIMILARITY) s->hits++;
    }
  }
}


#ifdef __AVX512VBMI__
/** One group of eight entries in the 64-bit lanes of an AVX-512 register (state for one step). */
typedef struct {
  __m512i pv, mv, score, lengths, base, chunk;
  int longest;
} Group;

static void group_start(Group *g, const Slice *s, int c) {
  int64_t base[8], n[8];
  g->longest = 0;
  for (int x = 0; x < 8; x++) {
    int i = s->cand[c + x < s->hi ? c + x : c];
    base[x] = s->off[i];
    n[x] = c + x < s->hi ? s->len[i] : 0;
    if (n[x] > g->longest) g->longest = (int)n[x];
  }
  g->pv = _mm512_set1_epi64(-1);
  g->mv = _mm512_setzero_si512();
  g->score = _mm512_set1_epi64(s->m);
  g->lengths = _mm512_loadu_si512(n);
  g->base = _mm512_loadu_si512(base);
}

static inline void group_step(Group *g, const Slice *s, int j, __m512i top) {
  if ((j & 7) == 0) g->chunk = _mm512_i64gather_epi64(_mm512_add_epi64(g->base, _mm512_set1_epi64(j)), s->text, 1);
  __m512i idx = _mm512_and_si512(g->chunk, _mm512_set1_epi64(0xff));
  g->chunk = _mm512_srli_epi64(g->chunk, 8);
  __mmask8 active = _mm512_cmpgt_epi64_mask(g->lengths, _mm512_set1_epi64(j));
  __m512i eq = _mm512_i64gather_epi64(idx, (const long long *)s->peq, 8);
  __m512i xv = _mm512_or_si512(eq, g->mv);
  __m512i sum = _mm512_add_epi64(_mm512_and_si512(eq, g->pv), g->pv);
  __m512i xh = _mm512_ternarylogic_epi64(sum, g->pv, eq, 0xBE);     // (sum ^ pv) | eq
  __m512i ph = _mm512_ternarylogic_epi64(g->mv, xh, g->pv, 0xF1);   // mv | ~(xh | pv)
  __m512i mh = _mm512_and_si512(g->pv, xh);
  __mmask8 up = _mm512_test_epi64_mask(ph, top) & active, down = _mm512_test_epi64_mask(mh, top) & active;
  g->score = _mm512_mask_add_epi64(g->score, up, g->score, _mm512_set1_epi64(1));
  g->score = _mm512_mask_sub_epi64(g->score, down, g->score, _mm512_set1_epi64(1));
  ph = _mm512_or_si512(_mm512_slli_epi64(ph, 1), _mm512_set1_epi64(1));
  mh = _mm512_slli_epi64(mh, 1);
  g->pv = _mm512_mask_mov_epi64(g->pv, active, _mm512_ternarylogic_epi64(mh, xv, ph, 0xF1)); // mh | ~(xv | ph)
  g->mv = _mm512_mask_and_epi64(g->mv, active, ph, xv);
}

static void group_finish(Group *g, Slice *s, int c) {
  int64_t d[8], n[8];
  _mm512_storeu_si512(d, g->score);
  _mm512_storeu_si512(n, g->lengths);
  for (int x = 0; x < 8 && c + x < s->hi; x++) {
    int longest = n[x] > s->m ? (int)n[x] : s->m;
    if (similarity((int)d[x], longest) >= MIN_SIMILARITY) s->hits++;
  }
}

static void verify_eight_at_a_time(Slice *s) {
  const __m512i top = _mm512_set1_epi64(1ULL << (s->m - 1));
  for (int c = s->lo; c < s->hi; c += 8) {
    Group g;
    group_start(&g, s, c);
    for (int j = 0; j < g.longest; j++) group_step(&g, s, j, top);
    group_finish(&g, s, c);
  }
}

static void verify_sixteen_at_a_time(Slice *s) {
  const __m512i top = _mm512_set1_epi64(1ULL << (s->m - 1));
  for (int c = s->lo; c < s->hi; c += 16) {
    Group a, b;
    group_start(&a, s, c);
    if (c + 8 < s->hi) group_start(&b, s, c + 8); else { b = a; b.longest = 0; }
    int both = a.longest < b.longest ? a.longest : b.longest, j = 0;
    for (; j < both; j++) group_step(&a, s, j, top), group_step(&b, s, j, top);
    for (int k = j; k < a.longest; k++) group_step(&a, s, k, top);
    for (int k = j; k < b.longest; k++) group_step(&b, s, k, top);
    group_finish(&a, s, c);
    if (c + 8 < s->hi) group_finish(&b, s, c + 8);
  }
}

/** Eight entries in AVX-512 lanes; the query's bit-vectors looked up in registers, not gathered:
 * bytes map to a compact symbol (0 = not in the query, 1..31) by a byte permute over 128 entries,
 * and symbols to bit-vectors by two 16-entry qword permutes. */
typedef struct { __m512i map_lo, map_hi, t0, t1, t2, t3; } Tables;

static inline void pgroup_step(Group *g, const Slice *s, const Tables *tb, int j, __m512i top) {
  if ((j & 7) == 0) {
    __m512i raw = _mm512_i64gather_epi64(_mm512_add_epi64(g->base, _mm512_set1_epi64(j)), s->text, 1);
    g->chunk = _mm512_permutex2var_epi8(tb->map_lo, raw, tb->map_hi); // bytes >= 128: the map's top bit is ignored
  }
  __m512i idx = _mm512_and_si512(g->chunk, _mm512_set1_epi64(0x1f));
  g->chunk = _mm512_srli_epi64(g->chunk, 8);
  __mmask8 active = _mm512_cmpgt_epi64_mask(g->lengths, _mm512_set1_epi64(j));
  __m512i lo = _mm512_permutex2var_epi64(tb->t0, idx, tb->t1), hi = _mm512_permutex2var_epi64(tb->t2, idx, tb->t3);
  __m512i eq = _mm512_mask_blend_epi64(_mm512_test_epi64_mask(idx, _mm512_set1_epi64(16)), lo, hi);
  __m512i xv = _mm512_or_si512(eq, g->mv);
  __m512i sum = _mm512_add_epi64(_mm512_and_si512(eq, g->pv), g->pv);
  __m512i xh = _mm512_ternarylogic_epi64(sum, g->pv, eq, 0xBE);
  __m512i ph = _mm512_ternarylogic_epi64(g->mv, xh, g->pv, 0xF1);
  __m512i mh = _mm512_and_si512(g->pv, xh);
  __mmask8 up = _mm512_test_epi64_mask(ph, top) & active, down = _mm512_test_epi64_mask(mh, top) & active;
  g->score = _mm512_mask_add_epi64(g->score, up, g->score, _mm512_set1_epi64(1));
  g->score = _mm512_mask_sub_epi64(g->score, down, g->score, _mm512_set1_epi64(1));
  ph = _mm512_or_si512(_mm512_slli_epi64(ph, 1), _mm512_set1_epi64(1));
  mh = _mm512_slli_epi64(mh, 1);
  g->pv = _mm512_mask_mov_epi64(g->pv, active, _mm512_ternarylogic_epi64(mh, xv, ph, 0xF1));
  g->mv = _mm512_mask_and_epi64(g->mv, active, ph, xv);
}

static int build_tables(const Slice *s, Tables *tb) {
  uint8_t map[128] = {0};
  uint64_t table[32] = {0};
  int symbols = 0;
  for (int c = 0; c < 256; c++) {
    if (!s->peq[c]) continue;
    if (c >= 128 || symbols == 31) return 0;
    map[c] = ++symbols;
    table[symbols] = s->peq[c];
  }
  tb->map_lo = _mm512_loadu_si512(map);
  tb->map_hi = _mm512_loadu_si512(map + 64);
  tb->t0 = _mm512_loadu_si512(table);
  tb->t1 = _mm512_loadu_si512(table + 8);
  tb->t2 = _mm512_loadu_si512(table + 16);
  tb->t3 = _mm512_loadu_si512(table + 24);
  return 1;
}

static void verify_permuted(Slice *s, int interleave) {
  Tables tb;
  if (!build_tables(s, &tb)) { verify_eight_at_a_time(s); return; }
  const __m512i top = _mm512_set1_epi64(1ULL << (s->m - 1));
  for (int c = s->lo; c < s->hi; c += 16) {
    Group a, b;
    group_start(&a, s, c);
    if (c + 8 < s->hi) group_start(&b, s, c + 8); else { b = a; b.longest = 0; }
    if (interleave) {
      int both = a.longest < b.longest ? a.longest : b.longest, j = 0;
      for (; j < both; j++) pgroup_step(&a, s, &tb, j, top), pgroup_step(&b, s, &tb, j, top);
      for (int k = j; k < a.longest; k++) pgroup_step(&a, s, &tb, k, top);
      for (int k = j; k < b.longest; k++) pgroup_step(&b, s, &tb, k, top);
    } else {
      for (int j = 0; j < a.longest; j++) pgroup_step(&a, s, &tb, j, top);
      for (int j = 0; j < b.longest; j++) pgroup_step(&b, s, &tb, j, top);
    }
    group_finish(&a, s, c);
    if (c + 8 < s->hi) group_finish(&b, s, c + 8);
  }
}

#endif

static void *verify(void *arg) {
  Slice *s = arg;
  if (s->filter) drop_by_counts(s);
  else s->kept = s->hi - s->lo;
#ifdef __AVX512VBMI__
  if (s->mode == 32) verify_permuted(s, 0);
  else if (s->mode == 33) verify_permuted(s, 1);
  else if (s->mode == 16) verify_sixteen_at_a_time(s);
  else if (s->mode == 8) verify_eight_at_a_time(s);
  else
#endif
  if (s->mode == 4) verify_four_at_a_time(s);
  else verify_one_at_a_time(s);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 4) return fprintf(stderr, "usage: verify-window <1|4> <sources> <queries> [threads]\n"), 2;
  int mode = atoi(argv[1]), threads = argc > 4 ? atoi(argv[4]) : 1, filter = argc > 5 && atoi(argv[5]) == 1;
  if (threads < 1 || threads > 8) threads = 1;
#ifndef __AVX512VBMI__
  if (mode >= 8) return fprintf(stderr, "modes 8-33 need a build with AVX-512 (F, BW, VBMI)\n"), 2;
#endif
  FILE *sources = fopen(argv[2], "r"), *queries = fopen(argv[3], "r");
  if (!sources || !queries) return perror("open"), 1;
  size_t cap = 1 << 26, total = 0;
  char *text = malloc(cap + 4096), line[4096]; // lanes read up to a line's length past their text
  int count = 0, slots = 1 << 20, *off = malloc(slots * sizeof(int)), *len = malloc(slots * sizeof(int));
  while (fgets(line, sizeof line, sources)) {
    int n = strcspn(line, "\n");
    if (count == slots) slots *= 2, off = realloc(off, slots * sizeof(int)), len = realloc(len, slots * sizeof(int));
    if (total + n > cap) cap *= 2, text = realloc(text, cap + 4096);
    memcpy(text + total, line, n);
    off[count] = total, len[count] = n, total += n, count++;
  }
  uint8_t *counts = malloc(32 * (size_t)count), query_counts[32];
  for (int i = 0; i < count; i++) count_classes((const uint8_t *)text + off[i], len[i], counts + 32 * (size_t)i);
  int *cand = malloc(count * sizeof(int)), asked = 0;
  double sum = 0;
  printf("%d sources\n", count);
  while (fgets(line, sizeof line, queries)) {
    int m = strcspn(line, "\n");
    if (m == 0 || m > 64) continue;
    uint64_t peq[256] = {0};
    for (int i = 0; i < m; i++) peq[(uint8_t)line[i]] |= 1ULL << i;
    count_classes((const uint8_t *)line, m, query_counts);
    double start = now();
    int window = 0;
    long chars = 0, hits = 0, kept = 0;
    for (int i = 0; i < count; i++) { // the length window: |m - n| alone must not exceed the bound
      int n = len[i], longest = n > m ? n : m;
      if ((n > m ? n - m : m - n) <= max_distance(longest)) cand[window++] = i, chars += n;
    }
    pthread_t tid[8];
    Slice slice[8];
    int per = ((window + threads - 1) / threads + 15) / 16 * 16;
    for (int k = 0; k < threads; k++) {
      int lo = k * per < window ? k * per : window, hi = (k + 1) * per < window ? (k + 1) * per : window;
      slice[k] = (Slice){text, off, len, cand, lo, hi, m, mode, filter, peq, counts, query_counts, 0, 0};
      pthread_create(&tid[k], 0, verify, &slice[k]);
    }
    for (int k = 0; k < threads; k++) pthread_join(tid[k], 0), hits += slice[k].hits, kept += slice[k].kept;
    double ms = (now() - start) * 1e3;
    sum += ms, asked++;
    printf("query of %d chars: window %d entries, %ld chars, %ld verified, %ld reach %d: %.1f ms (%.2f ns/char)\n", m,
           window, chars, kept, hits, MIN_SIMILARITY, ms, ms * 1e6 / chars);
  }
  printf("mode %d, %d thread(s), filter %d, %d queries: mean %.1f ms\n", mode, threads, filter, asked, sum / asked);
  return 0;
}
