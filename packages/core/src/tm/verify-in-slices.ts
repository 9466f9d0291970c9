// The application side of the exact TM verification (rank-tm-entries.ts: texts over fuzzystrmatch's
// 255 characters). One long pair can cost hundreds of millions of cells (a 10,000-character query
// against a 20,000-character entry at similarity 1 is 2·10^8), so the work is bounded and sliced
// (docs/tm-search.md, "Long texts"):
//   - a budget of cells per search, charged for every candidate before any of them is verified:
//     a search that would pass it is refused with a 400 at once, never half-computed;
//   - slices of about SLICE_MS, with the event loop free between them, so /health and other
//     requests are answered while a long verification runs.
import { AppError } from "../errors/app-error";
import { LevenshteinRows } from "./tm-similarity";

/** Cells (one step of the distance table) one search may verify in the application: about 5 s of one core. */
export const TM_VERIFY_MAX_CELLS = 500_000_000;
/** How long the verification keeps the event loop before it lets other work run. */
const SLICE_MS = 10;
/** Cells computed between two looks at the clock. */
const CELLS_PER_STEP = 250_000;

const TOO_COSTLY =
  "sourceText: this search would compare too many long texts; give sourceLang and targetLang, a higher minSimilarity or a shorter text";

/** A search over the budget: a 400 (the answer is never cut short), and no TM hints for a prompt. */
export class TmSearchTooCostly extends AppError {
  constructor() {
    super("BAD_REQUEST", TOO_COSTLY, [{ path: "sourceText", message: TOO_COSTLY.slice("sourceText: ".length) }]);
  }
}

/** One search's verification: its budget and its slices. */
export class SlicedVerifier {
  private spent = 0;
  private sliceStart = performance.now();

  constructor(private readonly maxCells = TM_VERIFY_MAX_CELLS) {}

  /** Books `cells` of work on the search's budget; throws TmSearchTooCostly past it. */
  charge(cells: number): void {
    this.spent += cells;
    if (this.spent > this.maxCells) throw new TmSearchTooCostly();
  }

  /** The cells levenshtein(query, text, bound) computes at most. */
  static cellsOf(queryLength: number, textLength: number, bound: number): number {
    return queryLength * Math.min(textLength, 2 * bound + 1);
  }

  /** levenshtein(query, text, bound), a slice of rows at a time; the caller has charged its cells. */
  async distance(query: number[], text: number[], bound: number): Promise<number> {
    const rows = new LevenshteinRows(query, text, bound);
    const perStep = Math.max(1, Math.floor(CELLS_PER_STEP / Math.max(1, rows.rowCells)));
    for (;;) {
      const d = rows.run(perStep);
      if (d !== undefined) return d;
      await this.pause();
    }
  }

  /** Lets the event loop run once the current slice has lasted SLICE_MS. */
  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.sliceStart = performance.now();
  }
}
