/**
 * Entries an export leaves out because the format cannot express them (a key that is not a valid
 * Android resource name, a non-plural value in a stringsdict...). Every export must be a file the
 * format's own tools accept, so such entries are dropped and reported rather than written broken.
 */

export type SkippedEntry = {
  key: string;
  namespace?: string;
  reason: string;
};

/** Collects skips during one serialisation; serializers call it instead of writing. */
export type SkipSink = (entry: SkippedEntry) => void;
