// How fast can one core (or two) verify a TM search's length window at all? The exact search
// (docs/tm-search.md) must compute the edit distance of most of a million-entry memory for every
// query whose answer has fewer than `limit` entries; this measures the fastest way we know to do
// that on this hardware, outside PostgreSQL, to know what an in-process engine could reach.
//
//   verify-window <mode 1|4> <sources.txt> <queries.txt> [threads] [filter 0|1]
//
// Input: normalised texts, one per line, ASCII (as the benchmark's memory). The query is the
// pattern, one bit per character in a 64-bit word: queries over 64 characters are left out (they
// need the multi-word variant); sources may have any length.
// For each query: the length window of similarity 50 (as lengthWindow), then the global edit
// distance of every entry in it with Myers' bit-vector algorithm (1999), and a count of the entries
// reaching 50 by the documented integer formula. Mode 1: one entry at a time. Mode 4: four
// entries at once in the 64-bit lanes of an AVX2 register. Filter 1: before that, the
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

static void *verify(void *arg) {
  Slice *s = arg;
  if (s->filter) drop_by_counts(s);
  else s->kept = s->hi - s->lo;
  if (s->mode == 4) verify_four_at_a_time(s);
  else verify_one_at_a_time(s);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 4) return fprintf(stderr, "usage: verify-window <1|4> <sources> <queries> [threads]\n"), 2;
  int mode = atoi(argv[1]), threads = argc > 4 ? atoi(argv[4]) : 1, filter = argc > 5 && atoi(argv[5]) == 1;
  if (threads < 1 || threads > 8) threads = 1;
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
    int per = ((window + threads - 1) / threads + 3) / 4 * 4;
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
