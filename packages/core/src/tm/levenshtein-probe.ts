// Whether a database has levenshtein_less_equal (the fuzzystrmatch migration creates it where it
// can): asked once per database handle and remembered by the process's CoreRuntime, since the
// answer never changes while a process runs.
import type { Database } from "@locale/db";

export class LevenshteinProbe {
  private readonly known = new WeakMap<Database, Promise<boolean>>();

  present(db: Database): Promise<boolean> {
    let known = this.known.get(db);
    if (!known) {
      known = db
        .query<{ present: boolean }>(`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'fuzzystrmatch') AS "present"`)
        .then((rows) => rows[0]?.present === true);
      this.known.set(db, known);
    }
    return known;
  }
}
