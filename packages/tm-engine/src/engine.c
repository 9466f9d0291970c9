// The native TM engine: an in-memory index of normalised translation-memory sources and an EXACT
// fuzzy search over it. Similarity of query q and entry e (code points): 100 if identical, else
// min(99, floor((200(L-d)+L)/(2L))), d the Levenshtein distance, L the longer length.
//
// Layout: every code point gets a symbol id (order of first appearance). Entries are stored as
// symbols in buckets by length, and inside a bucket in one of three tiers by the width their
// largest symbol needs (1, 2 or 4 bytes), so the SIMD kernels run lanes of equal length over
// byte texts and never waste steps. Distances are Myers' bit-vector algorithm (1999), with the
// block-based variant (Hyyrö) for queries over 64 code points. Paths: AVX-512 (8 lanes, or 16 in
// 32-bit lanes, peq looked up in registers), AVX2 (4 lanes), portable scalar; all compute the exact
// distance, so they agree.
//
// Built by scripts/build.mjs with the system C compiler against Node's own node_api.h.
#define _GNU_SOURCE
#define NAPI_VERSION 8
#include <node_api.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(TM_PORTABLE_ONLY)
#include <immintrin.h>
#define TM_X86 1
#define AVX2_FN __attribute__((target("avx2,popcnt")))
#define AVX512_FN __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,popcnt")))
#else
#define TM_X86 0
#endif
#define INLINE static inline __attribute__((always_inline))

enum { SIMD_SCALAR = 0, SIMD_AVX2 = 1, SIMD_AVX512 = 2 };
static const char *const SIMD_NAMES[] = {"scalar", "avx2", "avx512"};

static int best_simd(void) {
#if TM_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) {
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512vbmi"))
      return SIMD_AVX512;
    return SIMD_AVX2;
  }
#endif
  return SIMD_SCALAR;
}

#define NO_SYMBOL UINT32_MAX
#define NPAGES (0x110000 >> 8) // the dictionary: 256 code points a page, pages allocated on demand
#define TEXT_PAD 16            // the AVX-512 kernel reads 8 bytes at a time, up to 7 past a text's end
#define CHUNK_CHARS 32768      // a unit of work: about this many characters of one bucket tier
#define CHUNK_MAX 4096
#define MAX_BUCKETS ((1u << 24) - 2) // bucket number + 1 must fit the 24 bits of a table slot
#define BATCH_ENTRIES 65536          // add() takes the write lock once per batch of this many entries
#define BATCH_UNITS (8u << 20)

static const int WIDTH[3] = {1, 2, 4};

/* ---------------------------------------------------------------------------------------------- */
/* Index                                                                                           */
/* ---------------------------------------------------------------------------------------------- */

typedef struct {
  uint8_t *text;   // cap × len symbols of WIDTH[tier] bytes, + TEXT_PAD
  uint8_t *ids;    // cap × 16 bytes (binary UUID)
  uint8_t *counts; // cap × 16 bytes: 32 character-class counts, 4 bits each, saturating at 15
  uint32_t count, cap;
} Tier;

typedef struct {
  uint32_t len;
  Tier tier[3];
} Bucket;

typedef struct {
  pthread_rwlock_t lock; // searches hold it shared, add/remove/close exclusively
  atomic_int refs;       // the JS handle + every queued search
  bool closed;
  int threads, simd;
  bool prefilter;
  uint32_t *pages[NPAGES]; // code point -> symbol id (NO_SYMBOL when absent)
  uint32_t nsyms;
  Bucket **buckets; // by bucket number, in order of creation
  uint32_t nbuckets, bucket_cap;
  uint32_t *by_len; // length -> bucket number + 1 (0: none)
  size_t by_len_cap;
  // id -> location: open addressing, linear probing, backward-shift deletion. A slot holds
  // slot(32) | bucket+1 (24) | tier (2) | 6 bits of the id's hash (0 = empty).
  uint64_t *table;
  size_t table_cap, table_used;
  size_t size, bytes;
} Index;

INLINE uint64_t hash_id(const uint8_t *id) {
  uint64_t a, b;
  memcpy(&a, id, 8);
  memcpy(&b, id + 8, 8);
  uint64_t h = a ^ (b * 0x9E3779B97F4A7C15ull);
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}
INLINE uint64_t loc_make(uint32_t bucket, int tier, uint32_t slot, uint64_t h) {
  return ((uint64_t)slot << 32) | ((uint64_t)(bucket + 1) << 8) | ((uint64_t)tier << 6) | (h >> 58);
}
INLINE uint32_t loc_bucket(uint64_t v) { return (uint32_t)((v >> 8) & 0xFFFFFF) - 1; }
INLINE int loc_tier(uint64_t v) { return (int)((v >> 6) & 3); }
INLINE uint32_t loc_slot(uint64_t v) { return (uint32_t)(v >> 32); }
INLINE Tier *loc_tier_ptr(const Index *ix, uint64_t v) { return &ix->buckets[loc_bucket(v)]->tier[loc_tier(v)]; }
INLINE const uint8_t *loc_id(const Index *ix, uint64_t v) { return loc_tier_ptr(ix, v)->ids + 16 * (size_t)loc_slot(v); }

static size_t table_find(const Index *ix, const uint8_t *id, uint64_t h) {
  if (!ix->table) return SIZE_MAX;
  size_t mask = ix->table_cap - 1, i = h & mask;
  for (;;) {
    uint64_t v = ix->table[i];
    if (!v) return SIZE_MAX;
    if ((v & 63) == (h >> 58) && !memcmp(loc_id(ix, v), id, 16)) return i;
    i = (i + 1) & mask;
  }
}

static bool table_reserve(Index *ix) {
  if ((ix->table_used + 1) * 4 <= ix->table_cap * 3) return true; // load factor <= 3/4
  size_t cap = ix->table_cap ? ix->table_cap * 2 : 1024;
  uint64_t *t = calloc(cap, 8);
  if (!t) return false;
  for (size_t i = 0; i < ix->table_cap; i++) {
    uint64_t v = ix->table[i];
    if (!v) continue;
    size_t j = hash_id(loc_id(ix, v)) & (cap - 1);
    while (t[j]) j = (j + 1) & (cap - 1);
    t[j] = v;
  }
  free(ix->table);
  ix->bytes += (cap - ix->table_cap) * 8;
  ix->table = t;
  ix->table_cap = cap;
  return true;
}

static void table_insert(Index *ix, uint64_t v, uint64_t h) {
  size_t mask = ix->table_cap - 1, i = h & mask;
  while (ix->table[i]) i = (i + 1) & mask;
  ix->table[i] = v;
  ix->table_used++;
}

/** Empties slot `pos` and shifts the rest of its probe run back, so lookups never need tombstones. */
static void table_delete(Index *ix, size_t pos) {
  size_t mask = ix->table_cap - 1, i = pos, j = pos;
  ix->table[i] = 0;
  for (;;) {
    j = (j + 1) & mask;
    uint64_t v = ix->table[j];
    if (!v) break;
    size_t home = hash_id(loc_id(ix, v)) & mask;
    // v may move to the hole i unless its home lies cyclically in (i, j]
    bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (!stays) {
      ix->table[i] = v;
      ix->table[j] = 0;
      i = j;
    }
  }
  ix->table_used--;
}

INLINE uint32_t dict_get(const Index *ix, uint32_t cp) {
  const uint32_t *p = ix->pages[cp >> 8];
  return p ? p[cp & 255] : NO_SYMBOL;
}

static uint32_t dict_intern(Index *ix, uint32_t cp) {
  uint32_t **page = &ix->pages[cp >> 8];
  if (!*page) {
    if (!(*page = malloc(256 * sizeof(uint32_t)))) return NO_SYMBOL;
    memset(*page, 0xFF, 256 * sizeof(uint32_t));
    ix->bytes += 256 * sizeof(uint32_t);
  }
  uint32_t *s = &(*page)[cp & 255];
  if (*s == NO_SYMBOL) *s = ix->nsyms++;
  return *s;
}

/** Counts of 32 classes (symbol mod 32), 4 bits each, saturating: clamping only weakens the bound. */
static void class_counts(const uint32_t *classes, uint32_t n, uint8_t out[16]) {
  uint8_t c[32] = {0};
  for (uint32_t j = 0; j < n; j++) {
    uint32_t k = classes[j] & 31;
    if (c[k] < 15) c[k]++;
  }
  for (int i = 0; i < 16; i++) out[i] = (uint8_t)(c[2 * i] | (c[2 * i + 1] << 4));
}

static int bucket_for(Index *ix, uint32_t len) {
  if (len >= ix->by_len_cap) {
    size_t cap = ix->by_len_cap ? ix->by_len_cap : 256;
    while (cap <= len) cap *= 2;
    uint32_t *p = realloc(ix->by_len, cap * sizeof(uint32_t));
    if (!p) return -1;
    memset(p + ix->by_len_cap, 0, (cap - ix->by_len_cap) * sizeof(uint32_t));
    ix->bytes += (cap - ix->by_len_cap) * sizeof(uint32_t);
    ix->by_len = p;
    ix->by_len_cap = cap;
  }
  if (ix->by_len[len]) return (int)ix->by_len[len] - 1;
  if (ix->nbuckets >= MAX_BUCKETS) return -2;
  if (ix->nbuckets == ix->bucket_cap) {
    uint32_t cap = ix->bucket_cap ? ix->bucket_cap * 2 : 64;
    Bucket **p = realloc(ix->buckets, cap * sizeof(Bucket *));
    if (!p) return -1;
    ix->bytes += (cap - ix->bucket_cap) * sizeof(Bucket *);
    ix->buckets = p;
    ix->bucket_cap = cap;
  }
  Bucket *b = calloc(1, sizeof(Bucket));
  if (!b) return -1;
  b->len = len;
  ix->bytes += sizeof(Bucket);
  ix->buckets[ix->nbuckets++] = b;
  ix->by_len[len] = ix->nbuckets;
  return (int)ix->nbuckets - 1;
}

INLINE size_t text_bytes(size_t cap, size_t len, int w) { return cap * len * (size_t)w + TEXT_PAD; }

/**
 * Room for one more entry. Capacity grows by a quarter: realloc moves big blocks by remapping
 * pages, not copying, so a small factor costs little time and keeps the slack (memory) small.
 */
static bool tier_reserve(Index *ix, Tier *t, uint32_t len, int w) {
  if (t->count < t->cap) return true;
  uint64_t cap = t->cap < 16 ? 16 : (uint64_t)t->cap + t->cap / 4;
  if (cap > UINT32_MAX) return false;
  size_t old_text = t->cap ? text_bytes(t->cap, len, w) : 0, new_text = text_bytes(cap, len, w);
  uint8_t *text = realloc(t->text, new_text);
  if (!text) return false;
  t->text = text;
  uint8_t *ids = realloc(t->ids, cap * 16);
  if (!ids) return false; // the larger text block stays: still valid, counted below only when all grew
  t->ids = ids;
  uint8_t *counts = realloc(t->counts, cap * 16);
  if (!counts) return false;
  t->counts = counts;
  // the padding after the last entry is read by the kernels: keep it defined
  memset(text + (size_t)t->count * len * w, 0, new_text - (size_t)t->count * len * w);
  ix->bytes += new_text - old_text + (cap - t->cap) * 32;
  t->cap = (uint32_t)cap;
  return true;
}

/** Removes the entry of table slot `pos`; the tier's last entry moves into its place. */
static void remove_at(Index *ix, size_t pos) {
  uint64_t v = ix->table[pos];
  uint32_t b = loc_bucket(v), slot = loc_slot(v);
  int tier = loc_tier(v), w = WIDTH[tier];
  Tier *t = &ix->buckets[b]->tier[tier];
  size_t len = ix->buckets[b]->len;
  table_delete(ix, pos);
  uint32_t last = t->count - 1;
  if (slot != last) {
    const uint8_t *last_id = t->ids + 16 * (size_t)last;
    uint64_t h = hash_id(last_id);
    size_t moved = table_find(ix, last_id, h);
    memcpy(t->text + (size_t)slot * len * w, t->text + (size_t)last * len * w, len * w);
    memcpy(t->ids + 16 * (size_t)slot, last_id, 16);
    memcpy(t->counts + 16 * (size_t)slot, t->counts + 16 * (size_t)last, 16);
    ix->table[moved] = loc_make(b, tier, slot, h);
  }
  t->count--;
  ix->size--;
}

/**
 * Adds (or replaces) one entry. `syms` is scratch of n symbols. Returns 0, -1 when out of memory,
 * -2 when the index has too many distinct lengths.
 */
static int insert_entry(Index *ix, const uint8_t *id, const uint32_t *cps, uint32_t n, uint32_t *syms) {
  uint32_t top = 0;
  for (uint32_t j = 0; j < n; j++) {
    if ((syms[j] = dict_intern(ix, cps[j])) == NO_SYMBOL) return -1;
    if (syms[j] > top) top = syms[j];
  }
  int tier = top < 256 ? 0 : top < 65536 ? 1 : 2, w = WIDTH[tier];
  if (!table_reserve(ix)) return -1;
  int b = bucket_for(ix, n);
  if (b < 0) return b;
  Tier *t = &ix->buckets[b]->tier[tier];
  if (!tier_reserve(ix, t, n, w)) return -1;
  uint64_t h = hash_id(id);
  size_t old = table_find(ix, id, h);
  if (old != SIZE_MAX) remove_at(ix, old); // an id added again replaces its entry
  uint32_t slot = t->count++;
  uint8_t *dst = t->text + (size_t)slot * n * w;
  if (w == 1)
    for (uint32_t j = 0; j < n; j++) dst[j] = (uint8_t)syms[j];
  else if (w == 2)
    for (uint32_t j = 0; j < n; j++) ((uint16_t *)dst)[j] = (uint16_t)syms[j];
  else
    memcpy(dst, syms, (size_t)n * 4);
  memcpy(t->ids + 16 * (size_t)slot, id, 16);
  class_counts(syms, n, t->counts + 16 * (size_t)slot);
  table_insert(ix, loc_make((uint32_t)b, tier, slot, h), h);
  ix->size++;
  return 0;
}

/** Frees the entries (close() or the last reference); the struct itself stays until refs reach 0. */
static void index_free_data(Index *ix) {
  for (uint32_t i = 0; i < ix->nbuckets; i++) {
    for (int t = 0; t < 3; t++) {
      free(ix->buckets[i]->tier[t].text);
      free(ix->buckets[i]->tier[t].ids);
      free(ix->buckets[i]->tier[t].counts);
    }
    free(ix->buckets[i]);
  }
  free(ix->buckets);
  free(ix->by_len);
  free(ix->table);
  for (int p = 0; p < NPAGES; p++) free(ix->pages[p]);
  memset(ix->pages, 0, sizeof ix->pages);
  ix->buckets = NULL;
  ix->by_len = NULL;
  ix->table = NULL;
  ix->nbuckets = ix->bucket_cap = 0;
  ix->by_len_cap = ix->table_cap = ix->table_used = ix->size = 0;
  ix->nsyms = 0;
  ix->bytes = sizeof(Index);
}

static void index_release(Index *ix) {
  if (atomic_fetch_sub(&ix->refs, 1) != 1) return;
  index_free_data(ix);
  pthread_rwlock_destroy(&ix->lock);
  free(ix);
}

/* ---------------------------------------------------------------------------------------------- */
/* Query                                                                                           */
/* ---------------------------------------------------------------------------------------------- */

typedef struct {
  uint32_t m, W;      // code points; 64-bit words of the bit-vectors (1 for m <= 64)
  uint64_t lastmask;  // the rows of the last word that belong to the query
  uint32_t K;         // distinct query symbols present in the index: compact ids 1..K (0 = absent)
  uint32_t knarrow;   // compact ids 1..knarrow are the symbols < 256 (what byte texts can hold)
  uint32_t *cmap;     // symbol id -> compact id, nsyms entries
  uint64_t *peq;      // (K+1) × W: query positions holding each compact symbol (row 0 all zero)
  uint64_t *peq8;     // 256 × W: the same by byte symbol, for byte texts
  uint8_t qnib[16];   // the query's class counts
  int P;              // AVX-512: 16-entry tables per word (1, 2 or 4), 0 when knarrow > 63
  uint64_t *tab512;   // W × 16P: peq by compact id, what the kernel loads into registers
  uint32_t tab32[32]; // m <= 32 and knarrow <= 31: the same in 32 bits (the 16-lane kernel)
  uint32_t W32, P32;  // 33 <= m <= 256 on AVX-512: 32-bit words, 32-entry tables per word (1 or 2)
  uint32_t *tab32w;   // W32 × 32·P32: peq by compact id in 32-row blocks (avx512_dn)
  uint8_t map8[256];  // AVX-512: byte symbol -> compact id
} Query;

static void query_free(Query *q) {
  free(q->cmap);
  free(q->peq);
  free(q->peq8);
  free(q->tab512);
  free(q->tab32w);
}

static bool query_prepare(Query *q, const Index *ix, const uint32_t *cps, uint32_t m, int simd) {
  memset(q, 0, sizeof *q);
  q->m = m;
  q->W = m ? (m + 63) / 64 : 1;
  q->lastmask = m % 64 ? (1ull << (m % 64)) - 1 : m ? ~0ull : 0;
  uint32_t W = q->W, *qsym = malloc((size_t)(m ? m : 1) * 4);
  q->cmap = calloc(ix->nsyms ? ix->nsyms : 1, 4);
  if (!qsym || !q->cmap) goto oom;
  for (uint32_t i = 0; i < m; i++) qsym[i] = dict_get(ix, cps[i]);
  // narrow symbols first, so the byte kernels see compact ids 1..knarrow
  for (uint32_t i = 0; i < m; i++)
    if (qsym[i] < 256 && !q->cmap[qsym[i]]) q->cmap[qsym[i]] = ++q->K;
  q->knarrow = q->K;
  for (uint32_t i = 0; i < m; i++)
    if (qsym[i] != NO_SYMBOL && qsym[i] >= 256 && !q->cmap[qsym[i]]) q->cmap[qsym[i]] = ++q->K;
  q->peq = calloc((size_t)(q->K + 1) * W, 8);
  q->peq8 = calloc((size_t)256 * W, 8);
  if (!q->peq || !q->peq8) goto oom;
  for (uint32_t i = 0; i < m; i++)
    if (qsym[i] != NO_SYMBOL) q->peq[(size_t)q->cmap[qsym[i]] * W + i / 64] |= 1ull << (i % 64);
  for (uint32_t b = 0; b < 256 && b < ix->nsyms; b++)
    if (q->cmap[b]) memcpy(q->peq8 + (size_t)b * W, q->peq + (size_t)q->cmap[b] * W, (size_t)W * 8);
  // a code point absent from the index is in no entry: any class is valid for it
  for (uint32_t i = 0; i < m; i++)
    if (qsym[i] == NO_SYMBOL) qsym[i] = cps[i];
  class_counts(qsym, m, q->qnib);
  free(qsym);
  qsym = NULL;
  if (simd == SIMD_AVX512 && q->knarrow <= 63) {
    q->P = q->knarrow < 16 ? 1 : q->knarrow < 32 ? 2 : 4;
    uint32_t E = 16 * (uint32_t)q->P;
    if (!(q->tab512 = aligned_alloc(64, (size_t)W * E * 8))) goto oom;
    for (uint32_t b = 0; b < W; b++)
      for (uint32_t c = 0; c < E; c++) q->tab512[(size_t)b * E + c] = c <= q->knarrow ? q->peq[(size_t)c * W + b] : 0;
    for (uint32_t b = 0; b < 256; b++) q->map8[b] = (uint8_t)(b < ix->nsyms ? q->cmap[b] : 0);
    if (m <= 32 && q->knarrow <= 31)
      for (uint32_t c = 0; c <= q->knarrow; c++) q->tab32[c] = (uint32_t)q->peq[c];
    if (m > 32 && m <= 256) {
      q->W32 = (m + 31) / 32;
      q->P32 = q->knarrow < 32 ? 1 : 2;
      const uint32_t E32 = 32 * q->P32;
      if (!(q->tab32w = aligned_alloc(64, (size_t)q->W32 * E32 * 4))) goto oom;
      for (uint32_t b = 0; b < q->W32; b++)
        for (uint32_t c = 0; c < E32; c++)
          q->tab32w[(size_t)b * E32 + c] = c <= q->knarrow ? (uint32_t)(q->peq[(size_t)c * W + b / 2] >> (32 * (b % 2))) : 0;
    }
  }
  return true;
oom:
  free(qsym);
  query_free(q);
  return false;
}

/* ---------------------------------------------------------------------------------------------- */
/* Character-count pre-filter: d >= max(sum (cq-ce)+, sum (ce-cq)+) over the 32 classes            */
/* ---------------------------------------------------------------------------------------------- */

/** Per byte (values 0..15): (a - b) if a >= b else 0, without borrows between bytes. */
INLINE uint64_t swar_posdiff(uint64_t a, uint64_t b) {
  const uint64_t H = 0x8080808080808080ull;
  uint64_t d = (a | H) - b, sign = d & H;
  return d & 0x7F7F7F7F7F7F7F7Full & (sign - (sign >> 7));
}
INLINE uint64_t swar_sum(uint64_t x) { return (x * 0x0101010101010101ull) >> 56; } // bytes sum < 256

static uint32_t filter_scalar(const uint8_t *counts, uint32_t start, uint32_t end, const uint8_t qn[16], uint64_t k,
                              uint32_t *cand) {
  const uint64_t F = 0x0F0F0F0F0F0F0F0Full;
  uint64_t q0, q1;
  memcpy(&q0, qn, 8);
  memcpy(&q1, qn + 8, 8);
  const uint64_t ql0 = q0 & F, qh0 = (q0 >> 4) & F, ql1 = q1 & F, qh1 = (q1 >> 4) & F;
  uint32_t out = 0;
  for (uint32_t i = start; i < end; i++) {
    uint64_t e0, e1;
    memcpy(&e0, counts + 16 * (size_t)i, 8);
    memcpy(&e1, counts + 16 * (size_t)i + 8, 8);
    uint64_t el0 = e0 & F, eh0 = (e0 >> 4) & F, el1 = e1 & F, eh1 = (e1 >> 4) & F;
    uint64_t more = swar_sum(swar_posdiff(ql0, el0) + swar_posdiff(qh0, eh0)) + swar_sum(swar_posdiff(ql1, el1) + swar_posdiff(qh1, eh1));
    uint64_t less = swar_sum(swar_posdiff(el0, ql0) + swar_posdiff(eh0, qh0)) + swar_sum(swar_posdiff(el1, ql1) + swar_posdiff(eh1, qh1));
    cand[out] = i;
    out += (more > less ? more : less) <= k;
  }
  return out;
}

#if TM_X86
AVX512_FN static uint32_t filter_avx512(const uint8_t *counts, uint32_t start, uint32_t end, const uint8_t qn[16], uint64_t k,
                                        uint32_t *cand) {
  const __m512i F = _mm512_set1_epi8(0x0F), zero = _mm512_setzero_si512(), kv = _mm512_set1_epi64((long long)k);
  const __m512i q = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)qn));
  const __m512i ql = _mm512_and_si512(q, F), qh = _mm512_and_si512(_mm512_srli_epi16(q, 4), F);
  uint32_t out = 0, i = start;
  for (; i + 4 <= end; i += 4) { // 4 entries of 16 bytes
    __m512i e = _mm512_loadu_si512(counts + 16 * (size_t)i);
    __m512i el = _mm512_and_si512(e, F), eh = _mm512_and_si512(_mm512_srli_epi16(e, 4), F);
    __m512i more = _mm512_add_epi8(_mm512_subs_epu8(ql, el), _mm512_subs_epu8(qh, eh));
    __m512i less = _mm512_add_epi8(_mm512_subs_epu8(el, ql), _mm512_subs_epu8(eh, qh));
    __m512i sm = _mm512_sad_epu8(more, zero), sl = _mm512_sad_epu8(less, zero);
    sm = _mm512_add_epi64(sm, _mm512_bsrli_epi128(sm, 8)); // each entry's total in its even qword
    sl = _mm512_add_epi64(sl, _mm512_bsrli_epi128(sl, 8));
    __mmask8 keep = _mm512_cmple_epu64_mask(_mm512_max_epu64(sm, sl), kv);
    cand[out] = i, out += keep & 1;
    cand[out] = i + 1, out += (keep >> 2) & 1;
    cand[out] = i + 2, out += (keep >> 4) & 1;
    cand[out] = i + 3, out += (keep >> 6) & 1;
  }
  return out + filter_scalar(counts, i, end, qn, k, cand + out);
}
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Myers' bit-vector kernels. Global distance: D[0][j] = j (a +1 carried into row 1 at every        */
/* column), D[i][0] = i (Pv all ones). At the end D[m][n] = n + (sum of the last column's vertical  */
/* deltas) = n + popcount(Pv) - popcount(Mv) over the query's rows, so no per-step score is kept.   */
/* Bits above row m (the last word's padding) model query characters that match nothing; they     */
/* never influence lower rows (carries only move upward) and are masked out.                       */
/* ---------------------------------------------------------------------------------------------- */

/** One column, one word, horizontal delta +1 into row 1. */
INLINE void myers1(uint64_t eq, uint64_t *pv, uint64_t *mv) {
  uint64_t P = *pv, M = *mv, xv = eq | M, xh = (((eq & P) + P) ^ P) | eq;
  uint64_t ph = M | ~(xh | P), mh = P & xh;
  ph = (ph << 1) | 1;
  mh <<= 1;
  *pv = mh | ~(xv | ph);
  *mv = ph & xv;
}

/** One column, one block of a multi-word query: horizontal delta in (hp/hn: +1/-1) and out. */
INLINE void myersb(uint64_t eq, uint64_t *pv, uint64_t *mv, uint64_t *hp, uint64_t *hn) {
  uint64_t P = *pv, M = *mv, xv = eq | M;
  eq |= *hn;
  uint64_t xh = (((eq & P) + P) ^ P) | eq, ph = M | ~(xh | P), mh = P & xh;
  uint64_t op = ph >> 63, on = mh >> 63;
  ph = (ph << 1) | *hp;
  mh = (mh << 1) | *hn;
  *pv = mh | ~(xv | ph);
  *mv = ph & xv;
  *hp = op;
  *hn = on;
}

INLINE uint32_t finish(const Query *q, uint32_t n, const uint64_t *pv, const uint64_t *mv, size_t stride) {
  int64_t d = n;
  for (uint32_t b = 0; b + 1 < q->W; b++) d += __builtin_popcountll(pv[b * stride]) - __builtin_popcountll(mv[b * stride]);
  size_t last = (size_t)(q->W - 1) * stride;
  d += __builtin_popcountll(pv[last] & q->lastmask) - __builtin_popcountll(mv[last] & q->lastmask);
  return (uint32_t)d;
}

/** The peq row of text symbol j: by byte directly, or through the compact map for wider symbols. */
INLINE const uint64_t *row_of(const Query *q, const uint8_t *t, uint32_t j, int width) {
  if (width == 1) return q->peq8 + (size_t)t[j] * q->W;
  uint32_t s = width == 2 ? ((const uint16_t *)t)[j] : ((const uint32_t *)t)[j];
  return q->peq + (size_t)q->cmap[s] * q->W;
}

/** Portable path: 4 texts interleaved for one-word queries, one at a time for multi-word ones. */
INLINE void scalar_kernel(int width, const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t cnt,
                          uint32_t *dist, void *scratch) {
  const size_t stride = (size_t)n * width;
  uint32_t i = 0;
  if (q->W == 1) {
    for (; i + 4 <= cnt; i += 4) {
      const uint8_t *t0 = base + cand[i] * stride, *t1 = base + cand[i + 1] * stride;
      const uint8_t *t2 = base + cand[i + 2] * stride, *t3 = base + cand[i + 3] * stride;
      uint64_t p0 = ~0ull, p1 = ~0ull, p2 = ~0ull, p3 = ~0ull, m0 = 0, m1 = 0, m2 = 0, m3 = 0;
      for (uint32_t j = 0; j < n; j++) {
        myers1(*row_of(q, t0, j, width), &p0, &m0);
        myers1(*row_of(q, t1, j, width), &p1, &m1);
        myers1(*row_of(q, t2, j, width), &p2, &m2);
        myers1(*row_of(q, t3, j, width), &p3, &m3);
      }
      dist[i] = finish(q, n, &p0, &m0, 1);
      dist[i + 1] = finish(q, n, &p1, &m1, 1);
      dist[i + 2] = finish(q, n, &p2, &m2, 1);
      dist[i + 3] = finish(q, n, &p3, &m3, 1);
    }
  }
  const uint32_t W = q->W;
  uint64_t *pv = scratch, *mv = pv + W;
  for (; i < cnt; i++) {
    const uint8_t *t = base + cand[i] * stride;
    for (uint32_t b = 0; b < W; b++) pv[b] = ~0ull, mv[b] = 0;
    for (uint32_t j = 0; j < n; j++) {
      const uint64_t *row = row_of(q, t, j, width);
      uint64_t hp = 1, hn = 0;
      for (uint32_t b = 0; b < W; b++) myersb(row[b], &pv[b], &mv[b], &hp, &hn);
    }
    dist[i] = finish(q, n, pv, mv, 1);
  }
}

static void scalar_u8(const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t cnt, uint32_t *dist,
                      void *scratch) {
  scalar_kernel(1, q, base, n, cand, cnt, dist, scratch);
}
static void scalar_u16(const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t cnt, uint32_t *dist,
                       void *scratch) {
  scalar_kernel(2, q, base, n, cand, cnt, dist, scratch);
}
static void scalar_u32(const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t cnt, uint32_t *dist,
                       void *scratch) {
  scalar_kernel(4, q, base, n, cand, cnt, dist, scratch);
}

#if TM_X86
/* ----- AVX2: 4 texts in the 64-bit lanes, peq rows loaded by scalar byte loads (any query) ----- */

AVX2_FN INLINE void avx2_step1(__m256i eq, __m256i *pv, __m256i *mv) {
  const __m256i ones = _mm256_set1_epi64x(-1), one = _mm256_set1_epi64x(1);
  __m256i P = *pv, M = *mv, xv = _mm256_or_si256(eq, M);
  __m256i xh = _mm256_or_si256(_mm256_xor_si256(_mm256_add_epi64(_mm256_and_si256(eq, P), P), P), eq);
  __m256i ph = _mm256_or_si256(M, _mm256_xor_si256(_mm256_or_si256(xh, P), ones)), mh = _mm256_and_si256(P, xh);
  ph = _mm256_or_si256(_mm256_slli_epi64(ph, 1), one);
  mh = _mm256_slli_epi64(mh, 1);
  *pv = _mm256_or_si256(mh, _mm256_xor_si256(_mm256_or_si256(xv, ph), ones));
  *mv = _mm256_and_si256(ph, xv);
}

AVX2_FN INLINE void avx2_stepb(__m256i eq, __m256i *pv, __m256i *mv, __m256i *hp, __m256i *hn) {
  const __m256i ones = _mm256_set1_epi64x(-1);
  __m256i P = *pv, M = *mv, xv = _mm256_or_si256(eq, M);
  eq = _mm256_or_si256(eq, *hn);
  __m256i xh = _mm256_or_si256(_mm256_xor_si256(_mm256_add_epi64(_mm256_and_si256(eq, P), P), P), eq);
  __m256i ph = _mm256_or_si256(M, _mm256_xor_si256(_mm256_or_si256(xh, P), ones)), mh = _mm256_and_si256(P, xh);
  __m256i op = _mm256_srli_epi64(ph, 63), on = _mm256_srli_epi64(mh, 63);
  ph = _mm256_or_si256(_mm256_slli_epi64(ph, 1), *hp);
  mh = _mm256_or_si256(_mm256_slli_epi64(mh, 1), *hn);
  *pv = _mm256_or_si256(mh, _mm256_xor_si256(_mm256_or_si256(xv, ph), ones));
  *mv = _mm256_and_si256(ph, xv);
  *hp = op;
  *hn = on;
}

/** G groups of 4 texts (one-word query), interleaved to hide the step's latency. */
AVX2_FN INLINE void avx2_w1(const int G, const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t *dist) {
  const uint64_t *peq8 = q->peq8;
  const uint8_t *t[8];
  __m256i pv[2], mv[2];
  for (int l = 0; l < 4 * G; l++) t[l] = base + (size_t)cand[l] * n;
  for (int g = 0; g < G; g++) pv[g] = _mm256_set1_epi64x(-1), mv[g] = _mm256_setzero_si256();
  for (uint32_t j = 0; j < n; j++) {
#pragma GCC unroll 2
    for (int g = 0; g < G; g++) {
      const uint8_t *const *u = t + 4 * g;
      __m256i eq = _mm256_set_epi64x((long long)peq8[u[3][j]], (long long)peq8[u[2][j]], (long long)peq8[u[1][j]],
                                     (long long)peq8[u[0][j]]);
      avx2_step1(eq, &pv[g], &mv[g]);
    }
  }
  for (int g = 0; g < G; g++) {
    uint64_t P[4], M[4];
    _mm256_storeu_si256((__m256i *)P, pv[g]);
    _mm256_storeu_si256((__m256i *)M, mv[g]);
    for (int l = 0; l < 4; l++) dist[4 * g + l] = finish(q, n, &P[l], &M[l], 1);
  }
}

/** 4 texts, multi-word query; the blocks of one column form a chain the CPU overlaps across columns. */
AVX2_FN INLINE void avx2_wn(const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t *dist, void *scratch) {
  const uint32_t W = q->W;
  const uint64_t *peq8 = q->peq8;
  const uint8_t *t0 = base + (size_t)cand[0] * n, *t1 = base + (size_t)cand[1] * n;
  const uint8_t *t2 = base + (size_t)cand[2] * n, *t3 = base + (size_t)cand[3] * n;
  __m256i *pv = scratch, *mv = pv + W;
  for (uint32_t b = 0; b < W; b++) pv[b] = _mm256_set1_epi64x(-1), mv[b] = _mm256_setzero_si256();
  for (uint32_t j = 0; j < n; j++) {
    const uint64_t *r0 = peq8 + (size_t)t0[j] * W, *r1 = peq8 + (size_t)t1[j] * W;
    const uint64_t *r2 = peq8 + (size_t)t2[j] * W, *r3 = peq8 + (size_t)t3[j] * W;
    __m256i hp = _mm256_set1_epi64x(1), hn = _mm256_setzero_si256();
    for (uint32_t b = 0; b < W; b++) {
      __m256i eq = _mm256_set_epi64x((long long)r3[b], (long long)r2[b], (long long)r1[b], (long long)r0[b]);
      avx2_stepb(eq, &pv[b], &mv[b], &hp, &hn);
    }
  }
  uint64_t *P = (uint64_t *)pv, *M = (uint64_t *)mv; // lane l of word b at [4b + l]
  for (int l = 0; l < 4; l++) dist[l] = finish(q, n, P + l, M + l, 4);
}

AVX2_FN static void avx2_u8(const Query *q, const uint8_t *base, uint32_t n, uint32_t *cand, uint32_t cnt, uint32_t *dist,
                            void *scratch) {
  for (uint32_t i = cnt; i % 8; i++) cand[i] = cand[cnt - 1]; // full groups; the copies' results are ignored
  uint32_t i = 0;
  if (q->W == 1) {
    for (; i + 8 <= cnt; i += 8) avx2_w1(2, q, base, n, cand + i, dist + i);
    for (; i < cnt; i += 4) avx2_w1(1, q, base, n, cand + i, dist + i);
  } else {
    for (; i < cnt; i += 4) avx2_wn(q, base, n, cand + i, dist + i, scratch);
  }
}

/* ----- AVX-512: 8 texts in the 64-bit lanes; every 8 columns one qword gather per lane fetches  */
/* 8 byte symbols, a byte permute maps them to compact query symbols, and each column's peq      */
/* words come from tables held in registers (permutex2var over 16 entries, blends for more).     */

AVX512_FN INLINE __m512i lookup512(const int P, const __m512i *T, __m512i idx) {
  __m512i a = _mm512_permutex2var_epi64(T[0], idx, T[1]); // index bits 0-3; bits above are ignored
  if (P == 1) return a;
  __m512i b = _mm512_permutex2var_epi64(T[2], idx, T[3]);
  __mmask8 bit4 = _mm512_test_epi64_mask(idx, _mm512_set1_epi64(16));
  if (P == 2) return _mm512_mask_blend_epi64(bit4, a, b);
  __m512i c = _mm512_permutex2var_epi64(T[4], idx, T[5]), d = _mm512_permutex2var_epi64(T[6], idx, T[7]);
  __mmask8 bit5 = _mm512_test_epi64_mask(idx, _mm512_set1_epi64(32));
  return _mm512_mask_blend_epi64(bit5, _mm512_mask_blend_epi64(bit4, a, b), _mm512_mask_blend_epi64(bit4, c, d));
}

AVX512_FN INLINE __m512i map_bytes(__m512i raw, const __m512i *M) {
  __m512i lo = _mm512_permutex2var_epi8(M[0], raw, M[1]), hi = _mm512_permutex2var_epi8(M[2], raw, M[3]);
  return _mm512_mask_blend_epi8(_mm512_movepi8_mask(raw), lo, hi);
}

AVX512_FN INLINE void avx512_step1(__m512i eq, __m512i *pv, __m512i *mv) {
  const __m512i one = _mm512_set1_epi64(1);
  __m512i P = *pv, M = *mv, xv = _mm512_or_si512(eq, M);
  __m512i xh = _mm512_ternarylogic_epi64(_mm512_add_epi64(_mm512_and_si512(eq, P), P), P, eq, 0xBE); // (a^b)|c
  __m512i ph = _mm512_ternarylogic_epi64(M, xh, P, 0xF1), mh = _mm512_and_si512(P, xh);            // a|~(b|c)
  ph = _mm512_or_si512(_mm512_slli_epi64(ph, 1), one);
  mh = _mm512_slli_epi64(mh, 1);
  *pv = _mm512_ternarylogic_epi64(mh, xv, ph, 0xF1);
  *mv = _mm512_and_si512(ph, xv);
}

AVX512_FN INLINE void avx512_stepb(__m512i eq, __m512i *pv, __m512i *mv, __m512i *hp, __m512i *hn) {
  __m512i P = *pv, M = *mv, xv = _mm512_or_si512(eq, M);
  eq = _mm512_or_si512(eq, *hn);
  __m512i xh = _mm512_ternarylogic_epi64(_mm512_add_epi64(_mm512_and_si512(eq, P), P), P, eq, 0xBE);
  __m512i ph = _mm512_ternarylogic_epi64(M, xh, P, 0xF1), mh = _mm512_and_si512(P, xh);
  __m512i op = _mm512_srli_epi64(ph, 63), on = _mm512_srli_epi64(mh, 63);
  ph = _mm512_or_si512(_mm512_slli_epi64(ph, 1), *hp);
  mh = _mm512_or_si512(_mm512_slli_epi64(mh, 1), *hn);
  *pv = _mm512_ternarylogic_epi64(mh, xv, ph, 0xF1);
  *mv = _mm512_and_si512(ph, xv);
  *hp = op;
  *hn = on;
}

AVX512_FN INLINE void avx512_offsets(const uint32_t *cand, uint32_t n, __m512i *off) {
  uint64_t o[8];
  for (int l = 0; l < 8; l++) o[l] = (uint64_t)cand[l] * n;
  *off = _mm512_loadu_si512(o);
}

/** G groups of 8 texts, one-word query, P table pairs. */
AVX512_FN INLINE void avx512_w1(const int P, const int G, const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand,
                                uint32_t *dist) {
  __m512i T[8], M[4], off[2], pv[2], mv[2], cv[2];
  for (int p = 0; p < 2 * P; p++) T[p] = _mm512_loadu_si512(q->tab512 + 8 * p);
  for (int i = 0; i < 4; i++) M[i] = _mm512_loadu_si512(q->map8 + 64 * i);
  for (int g = 0; g < G; g++) {
    avx512_offsets(cand + 8 * g, n, &off[g]);
    pv[g] = _mm512_set1_epi64(-1);
    mv[g] = _mm512_setzero_si512();
  }
  const __m512i eight = _mm512_set1_epi64(8);
  __m512i raw[2];
  if (n)
    for (int g = 0; g < G; g++) raw[g] = _mm512_i64gather_epi64(off[g], (const void *)base, 1);
  uint32_t j = 0;
  // Full blocks of 8 columns have a constant trip count, so the state stays in registers. The
  // next block's gather is issued one block ahead: its latency would otherwise stall every block.
  for (; j + 8 <= n; j += 8) {
    for (int g = 0; g < G; g++) {
      cv[g] = map_bytes(raw[g], M);
      off[g] = _mm512_add_epi64(off[g], eight);
    }
    if (j + 8 < n)
      for (int g = 0; g < G; g++) raw[g] = _mm512_i64gather_epi64(off[g], (const void *)base, 1);
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) {
#pragma GCC unroll 2
      for (int g = 0; g < G; g++) {
        avx512_step1(lookup512(P, T, cv[g]), &pv[g], &mv[g]);
        cv[g] = _mm512_srli_epi64(cv[g], 8); // the next column's symbol into the low byte
      }
    }
  }
  if (j < n) {
    for (int g = 0; g < G; g++) cv[g] = map_bytes(raw[g], M);
    for (; j < n; j++) {
#pragma GCC unroll 2
      for (int g = 0; g < G; g++) {
        avx512_step1(lookup512(P, T, cv[g]), &pv[g], &mv[g]);
        cv[g] = _mm512_srli_epi64(cv[g], 8);
      }
    }
  }
  for (int g = 0; g < G; g++) {
    uint64_t Pv[8], Mv[8];
    _mm512_storeu_si512(Pv, pv[g]);
    _mm512_storeu_si512(Mv, mv[g]);
    for (int l = 0; l < 8; l++) dist[8 * g + l] = finish(q, n, &Pv[l], &Mv[l], 1);
  }
}

/**
 * G groups of 8 texts, multi-word query, the state in `scratch`: queries over 256 code points
 * (shorter ones take avx512_dn).
 */
AVX512_FN INLINE void avx512_wn(const int P, const int G, const Query *q, const uint8_t *base, uint32_t n, uint64_t k,
                                const uint32_t *cand, uint32_t *dist, void *scratch) {
  const uint32_t W = q->W, E = 16 * (uint32_t)P;
  // Only distances up to k matter (larger ones are dropped, whatever their value): a path of cost
  // <= k through cell (i, j) has |t| + |m - n - t| <= k on its diagonal t = i - j, so column j
  // needs the rows j + tlo .. j + thi only (Ukkonen's band), and the blocks outside them are
  // skipped. A block above the band keeps its last vertical deltas and the block below it takes
  // +1 steps from it; a block below the band starts from the initial +1 column when it enters.
  // Both only overestimate cells that no path of cost <= k uses, so a distance <= k is exact and
  // a larger one stays larger than k (the sum of every block's deltas in finish() telescopes).
  const int64_t delta = (int64_t)q->m - (int64_t)n, kk = k < (uint64_t)q->m + n ? (int64_t)k : (int64_t)(q->m + n);
  const int64_t tlo = -((kk - delta) / 2), thi = (kk + delta) / 2; // |delta| <= k in the window
  const uint32_t lastb = W - 1;
  __m512i M[4], off[2], cv[2], raw[2];
  __m512i *pv = scratch, *mv = pv + (size_t)G * W; // group g, word b at [g*W + b]
  for (int i = 0; i < 4; i++) M[i] = _mm512_loadu_si512(q->map8 + 64 * i);
  for (int g = 0; g < G; g++) {
    avx512_offsets(cand + 8 * g, n, &off[g]);
#pragma GCC unroll 2
    for (uint32_t b = 0; b < W; b++) pv[g * W + b] = _mm512_set1_epi64(-1), mv[g * W + b] = _mm512_setzero_si512();
  }
  const __m512i eight = _mm512_set1_epi64(8), one = _mm512_set1_epi64(1), zero = _mm512_setzero_si512();
  if (n)
    for (int g = 0; g < G; g++) raw[g] = _mm512_i64gather_epi64(off[g], (const void *)base, 1);
  for (uint32_t j = 0; j < n; j += 8) {
    for (int g = 0; g < G; g++) {
      cv[g] = map_bytes(raw[g], M);
      off[g] = _mm512_add_epi64(off[g], eight);
    }
    if (j + 8 < n) // one block ahead, as in avx512_w1
      for (int g = 0; g < G; g++) raw[g] = _mm512_i64gather_epi64(off[g], (const void *)base, 1);
    const uint32_t steps = n - j < 8 ? n - j : 8;
    for (uint32_t s = 0; s < steps; s++) {
      const int64_t col = (int64_t)(j + s) + 1, top = col + tlo, bottom = col + thi;
      const uint32_t first = top <= 0 ? 0 : (uint32_t)((top - 1) / 64);
      const uint32_t last = (uint64_t)(bottom - 1) / 64 < lastb ? (uint32_t)((bottom - 1) / 64) : lastb;
      __m512i hp[2], hn[2];
      for (int g = 0; g < G; g++) hp[g] = one, hn[g] = zero;
#pragma GCC unroll 4
      for (uint32_t b = 0; b < W; b++) {
        if (b < first || b > last) continue;
        const __m512i *T = (const __m512i *)(q->tab512 + (size_t)b * E); // 64-byte aligned, read in place
#pragma GCC unroll 2
        for (int g = 0; g < G; g++) avx512_stepb(lookup512(P, T, cv[g]), &pv[g * W + b], &mv[g * W + b], &hp[g], &hn[g]);
      }
      for (int g = 0; g < G; g++) cv[g] = _mm512_srli_epi64(cv[g], 8);
    }
  }
  for (int g = 0; g < G; g++) {
    const uint64_t *SP = (const uint64_t *)(pv + (size_t)g * W), *SM = (const uint64_t *)(mv + (size_t)g * W);
    for (int l = 0; l < 8; l++) dist[8 * g + l] = finish(q, n, SP + l, SM + l, 8);
  }
}

AVX512_FN INLINE void avx512_step32(__m512i eq, __m512i *pv, __m512i *mv) {
  const __m512i one = _mm512_set1_epi32(1);
  __m512i P = *pv, M = *mv, xv = _mm512_or_si512(eq, M);
  __m512i xh = _mm512_ternarylogic_epi32(_mm512_add_epi32(_mm512_and_si512(eq, P), P), P, eq, 0xBE);
  __m512i ph = _mm512_ternarylogic_epi32(M, xh, P, 0xF1), mh = _mm512_and_si512(P, xh);
  ph = _mm512_or_si512(_mm512_slli_epi32(ph, 1), one);
  mh = _mm512_slli_epi32(mh, 1);
  *pv = _mm512_ternarylogic_epi32(mh, xv, ph, 0xF1);
  *mv = _mm512_and_si512(ph, xv);
}

/**
 * Queries of at most 32 code points with at most 31 distinct byte symbols: 16 texts in 32-bit
 * lanes, twice the texts of avx512_w1 for the same instructions, and the 32-entry table fits one
 * permutex2var. Two qword gathers fetch 8 symbols of 16 lanes; a dword permute splits them into
 * the symbols 0-3 and 4-7 of each lane.
 */
AVX512_FN INLINE void avx512_d1(const int G, const Query *q, const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t *dist) {
  const __m512i T0 = _mm512_loadu_si512(q->tab32), T1 = _mm512_loadu_si512(q->tab32 + 16);
  const __m512i evens = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i odds = _mm512_add_epi32(evens, _mm512_set1_epi32(1)), eight = _mm512_set1_epi64(8);
  __m512i M[4], offA[2], offB[2], rawA[2], rawB[2], lo[2], hi[2], pv[2], mv[2];
  for (int i = 0; i < 4; i++) M[i] = _mm512_loadu_si512(q->map8 + 64 * i);
  for (int g = 0; g < G; g++) {
    avx512_offsets(cand + 16 * g, n, &offA[g]);
    avx512_offsets(cand + 16 * g + 8, n, &offB[g]);
    pv[g] = _mm512_set1_epi32(-1);
    mv[g] = _mm512_setzero_si512();
    if (n) {
      rawA[g] = _mm512_i64gather_epi64(offA[g], (const void *)base, 1);
      rawB[g] = _mm512_i64gather_epi64(offB[g], (const void *)base, 1);
    }
  }
  uint32_t j = 0;
  for (; j + 8 <= n; j += 8) {
    for (int g = 0; g < G; g++) {
      __m512i a = map_bytes(rawA[g], M), b = map_bytes(rawB[g], M);
      lo[g] = _mm512_permutex2var_epi32(a, evens, b); // lane l: symbols j..j+3
      hi[g] = _mm512_permutex2var_epi32(a, odds, b);  // symbols j+4..j+7
      offA[g] = _mm512_add_epi64(offA[g], eight);
      offB[g] = _mm512_add_epi64(offB[g], eight);
    }
    if (j + 8 < n)
      for (int g = 0; g < G; g++) {
        rawA[g] = _mm512_i64gather_epi64(offA[g], (const void *)base, 1);
        rawB[g] = _mm512_i64gather_epi64(offB[g], (const void *)base, 1);
      }
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
#pragma GCC unroll 2
      for (int g = 0; g < G; g++) {
        avx512_step32(_mm512_permutex2var_epi32(T0, lo[g], T1), &pv[g], &mv[g]); // index bits 0-4
        lo[g] = _mm512_srli_epi32(lo[g], 8);
      }
    }
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
#pragma GCC unroll 2
      for (int g = 0; g < G; g++) {
        avx512_step32(_mm512_permutex2var_epi32(T0, hi[g], T1), &pv[g], &mv[g]);
        hi[g] = _mm512_srli_epi32(hi[g], 8);
      }
    }
  }
  if (j < n) {
    for (int g = 0; g < G; g++) {
      __m512i a = map_bytes(rawA[g], M), b = map_bytes(rawB[g], M);
      lo[g] = _mm512_permutex2var_epi32(a, evens, b);
      hi[g] = _mm512_permutex2var_epi32(a, odds, b);
    }
    for (uint32_t k = 0; j < n; j++, k++) {
      for (int g = 0; g < G; g++) {
        __m512i *cv = k < 4 ? &lo[g] : &hi[g];
        avx512_step32(_mm512_permutex2var_epi32(T0, *cv, T1), &pv[g], &mv[g]);
        *cv = _mm512_srli_epi32(*cv, 8);
      }
    }
  }
  const uint32_t mask = (uint32_t)q->lastmask;
  for (int g = 0; g < G; g++) {
    uint32_t Pv[16], Mv[16];
    _mm512_storeu_si512(Pv, pv[g]);
    _mm512_storeu_si512(Mv, mv[g]);
    for (int l = 0; l < 16; l++) dist[16 * g + l] = n + __builtin_popcount(Pv[l] & mask) - __builtin_popcount(Mv[l] & mask);
  }
}

AVX512_FN INLINE void avx512_stepd(__m512i eq, __m512i *pv, __m512i *mv, __m512i *hp, __m512i *hn) {
  __m512i P = *pv, M = *mv, xv = _mm512_or_si512(eq, M);
  eq = _mm512_or_si512(eq, *hn);
  __m512i xh = _mm512_ternarylogic_epi32(_mm512_add_epi32(_mm512_and_si512(eq, P), P), P, eq, 0xBE);
  __m512i ph = _mm512_ternarylogic_epi32(M, xh, P, 0xF1), mh = _mm512_and_si512(P, xh);
  __m512i op = _mm512_srli_epi32(ph, 31), on = _mm512_srli_epi32(mh, 31);
  ph = _mm512_or_si512(_mm512_slli_epi32(ph, 1), *hp);
  mh = _mm512_or_si512(_mm512_slli_epi32(mh, 1), *hn);
  *pv = _mm512_ternarylogic_epi32(mh, xv, ph, 0xF1);
  *mv = _mm512_and_si512(ph, xv);
  *hp = op;
  *hn = on;
}

/** The 32-bit peq words of one block: P pairs of 16-entry tables, index bits 0-4 (and 5). */
AVX512_FN INLINE __m512i lookup32(const int P, const uint32_t *T, __m512i idx) {
  __m512i a = _mm512_permutex2var_epi32(_mm512_load_si512(T), idx, _mm512_load_si512(T + 16));
  if (P == 1) return a;
  __m512i b = _mm512_permutex2var_epi32(_mm512_load_si512(T + 32), idx, _mm512_load_si512(T + 48));
  return _mm512_mask_blend_epi32(_mm512_test_epi32_mask(idx, _mm512_set1_epi32(32)), a, b);
}

/** Per 32-bit lane, the sum of the vertical deltas of rows 1..r: popcount(pv) - popcount(mv). */
AVX512_FN INLINE __m512i rows_sum32(const uint32_t W, const __m512i *pv, const __m512i *mv, int64_t r) {
  const __m512i lut = _mm512_broadcast_i32x4(_mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4));
  const __m512i low4 = _mm512_set1_epi8(0x0F);
  __m512i acc = _mm512_setzero_si512(); // per byte, within [-64, 64] for 8 words
  for (uint32_t b = 0; b < W && 32 * (int64_t)b < r; b++) {
    const int64_t rest = r - 32 * (int64_t)b;
    const __m512i mask = _mm512_set1_epi32(rest >= 32 ? -1 : (int)((1u << rest) - 1));
    const __m512i x = _mm512_and_si512(pv[b], mask), y = _mm512_and_si512(mv[b], mask);
    const __m512i cx = _mm512_add_epi8(_mm512_shuffle_epi8(lut, _mm512_and_si512(x, low4)),
                                       _mm512_shuffle_epi8(lut, _mm512_and_si512(_mm512_srli_epi16(x, 4), low4)));
    const __m512i cy = _mm512_add_epi8(_mm512_shuffle_epi8(lut, _mm512_and_si512(y, low4)),
                                       _mm512_shuffle_epi8(lut, _mm512_and_si512(_mm512_srli_epi16(y, 4), low4)));
    acc = _mm512_add_epi8(acc, _mm512_sub_epi8(cx, cy));
  }
  return _mm512_madd_epi16(_mm512_maddubs_epi16(_mm512_set1_epi8(1), acc), _mm512_set1_epi16(1)); // 4 bytes to 32 bits
}

/**
 * G groups of 16 texts in 32-bit lanes, queries of 33-256 code points in WC blocks of 32 rows (2
 * to 8) and at most 63 distinct byte symbols. Blocks of 32 rows follow Ukkonen's band (see
 * avx512_wn, same argument) twice as closely as blocks of 64, and 16 lanes do the work of 8 for
 * the same instructions. The symbols come in as in avx512_d1.
 *
 * Early stop: values never decrease along a diagonal, so the cell (j + m - n, j) of the diagonal
 * through the end bounds the distance from below; a path of cost <= k to it stays in the band, so
 * where its value here is <= k it is exact. Once it exceeds k in every lane of the call, every
 * distance does: the texts' remaining columns are skipped and k + 1 stands for their distances.
 */
AVX512_FN INLINE void avx512_dn(const int P, const int G, const uint32_t WC, const Query *q, const uint8_t *base, uint32_t n,
                                uint64_t k, const uint32_t *cand, uint32_t *dist) {
  const uint32_t W = WC, E = 32 * (uint32_t)P, lastb = WC - 1;
  const int64_t m = q->m, delta = m - (int64_t)n, kk = k < (uint64_t)(m + n) ? (int64_t)k : m + (int64_t)n;
  const int64_t tlo = -((kk - delta) / 2), thi = (kk + delta) / 2; // |delta| <= k in the window
  // the diagonal's cell in column j is at most max(delta, 0) + j: no use checking it before `from`
  const int64_t from = k < (uint64_t)(m + n) ? (delta > 0 ? kk - delta : kk) : INT64_MAX;
  const __m512i evens = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i odds = _mm512_add_epi32(evens, _mm512_set1_epi32(1)), eight = _mm512_set1_epi64(8);
  const __m512i one = _mm512_set1_epi32(1), zero = _mm512_setzero_si512();
  __m512i M[4], offA[2], offB[2], rawA[2], rawB[2], lo[2], hi[2], cur[2], pv[2 * 8], mv[2 * 8]; // group g, word b at [g*W + b]
  for (int i = 0; i < 4; i++) M[i] = _mm512_loadu_si512(q->map8 + 64 * i);
  for (int g = 0; g < G; g++) {
    avx512_offsets(cand + 16 * g, n, &offA[g]);
    avx512_offsets(cand + 16 * g + 8, n, &offB[g]);
#pragma GCC unroll 8
    for (uint32_t b = 0; b < W; b++) pv[g * W + b] = _mm512_set1_epi32(-1), mv[g * W + b] = zero;
    if (n) {
      rawA[g] = _mm512_i64gather_epi64(offA[g], (const void *)base, 1);
      rawB[g] = _mm512_i64gather_epi64(offB[g], (const void *)base, 1);
    }
  }
  for (uint32_t j = 0; j < n; j += 8) {
    for (int g = 0; g < G; g++) {
      __m512i a = map_bytes(rawA[g], M), b = map_bytes(rawB[g], M);
      lo[g] = _mm512_permutex2var_epi32(a, evens, b); // lane l: symbols j..j+3
      hi[g] = _mm512_permutex2var_epi32(a, odds, b);  // symbols j+4..j+7
      offA[g] = _mm512_add_epi64(offA[g], eight);
      offB[g] = _mm512_add_epi64(offB[g], eight);
      cur[g] = lo[g];
    }
    if (j + 8 < n) // one block ahead, as in avx512_w1
      for (int g = 0; g < G; g++) {
        rawA[g] = _mm512_i64gather_epi64(offA[g], (const void *)base, 1);
        rawB[g] = _mm512_i64gather_epi64(offB[g], (const void *)base, 1);
      }
    const uint32_t steps = n - j < 8 ? n - j : 8;
    for (uint32_t s = 0; s < steps; s++) {
      if (s == 4)
        for (int g = 0; g < G; g++) cur[g] = hi[g];
      const int64_t col = (int64_t)(j + s) + 1, top = col + tlo, bottom = col + thi;
      const uint32_t first = top <= 0 ? 0 : (uint32_t)((top - 1) / 32);
      const uint32_t last = (uint64_t)(bottom - 1) / 32 < lastb ? (uint32_t)((bottom - 1) / 32) : lastb;
      __m512i hp[2], hn[2];
      for (int g = 0; g < G; g++) hp[g] = one, hn[g] = zero;
#pragma GCC unroll 8
      for (uint32_t b = 0; b < W; b++) {
        if (b < first || b > last) continue;
        const uint32_t *T = q->tab32w + (size_t)b * E; // 64-byte aligned, read in place
#pragma GCC unroll 2
        for (int g = 0; g < G; g++) avx512_stepd(lookup32(P, T, cur[g]), &pv[g * W + b], &mv[g * W + b], &hp[g], &hn[g]);
      }
      for (int g = 0; g < G; g++) cur[g] = _mm512_srli_epi32(cur[g], 8); // the next column's symbol into the low byte
    }
    const int64_t done = (int64_t)j + steps; // columns so far; the diagonal's cell is in row done + delta
    if (done > from && done < (int64_t)n) {
      const __m512i limit = _mm512_set1_epi32((int)(kk - done)); // done + sum > kk
      __mmask16 over = 0xFFFF;
      for (int g = 0; g < G; g++) over &= _mm512_cmpgt_epi32_mask(rows_sum32(W, pv + g * W, mv + g * W, done + delta), limit);
      if (over == 0xFFFF) {
        for (int l = 0; l < 16 * G; l++) dist[l] = (uint32_t)kk + 1;
        return;
      }
    }
  }
  const __m512i nv = _mm512_set1_epi32((int)n);
  for (int g = 0; g < G; g++) _mm512_storeu_si512(dist + 16 * g, _mm512_add_epi32(nv, rows_sum32(W, pv + g * W, mv + g * W, m)));
}

/** Prefetches the texts of the next groups: their first gather would otherwise stall on memory. */
INLINE void prefetch_texts(const uint8_t *base, uint32_t n, const uint32_t *cand, uint32_t from, uint32_t to) {
  for (uint32_t i = from; i < to; i++) {
    const char *t = (const char *)base + (size_t)cand[i] * n;
    __builtin_prefetch(t);
    if (n > 1) __builtin_prefetch(t + n - 1);
  }
}

/** Every group of 16 candidates prefetches the texts of the group after next. */
#define AVX512_LOOP(CALL16, CALL8)                                                                   \
  do {                                                                                               \
    prefetch_texts(base, n, cand, 0, cnt < 32 ? cnt : 32);                                           \
    for (; i + 16 <= cnt; i += 16) {                                                                 \
      prefetch_texts(base, n, cand, i + 32 < cnt ? i + 32 : cnt, i + 48 < cnt ? i + 48 : cnt);       \
      CALL16;                                                                                        \
    }                                                                                                \
    for (; i < cnt; i += 8) CALL8;                                                                   \
  } while (0)

#define AVX512_RUN(P)                                                                                                \
  do {                                                                                                               \
    if (q->W == 1)                                                                                                   \
      AVX512_LOOP(avx512_w1(P, 2, q, base, n, cand + i, dist + i), avx512_w1(P, 1, q, base, n, cand + i, dist + i)); \
    else                                                                                                             \
      AVX512_LOOP(avx512_wn(P, 2, q, base, n, k, cand + i, dist + i, scratch),                                       \
                  avx512_wn(P, 1, q, base, n, k, cand + i, dist + i, scratch));                                      \
  } while (0)

/** Pairs of 16-text groups in 32-bit lanes, then one group for the rest. */
#define AVX512_DN(P, WC)                                                                       \
  do {                                                                                         \
    prefetch_texts(base, n, cand, 0, cnt < 64 ? cnt : 64);                                     \
    for (; i + 32 <= cnt; i += 32) {                                                           \
      prefetch_texts(base, n, cand, i + 64 < cnt ? i + 64 : cnt, i + 96 < cnt ? i + 96 : cnt); \
      avx512_dn(P, 2, WC, q, base, n, k, cand + i, dist + i);                                  \
    }                                                                                          \
    for (; i < cnt; i += 16) {                                                                 \
      prefetch_texts(base, n, cand, i + 32 < cnt ? i + 32 : cnt, i + 48 < cnt ? i + 48 : cnt); \
      avx512_dn(P, 1, WC, q, base, n, k, cand + i, dist + i);                                  \
    }                                                                                          \
  } while (0)

#define AVX512_DN_P(P)                                                                         \
  do {                                                                                         \
    switch (q->W32) {                                                                          \
    case 2: AVX512_DN(P, 2); break;                                                            \
    case 3: AVX512_DN(P, 3); break;                                                            \
    case 4: AVX512_DN(P, 4); break;                                                            \
    case 5: AVX512_DN(P, 5); break;                                                            \
    case 6: AVX512_DN(P, 6); break;                                                            \
    case 7: AVX512_DN(P, 7); break;                                                            \
    default: AVX512_DN(P, 8); break;                                                           \
    }                                                                                          \
  } while (0)

/** Distances of the candidates; those above k only need to come out above k (the band of avx512_wn). */
AVX512_FN static void avx512_u8(const Query *q, const uint8_t *base, uint32_t n, uint64_t k, uint32_t *cand, uint32_t cnt,
                                uint32_t *dist, void *scratch) {
  uint32_t i = 0;
  if (q->tab32w) { // 33-256 code points
    for (uint32_t x = cnt; x % 16; x++) cand[x] = cand[cnt - 1]; // full groups; the copies' results are ignored
    if (q->P32 == 1) AVX512_DN_P(1);
    else AVX512_DN_P(2);
    return;
  }
  if (q->m <= 32 && q->knarrow <= 31) {
    for (uint32_t x = cnt; x % 16; x++) cand[x] = cand[cnt - 1]; // full groups; the copies' results are ignored
    prefetch_texts(base, n, cand, 0, cnt < 64 ? cnt : 64);
    for (; i + 32 <= cnt; i += 32) {
      prefetch_texts(base, n, cand, i + 64 < cnt ? i + 64 : cnt, i + 96 < cnt ? i + 96 : cnt);
      avx512_d1(2, q, base, n, cand + i, dist + i);
    }
    for (; i < cnt; i += 16) avx512_d1(1, q, base, n, cand + i, dist + i);
    return;
  }
  for (uint32_t x = cnt; x % 8; x++) cand[x] = cand[cnt - 1]; // full groups; the copies' results are ignored
  if (q->P == 1) AVX512_RUN(1);
  else if (q->P == 2) AVX512_RUN(2);
  else AVX512_RUN(4);
}
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Search                                                                                          */
/* ---------------------------------------------------------------------------------------------- */

typedef struct {
  uint32_t bucket, len, start, end;
  int tier;
} Chunk;

typedef struct {
  uint8_t id[16];
  uint8_t sim;
} Hit;

typedef struct {
  const Index *ix;
  Query q;
  int s, simd;
  bool prefilter;
  uint64_t limit;
  Chunk *chunks;
  uint32_t nchunks;
  atomic_uint next;
  atomic_int cut; // max(s, the limit-th best similarity found so far): nothing below it can rank
  atomic_ullong hist[101];
} Search;

typedef struct {
  Search *S;
  Hit *hits;
  size_t nhits, cap;
  uint32_t *cand, *dist;
  void *scratch;
  bool oom;
  pthread_t tid;
} Worker;

INLINE bool in_window(uint64_t m, uint64_t n, int t) {
  if (t >= 100) return n == m;
  uint64_t L = m > n ? m : n, diff = m > n ? m - n : n - m;
  return 200 * diff <= L * (uint64_t)(201 - 2 * t);
}

INLINE int similarity(uint64_t d, uint64_t L) {
  if (d == 0) return 100;
  uint64_t v = (200 * (L - d) + L) / (2 * L);
  return v > 99 ? 99 : (int)v;
}

/** sim >= t <=> d <= k (or d == 0), for texts whose longer length is L. */
INLINE uint64_t max_distance(uint64_t L, int t) { return t >= 100 ? 0 : L * (uint64_t)(201 - 2 * t) / 200; }

/**
 * Entries start..end of one tier of the bucket of length n: the pre-filter keeps those that may be
 * within k edits (their slots into `cand`), the kernel of the path puts their distances in `dist`.
 * Returns how many; `cand` and `dist` need room for end - start + 32.
 */
static uint32_t verify(int simd, bool prefilter, const Query *q, const Tier *tr, int tier, uint32_t n, uint32_t start, uint32_t end,
                       uint64_t k, uint32_t *cand, uint32_t *dist, void *scratch) {
  uint32_t cnt;
  (void)simd;
  if (prefilter) {
#if TM_X86
    if (simd == SIMD_AVX512) cnt = filter_avx512(tr->counts, start, end, q->qnib, k, cand);
    else
#endif
      cnt = filter_scalar(tr->counts, start, end, q->qnib, k, cand);
  } else {
    cnt = end - start;
    for (uint32_t i = 0; i < cnt; i++) cand[i] = start + i;
  }
  if (!cnt) return 0;
  if (tier == 0) {
#if TM_X86
    if (simd == SIMD_AVX512 && q->P) avx512_u8(q, tr->text, n, k, cand, cnt, dist, scratch);
    else if (simd >= SIMD_AVX2) avx2_u8(q, tr->text, n, cand, cnt, dist, scratch);
    else
#endif
      scalar_u8(q, tr->text, n, cand, cnt, dist, scratch);
  } else if (tier == 1) {
    scalar_u16(q, tr->text, n, cand, cnt, dist, scratch);
  } else {
    scalar_u32(q, tr->text, n, cand, cnt, dist, scratch);
  }
  return cnt;
}

static void raise_cut(Search *S) {
  uint64_t acc = 0;
  int t = 100;
  for (; t >= S->s; t--)
    if ((acc += atomic_load_explicit(&S->hist[t], memory_order_relaxed)) >= S->limit) break;
  if (t < S->s) return;
  int cur = atomic_load(&S->cut);
  while (t > cur && !atomic_compare_exchange_weak(&S->cut, &cur, t)) {
  }
}

static void run_chunk(Worker *w, const Chunk *ch) {
  Search *S = w->S;
  const Query *q = &S->q;
  const int t = atomic_load_explicit(&S->cut, memory_order_relaxed);
  const uint64_t m = q->m, n = ch->len, L = m > n ? m : n;
  if (!in_window(m, n, t)) return; // the cut rose since the chunk list was made
  const uint64_t k = max_distance(L, t);
  const Tier *tr = &S->ix->buckets[ch->bucket]->tier[ch->tier];
  uint32_t cnt = verify(S->simd, S->prefilter, q, tr, ch->tier, ch->len, ch->start, ch->end, k, w->cand, w->dist, w->scratch);
  if (!cnt) return;
  uint32_t local[101] = {0};
  bool any = false;
  for (uint32_t i = 0; i < cnt; i++) {
    if (w->dist[i] > k && w->dist[i] != 0) continue; // cheaper than the division of similarity()
    int sim = similarity(w->dist[i], L);
    if (sim < t) continue;
    if (w->nhits == w->cap) {
      size_t cap = w->cap ? w->cap * 2 : 256;
      Hit *h = realloc(w->hits, cap * sizeof(Hit));
      if (!h) {
        w->oom = true;
        return;
      }
      w->hits = h;
      w->cap = cap;
    }
    Hit *h = &w->hits[w->nhits++];
    memcpy(h->id, tr->ids + 16 * (size_t)w->cand[i], 16);
    h->sim = (uint8_t)sim;
    local[sim]++;
    any = true;
  }
  if (!any) return;
  for (int v = t; v <= 100; v++)
    if (local[v]) atomic_fetch_add_explicit(&S->hist[v], local[v], memory_order_relaxed);
  raise_cut(S);
}

static void *worker_main(void *arg) {
  Worker *w = arg;
  Search *S = w->S;
  for (;;) {
    uint32_t c = atomic_fetch_add_explicit(&S->next, 1, memory_order_relaxed);
    if (c >= S->nchunks || w->oom) break;
    run_chunk(w, &S->chunks[c]);
  }
  return NULL;
}

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  Index *ix;
  uint32_t *cps;
  uint32_t m;
  int s;
  uint64_t limit;
  int error; // 0, ERR_CLOSED, ERR_OOM
  uint8_t *out_ids;
  uint8_t *out_sims;
  size_t nout;
} SearchJob;

enum { ERR_CLOSED = 1, ERR_OOM = 2 };

static int cmp_hit(const void *a, const void *b) {
  const Hit *x = a, *y = b;
  if (x->sim != y->sim) return x->sim > y->sim ? -1 : 1;
  return memcmp(x->id, y->id, 16);
}

/** Runs under the read lock: prepares the query, lists the window's chunks nearest length first. */
static int search_locked(SearchJob *job) {
  const Index *ix = job->ix;
  Search S;
  memset(&S, 0, sizeof S);
  S.ix = ix;
  S.s = job->s;
  S.limit = job->limit;
  S.simd = ix->simd;
  S.prefilter = ix->prefilter;
  atomic_init(&S.next, 0);
  atomic_init(&S.cut, job->s);
  for (int i = 0; i <= 100; i++) atomic_init(&S.hist[i], 0);
  if (!query_prepare(&S.q, ix, job->cps, job->m, ix->simd)) return ERR_OOM;

  // Lengths by distance from the query's: near lengths hold the best matches, so the cut rises early.
  const uint64_t m = job->m, maxlen = ix->by_len_cap ? ix->by_len_cap - 1 : 0;
  size_t nchunks = 0, cap = 0;
  uint64_t chars = 0;
  bool up = true, down = true;
  for (uint64_t d = 0; up || down; d++) {
    for (int side = 0; side < 2; side++) {
      if (side == 1 && d == 0) continue;
      uint64_t n;
      if (side == 0) {
        if (!up || (n = m + d) > maxlen || !in_window(m, n, job->s)) {
          up = false;
          continue;
        }
      } else {
        if (!down || d > m || !in_window(m, n = m - d, job->s)) {
          down = false;
          continue;
        }
      }
      if (n >= ix->by_len_cap || !ix->by_len[n]) continue;
      uint32_t b = ix->by_len[n] - 1;
      uint64_t per = CHUNK_CHARS / (n ? n : 1);
      per = per < 64 ? 64 : per > CHUNK_MAX ? CHUNK_MAX : per;
      for (int t = 0; t < 3; t++) {
        uint32_t count = ix->buckets[b]->tier[t].count;
        chars += (uint64_t)count * n;
        for (uint32_t start = 0; start < count; start += (uint32_t)per) {
          if (nchunks == cap) {
            cap = cap ? cap * 2 : 256;
            Chunk *p = realloc(S.chunks, cap * sizeof(Chunk));
            if (!p) goto oom;
            S.chunks = p;
          }
          uint32_t end = count - start > per ? start + (uint32_t)per : count;
          S.chunks[nchunks++] = (Chunk){b, (uint32_t)n, start, end, t};
        }
      }
    }
  }
  S.nchunks = (uint32_t)nchunks;

  // Threads pay off only for real windows; the chunks are taken dynamically, so work balances.
  int nthreads = chars < 65536 ? 1 : ix->threads;
  if ((size_t)nthreads > nchunks) nthreads = nchunks ? (int)nchunks : 1;
  Worker *workers = calloc((size_t)nthreads, sizeof(Worker));
  if (!workers) goto oom;
  int started = 0, error = 0;
  for (int i = 0; i < nthreads; i++) {
    Worker *w = &workers[i];
    w->S = &S;
    w->cand = malloc((CHUNK_MAX + 32) * sizeof(uint32_t));
    w->dist = malloc((CHUNK_MAX + 32) * sizeof(uint32_t));
    w->scratch = aligned_alloc(64, (size_t)S.q.W * 256 + 256);
    if (!w->cand || !w->dist || !w->scratch) w->oom = true;
  }
  for (int i = 1; i < nthreads; i++, started++)
    if (pthread_create(&workers[i].tid, NULL, worker_main, &workers[i]) != 0) break;
  worker_main(&workers[0]);
  for (int i = 1; i <= started; i++) pthread_join(workers[i].tid, NULL);
  // a helper that could not start left its chunks to the others: worker 0 runs until none remain
  size_t total = 0;
  for (int i = 0; i < nthreads; i++) {
    if (workers[i].oom) error = ERR_OOM;
    total += workers[i].nhits;
  }
  Hit *all = error ? NULL : malloc((total ? total : 1) * sizeof(Hit));
  if (!all) error = ERR_OOM;
  if (!error) {
    size_t k = 0;
    for (int i = 0; i < nthreads; i++) {
      if (workers[i].nhits) memcpy(all + k, workers[i].hits, workers[i].nhits * sizeof(Hit));
      k += workers[i].nhits;
    }
    // every entry reaching the true limit-th best similarity was kept (the cut never exceeds it)
    qsort(all, total, sizeof(Hit), cmp_hit);
    size_t keep = total;
    if (total > job->limit) {
      uint8_t cut = all[job->limit - 1].sim;
      keep = job->limit;
      while (keep < total && all[keep].sim == cut) keep++;
    }
    job->out_ids = malloc(keep * 16 + 1);
    job->out_sims = malloc(keep + 1);
    if (!job->out_ids || !job->out_sims) error = ERR_OOM;
    else {
      for (size_t i = 0; i < keep; i++) {
        memcpy(job->out_ids + 16 * i, all[i].id, 16);
        job->out_sims[i] = all[i].sim;
      }
      job->nout = keep;
    }
  }
  free(all);
  for (int i = 0; i < nthreads; i++) {
    free(workers[i].hits);
    free(workers[i].cand);
    free(workers[i].dist);
    free(workers[i].scratch);
  }
  free(workers);
  free(S.chunks);
  query_free(&S.q);
  return error;
oom:
  free(S.chunks);
  query_free(&S.q);
  return ERR_OOM;
}

static void search_execute(napi_env env, void *data) {
  (void)env;
  SearchJob *job = data;
  Index *ix = job->ix;
  pthread_rwlock_rdlock(&ix->lock);
  job->error = ix->closed ? ERR_CLOSED : search_locked(job);
  pthread_rwlock_unlock(&ix->lock);
}

/* ---------------------------------------------------------------------------------------------- */
/* Band search: for many queries at once, the highest of a few thresholds that some entry reaches  */
/* (the leverage report's bands). One query per thread at a time, buffers reused across queries.   */
/* The cut starts at the lowest threshold; a hit of similarity v raises it to the smallest         */
/* threshold above v, so the windows narrow as early as a top-1 search's would, and a query ends   */
/* as soon as a hit reaches the highest threshold. Every entry at or above the final cut was       */
/* verified (the cut never exceeds it), so the band is exact: the highest threshold <= the best.   */
/* ---------------------------------------------------------------------------------------------- */

typedef struct {
  napi_async_work work;
  napi_deferred deferred;
  Index *ix;
  uint32_t *cps;  // every query's code points, back to back
  size_t *offs;   // nq + 1 offsets into cps
  uint32_t nq;
  int thr[100];   // ascending thresholds, 1..100
  int nthr;
  int error;      // 0, ERR_CLOSED, ERR_OOM
  uint8_t *bands; // per query: the highest threshold reached, 0 when none
  uint8_t *best;  // per query: the id of an entry reaching it (16 bytes)
  atomic_uint next;
} BandJob;

typedef struct {
  BandJob *job;
  uint32_t *cand, *dist;
  void *scratch;
  size_t scratch_cap;
  int error;
  pthread_t tid;
} BandWorker;

/** The smallest threshold above `sim`, or 101 when there is none (the band is then known). */
static int threshold_above(const BandJob *job, int sim) {
  for (int i = 0; i < job->nthr; i++)
    if (job->thr[i] > sim) return job->thr[i];
  return 101;
}

static int band_query(BandWorker *w, uint32_t qi) {
  BandJob *job = w->job;
  const Index *ix = job->ix;
  const uint64_t m = job->offs[qi + 1] - job->offs[qi];
  Query q;
  if (!query_prepare(&q, ix, job->cps + job->offs[qi], (uint32_t)m, ix->simd)) return ERR_OOM;
  size_t need = (size_t)q.W * 256 + 256;
  if (need > w->scratch_cap) {
    free(w->scratch);
    if (!(w->scratch = aligned_alloc(64, need))) {
      w->scratch_cap = 0;
      query_free(&q);
      return ERR_OOM;
    }
    w->scratch_cap = need;
  }
  int t = job->thr[0], best = 0;
  const uint64_t maxlen = ix->by_len_cap ? ix->by_len_cap - 1 : 0;
  bool up = true, down = true;
  // lengths nearest the query's first, as search_locked: the near ones raise the cut early
  for (uint64_t d = 0; (up || down) && t <= 100; d++) {
    for (int side = 0; side < 2 && t <= 100; side++) {
      if (side == 1 && d == 0) continue;
      uint64_t n;
      if (side == 0) {
        if (!up || (n = m + d) > maxlen || !in_window(m, n, t)) {
          up = false;
          continue;
        }
      } else {
        if (!down || d > m || !in_window(m, n = m - d, t)) {
          down = false;
          continue;
        }
      }
      if (n >= ix->by_len_cap || !ix->by_len[n]) continue;
      const Bucket *bk = ix->buckets[ix->by_len[n] - 1];
      const uint64_t L = m > n ? m : n;
      uint64_t per = CHUNK_CHARS / (n ? n : 1);
      per = per < 64 ? 64 : per > CHUNK_MAX ? CHUNK_MAX : per;
      for (int tier = 0; tier < 3 && t <= 100 && in_window(m, n, t); tier++) {
        const Tier *tr = &bk->tier[tier];
        for (uint32_t start = 0; start < tr->count && t <= 100 && in_window(m, n, t); start += (uint32_t)per) {
          uint32_t end = tr->count - start > per ? start + (uint32_t)per : tr->count;
          const uint64_t k = max_distance(L, t);
          uint32_t cnt = verify(ix->simd, ix->prefilter, &q, tr, tier, (uint32_t)n, start, end, k, w->cand, w->dist, w->scratch);
          for (uint32_t i = 0; i < cnt; i++) {
            if (w->dist[i] > k && w->dist[i] != 0) continue;
            int sim = similarity(w->dist[i], L);
            if (sim < t || sim <= best) continue;
            best = sim;
            memcpy(job->best + 16 * (size_t)qi, tr->ids + 16 * (size_t)w->cand[i], 16);
          }
          if (best >= t) t = threshold_above(job, best);
        }
      }
    }
  }
  int band = 0;
  for (int i = 0; i < job->nthr; i++)
    if (job->thr[i] <= best) band = job->thr[i];
  job->bands[qi] = (uint8_t)band;
  query_free(&q);
  return 0;
}

static void *band_worker_main(void *arg) {
  BandWorker *w = arg;
  BandJob *job = w->job;
  for (;;) {
    uint32_t qi = atomic_fetch_add_explicit(&job->next, 1, memory_order_relaxed);
    if (qi >= job->nq || w->error) break;
    w->error = band_query(w, qi);
  }
  return NULL;
}

static int bands_locked(BandJob *job) {
  int nthreads = job->ix->threads;
  if ((uint32_t)nthreads > job->nq) nthreads = job->nq ? (int)job->nq : 1;
  BandWorker *workers = calloc((size_t)nthreads, sizeof(BandWorker));
  if (!workers) return ERR_OOM;
  for (int i = 0; i < nthreads; i++) {
    BandWorker *w = &workers[i];
    w->job = job;
    w->cand = malloc((CHUNK_MAX + 32) * sizeof(uint32_t));
    w->dist = malloc((CHUNK_MAX + 32) * sizeof(uint32_t));
    if (!w->cand || !w->dist) w->error = ERR_OOM;
  }
  int started = 0, error = 0;
  for (int i = 1; i < nthreads; i++, started++)
    if (pthread_create(&workers[i].tid, NULL, band_worker_main, &workers[i]) != 0) break;
  band_worker_main(&workers[0]); // runs until no query remains, so a helper that did not start loses nothing
  for (int i = 1; i <= started; i++) pthread_join(workers[i].tid, NULL);
  for (int i = 0; i < nthreads; i++) {
    if (workers[i].error) error = workers[i].error;
    free(workers[i].cand);
    free(workers[i].dist);
    free(workers[i].scratch);
  }
  free(workers);
  return error;
}

static void bands_execute(napi_env env, void *data) {
  (void)env;
  BandJob *job = data;
  Index *ix = job->ix;
  pthread_rwlock_rdlock(&ix->lock);
  job->error = ix->closed ? ERR_CLOSED : bands_locked(job);
  pthread_rwlock_unlock(&ix->lock);
}

/* ---------------------------------------------------------------------------------------------- */
/* Node-API                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

static const napi_type_tag INDEX_TAG = {0x6c6f63616c65746dULL, 0x2d656e67696e6531ULL};

static napi_value fail(napi_env env) {
  const napi_extended_error_info *info = NULL;
  napi_get_last_error_info(env, &info);
  const char *msg = info && info->error_message ? info->error_message : "Node-API call failed";
  bool pending = false;
  napi_is_exception_pending(env, &pending);
  if (!pending) napi_throw_error(env, NULL, msg);
  return NULL;
}
#define CHECK(call)                               \
  do {                                            \
    if ((call) != napi_ok) return fail(env);      \
  } while (0)

static napi_value type_error(napi_env env, const char *msg) {
  napi_throw_type_error(env, NULL, msg);
  return NULL;
}
static napi_value throw_error(napi_env env, const char *msg) {
  napi_throw_error(env, NULL, msg);
  return NULL;
}

static int hexval(uint16_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/** A UUID in its canonical 36-character text form (any case) to 16 bytes. */
static bool parse_uuid(napi_env env, napi_value v, uint8_t out[16]) {
  napi_valuetype t;
  if (napi_typeof(env, v, &t) != napi_ok || t != napi_string) return false;
  char16_t buf[40];
  size_t len = 0;
  if (napi_get_value_string_utf16(env, v, buf, 40, &len) != napi_ok || len != 36) return false;
  int k = 0;
  for (int i = 0; i < 36; i++) {
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (buf[i] != '-') return false;
      continue;
    }
    int h = hexval(buf[i]);
    if (h < 0) return false;
    if (k % 2 == 0) out[k / 2] = (uint8_t)(h << 4);
    else out[k / 2] |= (uint8_t)h;
    k++;
  }
  return true;
}

static void format_uuid(const uint8_t id[16], char out[36]) {
  static const char HEX[] = "0123456789abcdef";
  int k = 0;
  for (int i = 0; i < 16; i++) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out[k++] = '-';
    out[k++] = HEX[id[i] >> 4];
    out[k++] = HEX[id[i] & 15];
  }
}

/** UTF-16 to code points: a surrogate pair is one code point, a lone surrogate is its own. */
static uint32_t decode_utf16(const char16_t *u, size_t len, uint32_t *out) {
  uint32_t n = 0;
  for (size_t i = 0; i < len; i++) {
    uint32_t c = u[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < len && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (u[i + 1] - 0xDC00);
      i++;
    }
    out[n++] = c;
  }
  return n;
}

static Index *get_index(napi_env env, napi_value v, bool open) {
  napi_valuetype t;
  bool tagged = false;
  void *p = NULL;
  if (napi_typeof(env, v, &t) != napi_ok || t != napi_object || napi_check_object_type_tag(env, v, &INDEX_TAG, &tagged) != napi_ok ||
      !tagged || napi_unwrap(env, v, &p) != napi_ok) {
    type_error(env, "not a TM index");
    return NULL;
  }
  Index *ix = p;
  if (open && ix->closed) {
    throw_error(env, "the TM index is closed");
    return NULL;
  }
  return ix;
}

static void index_finalize(napi_env env, void *data, void *hint) {
  (void)env;
  (void)hint;
  index_release(data);
}

static bool get_args(napi_env env, napi_callback_info info, size_t want, napi_value *argv) {
  size_t argc = want;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok) return false;
  napi_value undef;
  napi_get_undefined(env, &undef);
  for (size_t i = argc; i < want; i++) argv[i] = undef;
  return true;
}

static bool get_integer(napi_env env, napi_value v, double lo, double hi, double *out) {
  napi_valuetype t;
  if (napi_typeof(env, v, &t) != napi_ok || t != napi_number) return false;
  double d;
  if (napi_get_value_double(env, v, &d) != napi_ok) return false;
  if (!(d >= lo && d <= hi) || d != (double)(int64_t)d) return false;
  *out = d;
  return true;
}

/** createIndex(threads, simd: "auto" | "scalar" | "avx2" | "avx512", prefilter: boolean) */
static napi_value js_create_index(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  if (!get_args(env, info, 3, argv)) return fail(env);
  double threads;
  if (!get_integer(env, argv[0], 1, 64, &threads)) return type_error(env, "threads must be an integer from 1 to 64");
  char simd_name[16] = {0};
  size_t len = 0;
  napi_valuetype t;
  if (napi_typeof(env, argv[1], &t) != napi_ok || t != napi_string ||
      napi_get_value_string_utf8(env, argv[1], simd_name, sizeof simd_name, &len) != napi_ok)
    return type_error(env, "simd must be \"auto\", \"scalar\", \"avx2\" or \"avx512\"");
  int best = best_simd(), simd = -1;
  if (!strcmp(simd_name, "auto")) simd = best;
  for (int i = 0; i < 3; i++)
    if (!strcmp(simd_name, SIMD_NAMES[i])) simd = i;
  if (simd < 0) return type_error(env, "simd must be \"auto\", \"scalar\", \"avx2\" or \"avx512\"");
  if (simd > best) return throw_error(env, "this SIMD path is not supported by this processor");
  bool prefilter = true;
  if (napi_typeof(env, argv[2], &t) == napi_ok && t == napi_boolean) napi_get_value_bool(env, argv[2], &prefilter);

  Index *ix = calloc(1, sizeof(Index));
  if (!ix) return throw_error(env, "out of memory");
  pthread_rwlockattr_t attr;
  pthread_rwlockattr_init(&attr);
#ifdef __GLIBC__
  // glibc prefers readers by default: a stream of searches could starve add() forever
  pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
#endif
  pthread_rwlock_init(&ix->lock, &attr);
  pthread_rwlockattr_destroy(&attr);
  atomic_init(&ix->refs, 1);
  ix->threads = (int)threads;
  ix->simd = simd;
  ix->prefilter = prefilter;
  ix->bytes = sizeof(Index);
  napi_value obj;
  if (napi_create_object(env, &obj) != napi_ok || napi_type_tag_object(env, obj, &INDEX_TAG) != napi_ok ||
      napi_wrap(env, obj, ix, index_finalize, NULL, NULL) != napi_ok) {
    pthread_rwlock_destroy(&ix->lock);
    free(ix);
    return fail(env);
  }
  return obj;
}

static bool array_length(napi_env env, napi_value v, uint32_t *len) {
  bool is = false;
  return napi_is_array(env, v, &is) == napi_ok && is && napi_get_array_length(env, v, len) == napi_ok;
}

/** add(index, ids, texts) */
static napi_value js_add(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  if (!get_args(env, info, 3, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], true);
  if (!ix) return NULL;
  uint32_t n, nt;
  if (!array_length(env, argv[1], &n) || !array_length(env, argv[2], &nt)) return type_error(env, "ids and texts must be arrays");
  if (n != nt) return type_error(env, "ids and texts must have the same length");
  // Validate everything first: bad input leaves the index untouched.
  uint8_t *ids = malloc((size_t)n * 16 + 1);
  if (!ids) return throw_error(env, "out of memory");
  for (uint32_t i = 0; i < n; i++) {
    napi_value id, text;
    napi_valuetype t;
    if (napi_get_element(env, argv[1], i, &id) != napi_ok || napi_get_element(env, argv[2], i, &text) != napi_ok) {
      free(ids);
      return fail(env);
    }
    if (!parse_uuid(env, id, ids + 16 * (size_t)i)) {
      free(ids);
      return type_error(env, "every id must be a UUID (36 characters, 8-4-4-4-12 hex digits)");
    }
    if (napi_typeof(env, text, &t) != napi_ok || t != napi_string) {
      free(ids);
      return type_error(env, "every text must be a string");
    }
  }
  // Then in batches: the strings are copied out without the lock, inserted under it.
  char16_t *units = NULL;
  size_t units_cap = 0;
  size_t *offs = malloc((BATCH_ENTRIES + 1) * sizeof(size_t));
  uint32_t *cps = NULL, *syms = NULL;
  size_t cps_cap = 0;
  const char *failure = offs ? NULL : "out of memory";
  for (uint32_t i = 0; i < n && !failure;) {
    uint32_t first = i;
    size_t used = 0, longest = 0;
    offs[0] = 0;
    for (; i < n && i - first < BATCH_ENTRIES && used < BATCH_UNITS; i++) {
      napi_value text;
      size_t len = 0;
      if (napi_get_element(env, argv[2], i, &text) != napi_ok || napi_get_value_string_utf16(env, text, NULL, 0, &len) != napi_ok) {
        failure = "could not read a text";
        break;
      }
      if (used + len + 1 > units_cap) {
        size_t cap = units_cap ? units_cap : 1 << 16;
        while (cap < used + len + 1) cap *= 2;
        char16_t *p = realloc(units, cap * sizeof(char16_t));
        if (!p) {
          failure = "out of memory";
          break;
        }
        units = p;
        units_cap = cap;
      }
      napi_get_value_string_utf16(env, text, units + used, len + 1, &len);
      used += len;
      offs[i - first + 1] = used;
      if (len > longest) longest = len;
    }
    if (failure) break;
    if (longest > UINT32_MAX) {
      failure = "a text is too long";
      break;
    }
    if (longest + 1 > cps_cap) {
      cps_cap = longest + 1;
      free(cps);
      free(syms);
      cps = malloc(cps_cap * 4);
      syms = malloc(cps_cap * 4);
      if (!cps || !syms) {
        failure = "out of memory";
        break;
      }
    }
    pthread_rwlock_wrlock(&ix->lock);
    for (uint32_t e = first; e < i; e++) {
      size_t a = offs[e - first], b = offs[e - first + 1];
      uint32_t len = decode_utf16(units + a, b - a, cps);
      int r = insert_entry(ix, ids + 16 * (size_t)e, cps, len, syms);
      if (r) {
        failure = r == -2 ? "too many distinct text lengths" : "out of memory";
        break;
      }
    }
    pthread_rwlock_unlock(&ix->lock);
  }
  free(ids);
  free(units);
  free(offs);
  free(cps);
  free(syms);
  if (failure) return throw_error(env, failure);
  napi_value undef;
  napi_get_undefined(env, &undef);
  return undef;
}

/** remove(index, ids) -> number removed */
static napi_value js_remove(napi_env env, napi_callback_info info) {
  napi_value argv[2];
  if (!get_args(env, info, 2, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], true);
  if (!ix) return NULL;
  uint32_t n;
  if (!array_length(env, argv[1], &n)) return type_error(env, "ids must be an array");
  uint8_t *ids = malloc((size_t)n * 16 + 1);
  if (!ids) return throw_error(env, "out of memory");
  for (uint32_t i = 0; i < n; i++) {
    napi_value id;
    if (napi_get_element(env, argv[1], i, &id) != napi_ok) {
      free(ids);
      return fail(env);
    }
    if (!parse_uuid(env, id, ids + 16 * (size_t)i)) {
      free(ids);
      return type_error(env, "every id must be a UUID (36 characters, 8-4-4-4-12 hex digits)");
    }
  }
  uint32_t removed = 0;
  pthread_rwlock_wrlock(&ix->lock);
  for (uint32_t i = 0; i < n; i++) {
    const uint8_t *id = ids + 16 * (size_t)i;
    size_t pos = table_find(ix, id, hash_id(id));
    if (pos != SIZE_MAX) remove_at(ix, pos), removed++;
  }
  pthread_rwlock_unlock(&ix->lock);
  free(ids);
  napi_value out;
  CHECK(napi_create_uint32(env, removed, &out));
  return out;
}

static napi_value js_size(napi_env env, napi_callback_info info) {
  napi_value argv[1], out;
  if (!get_args(env, info, 1, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], true);
  if (!ix) return NULL;
  CHECK(napi_create_double(env, (double)ix->size, &out)); // writers run on this thread: no lock needed
  return out;
}

static napi_value js_bytes(napi_env env, napi_callback_info info) {
  napi_value argv[1], out;
  if (!get_args(env, info, 1, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], true);
  if (!ix) return NULL;
  CHECK(napi_create_double(env, (double)ix->bytes, &out));
  return out;
}

static napi_value js_close(napi_env env, napi_callback_info info) {
  napi_value argv[1], undef;
  if (!get_args(env, info, 1, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], false);
  if (!ix) return NULL;
  pthread_rwlock_wrlock(&ix->lock); // waits for running searches; queued ones will see `closed`
  if (!ix->closed) {
    index_free_data(ix);
    ix->closed = true;
  }
  pthread_rwlock_unlock(&ix->lock);
  napi_get_undefined(env, &undef);
  return undef;
}

static void search_complete(napi_env env, napi_status status, void *data) {
  SearchJob *job = data;
  napi_value result = NULL, err_msg, err;
  bool ok = false;
  if (status == napi_ok && !job->error) {
    napi_value ids, sims;
    ok = napi_create_object(env, &result) == napi_ok && napi_create_array_with_length(env, job->nout, &ids) == napi_ok &&
         napi_create_array_with_length(env, job->nout, &sims) == napi_ok;
    for (size_t i = 0; ok && i < job->nout; i++) {
      char text[36];
      napi_value s, v;
      format_uuid(job->out_ids + 16 * i, text);
      ok = napi_create_string_latin1(env, text, 36, &s) == napi_ok && napi_set_element(env, ids, (uint32_t)i, s) == napi_ok &&
           napi_create_uint32(env, job->out_sims[i], &v) == napi_ok && napi_set_element(env, sims, (uint32_t)i, v) == napi_ok;
    }
    ok = ok && napi_set_named_property(env, result, "ids", ids) == napi_ok &&
         napi_set_named_property(env, result, "similarities", sims) == napi_ok;
  }
  if (ok) {
    napi_resolve_deferred(env, job->deferred, result);
  } else {
    const char *msg = job->error == ERR_CLOSED ? "the TM index is closed"
                      : job->error == ERR_OOM  ? "out of memory"
                                               : "the TM search failed";
    napi_create_string_utf8(env, msg, NAPI_AUTO_LENGTH, &err_msg);
    napi_create_error(env, NULL, err_msg, &err);
    napi_reject_deferred(env, job->deferred, err);
  }
  napi_delete_async_work(env, job->work);
  index_release(job->ix);
  free(job->cps);
  free(job->out_ids);
  free(job->out_sims);
  free(job);
}

/** search(index, query, minSimilarity, limit) -> Promise<{ ids, similarities }> */
static napi_value js_search(napi_env env, napi_callback_info info) {
  napi_value argv[4];
  if (!get_args(env, info, 4, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], true);
  if (!ix) return NULL;
  napi_valuetype t;
  if (napi_typeof(env, argv[1], &t) != napi_ok || t != napi_string) return type_error(env, "query must be a string");
  double s, limit;
  if (!get_integer(env, argv[2], 1, 100, &s)) return type_error(env, "minSimilarity must be an integer from 1 to 100");
  if (!get_integer(env, argv[3], 1, 9007199254740991.0, &limit)) return type_error(env, "limit must be a positive integer");
  size_t len = 0;
  CHECK(napi_get_value_string_utf16(env, argv[1], NULL, 0, &len));
  if (len > UINT32_MAX) return type_error(env, "query is too long");
  char16_t *units = malloc((len + 1) * sizeof(char16_t));
  SearchJob *job = calloc(1, sizeof(SearchJob));
  uint32_t *cps = malloc((len + 1) * sizeof(uint32_t));
  if (!units || !job || !cps) {
    free(units);
    free(job);
    free(cps);
    return throw_error(env, "out of memory");
  }
  napi_get_value_string_utf16(env, argv[1], units, len + 1, &len);
  job->m = decode_utf16(units, len, cps);
  free(units);
  job->cps = cps;
  job->ix = ix;
  job->s = (int)s;
  job->limit = (uint64_t)limit;
  napi_value promise, name;
  if (napi_create_promise(env, &job->deferred, &promise) != napi_ok ||
      napi_create_string_utf8(env, "tm-engine:search", NAPI_AUTO_LENGTH, &name) != napi_ok ||
      napi_create_async_work(env, NULL, name, search_execute, search_complete, job, &job->work) != napi_ok) {
    free(cps);
    free(job);
    return fail(env);
  }
  atomic_fetch_add(&ix->refs, 1); // the index outlives its JS handle until this search completes
  if (napi_queue_async_work(env, job->work) != napi_ok) {
    atomic_fetch_sub(&ix->refs, 1);
    napi_delete_async_work(env, job->work);
    free(cps);
    free(job);
    return fail(env);
  }
  return promise;
}

static void band_job_free(BandJob *job) {
  free(job->cps);
  free(job->offs);
  free(job->bands);
  free(job->best);
  free(job);
}

static void bands_complete(napi_env env, napi_status status, void *data) {
  BandJob *job = data;
  napi_value result = NULL, err_msg, err, bands, ids, nul;
  bool ok = false;
  if (status == napi_ok && !job->error) {
    ok = napi_create_object(env, &result) == napi_ok && napi_create_array_with_length(env, job->nq, &bands) == napi_ok &&
         napi_create_array_with_length(env, job->nq, &ids) == napi_ok && napi_get_null(env, &nul) == napi_ok;
    for (uint32_t i = 0; ok && i < job->nq; i++) {
      napi_value b, id = nul;
      if (job->bands[i]) {
        char text[36];
        format_uuid(job->best + 16 * (size_t)i, text);
        ok = napi_create_string_latin1(env, text, 36, &id) == napi_ok;
      }
      ok = ok && napi_create_uint32(env, job->bands[i], &b) == napi_ok && napi_set_element(env, bands, i, b) == napi_ok &&
           napi_set_element(env, ids, i, id) == napi_ok;
    }
    ok = ok && napi_set_named_property(env, result, "bands", bands) == napi_ok && napi_set_named_property(env, result, "ids", ids) == napi_ok;
  }
  if (ok) {
    napi_resolve_deferred(env, job->deferred, result);
  } else {
    const char *msg = job->error == ERR_CLOSED ? "the TM index is closed"
                      : job->error == ERR_OOM  ? "out of memory"
                                               : "the TM band search failed";
    napi_create_string_utf8(env, msg, NAPI_AUTO_LENGTH, &err_msg);
    napi_create_error(env, NULL, err_msg, &err);
    napi_reject_deferred(env, job->deferred, err);
  }
  napi_delete_async_work(env, job->work);
  index_release(job->ix);
  band_job_free(job);
}

/** bands(index, queries: string[], thresholds: number[]) -> Promise<{ bands: number[], ids: (string | null)[] }> */
static napi_value js_bands(napi_env env, napi_callback_info info) {
  napi_value argv[3];
  if (!get_args(env, info, 3, argv)) return fail(env);
  Index *ix = get_index(env, argv[0], true);
  if (!ix) return NULL;
  uint32_t nq, nthr;
  if (!array_length(env, argv[1], &nq)) return type_error(env, "queries must be an array of strings");
  if (!array_length(env, argv[2], &nthr) || nthr < 1 || nthr > 100)
    return type_error(env, "thresholds must be an array of 1 to 100 integers from 1 to 100, ascending");
  BandJob *job = calloc(1, sizeof(BandJob));
  if (!job) return throw_error(env, "out of memory");
  job->nthr = (int)nthr;
  for (uint32_t i = 0; i < nthr; i++) {
    napi_value v;
    double d;
    if (napi_get_element(env, argv[2], i, &v) != napi_ok || !get_integer(env, v, 1, 100, &d) || (i && (int)d <= job->thr[i - 1])) {
      band_job_free(job);
      return type_error(env, "thresholds must be an array of 1 to 100 integers from 1 to 100, ascending");
    }
    job->thr[i] = (int)d;
  }
  // every query's code points into one buffer (UTF-16 units bound the code points)
  size_t total = 0;
  for (uint32_t i = 0; i < nq; i++) {
    napi_value v;
    napi_valuetype t;
    size_t len = 0;
    if (napi_get_element(env, argv[1], i, &v) != napi_ok || napi_typeof(env, v, &t) != napi_ok || t != napi_string ||
        napi_get_value_string_utf16(env, v, NULL, 0, &len) != napi_ok) {
      band_job_free(job);
      return type_error(env, "queries must be an array of strings");
    }
    total += len;
  }
  job->nq = nq;
  job->cps = malloc((total + 1) * sizeof(uint32_t));
  job->offs = malloc(((size_t)nq + 1) * sizeof(size_t));
  job->bands = calloc((size_t)nq + 1, 1);
  job->best = calloc((size_t)nq + 1, 16);
  char16_t *units = NULL;
  size_t units_cap = 0;
  if (!job->cps || !job->offs || !job->bands || !job->best) {
    band_job_free(job);
    return throw_error(env, "out of memory");
  }
  job->offs[0] = 0;
  for (uint32_t i = 0; i < nq; i++) {
    napi_value v;
    size_t len = 0;
    napi_get_element(env, argv[1], i, &v);
    napi_get_value_string_utf16(env, v, NULL, 0, &len);
    if (len + 1 > units_cap) {
      units_cap = len + 1 > 256 ? len + 1 : 256;
      free(units);
      if (!(units = malloc(units_cap * sizeof(char16_t)))) {
        band_job_free(job);
        return throw_error(env, "out of memory");
      }
    }
    napi_get_value_string_utf16(env, v, units, len + 1, &len);
    job->offs[i + 1] = job->offs[i] + decode_utf16(units, len, job->cps + job->offs[i]);
  }
  free(units);
  job->ix = ix;
  atomic_init(&job->next, 0);
  napi_value promise, name;
  if (napi_create_promise(env, &job->deferred, &promise) != napi_ok ||
      napi_create_string_utf8(env, "tm-engine:bands", NAPI_AUTO_LENGTH, &name) != napi_ok ||
      napi_create_async_work(env, NULL, name, bands_execute, bands_complete, job, &job->work) != napi_ok) {
    band_job_free(job);
    return fail(env);
  }
  atomic_fetch_add(&ix->refs, 1); // the index outlives its JS handle until this search completes
  if (napi_queue_async_work(env, job->work) != napi_ok) {
    atomic_fetch_sub(&ix->refs, 1);
    napi_delete_async_work(env, job->work);
    band_job_free(job);
    return fail(env);
  }
  return promise;
}

NAPI_MODULE_INIT() {
  static const struct {
    const char *name;
    napi_callback fn;
  } fns[] = {{"createIndex", js_create_index}, {"add", js_add},       {"remove", js_remove}, {"size", js_size},
             {"bytes", js_bytes},              {"search", js_search}, {"bands", js_bands},   {"close", js_close}};
  for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++) {
    napi_value f;
    if (napi_create_function(env, fns[i].name, NAPI_AUTO_LENGTH, fns[i].fn, NULL, &f) != napi_ok ||
        napi_set_named_property(env, exports, fns[i].name, f) != napi_ok)
      return NULL;
  }
  napi_value simd;
  if (napi_create_string_utf8(env, SIMD_NAMES[best_simd()], NAPI_AUTO_LENGTH, &simd) != napi_ok ||
      napi_set_named_property(env, exports, "simd", simd) != napi_ok)
    return NULL;
  return exports;
}
