#!/usr/bin/env bash
# The verification kernel measured on the TM benchmark's own memory (see verify-window.c).
# Needs gcc, an AVX2 processor and the database `pnpm run bench:tm` seeds and keeps:
#   ENTRIES=1000000 pnpm --filter @locale/api run bench:tm   # once, to seed
#   ENTRIES=1000000 pnpm --filter @locale/api run bench:tm-kernel
set -euo pipefail
cd "$(dirname "$0")"
entries="${ENTRIES:-200000}"
database="${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/locale_bench_tm_${entries}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

grep -qw avx2 /proc/cpuinfo || { echo "this processor has no AVX2: the kernel's four-lane mode cannot run"; exit 1; }
runs=("1 1 0" "4 1 0" "4 2 0" "4 1 1" "4 2 1")
if grep -qw avx512vbmi /proc/cpuinfo; then
  gcc -O2 -march=native -pthread -Wall -o "$work/verify-window" verify-window.c
  # AVX-512: gathered lookups, in-register lookups, and the same on sources sorted by length
  runs+=("8 1 0" "33 1 0" "33 1 0 sorted" "33 2 1 sorted")
else
  gcc -O2 -mavx2 -pthread -Wall -o "$work/verify-window" verify-window.c
fi
psql "$database" -At -c "SELECT \"sourceNorm\" FROM \"TmEntry\" WHERE \"sourceLanguage\" = 'en' AND \"targetLanguage\" = 'de'" >"$work/sources.txt"
# 10 stored sources and 10 unseen sentences of the same words (8 shuffled words), deterministic
awk 'length($0) <= 64' "$work/sources.txt" | shuf -n 10 --random-source=<(yes) >"$work/queries.txt"
shuf -n 4000 --random-source=<(yes) "$work/sources.txt" | tr ' ' '\n' | shuf --random-source=<(yes) |
  paste -d ' ' - - - - - - - - | awk 'length($0) >= 40 && length($0) <= 64 && n++ < 10' >>"$work/queries.txt"

# The kernel's count for the first query must equal PostgreSQL's own (fuzzystrmatch, same formula).
first="$(head -1 "$work/queries.txt")"
expected="$(psql "$database" -At -v q="$first" <<'SQL'
SELECT count(*) FROM "TmEntry",
  LATERAL (SELECT GREATEST("sourceLength", length(:'q')) AS longest) AS size,
  LATERAL (SELECT levenshtein("sourceNorm", :'q') AS d) AS distance
WHERE "sourceLanguage" = 'en' AND "targetLanguage" = 'de'
  AND LEAST(99, (200 * (longest - d) + longest) / (2 * longest)) >= 50
SQL
)"
awk '{ print length($0) "\t" $0 }' "$work/sources.txt" | sort -n -s -k1,1 | cut -f2- >"$work/sorted.txt"
echo "load average: $(cut -d ' ' -f 1-3 </proc/loadavg)"
for run in "${runs[@]}"; do
  read -r mode threads filter order <<<"$run"
  "$work/verify-window" "$mode" "$work/${order:-sources}.txt" "$work/queries.txt" "$threads" "$filter" >"$work/out.txt"
  got="$(sed -n 2p "$work/out.txt" | sed -E 's/.* ([0-9]+) reach 50.*/\1/')"
  [ "$got" = "$expected" ] || { echo "kernel counted $got entries for the first query, PostgreSQL $expected"; exit 1; }
  # every run (mode, threads, pre-filter) must count the same entries for every query
  sed -nE 's/.* ([0-9]+) reach 50.*/\1/p' "$work/out.txt" >"$work/counts-$run.txt"
  cmp -s "$work/counts-1 1 0.txt" "$work/counts-$run.txt" || { echo "run $run counted other entries than run 1 1 0"; exit 1; }
  cat "$work/out.txt"
done
echo "first query: $expected entries reach 50, the same count as PostgreSQL's levenshtein; every run counted the same"
echo "load average: $(cut -d ' ' -f 1-3 </proc/loadavg)"
