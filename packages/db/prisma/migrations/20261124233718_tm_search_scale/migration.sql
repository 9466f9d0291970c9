-- TM search at scale (docs/tm-search.md): the code-point length of "sourceNorm" in a column, and
-- an index on (organization, language pair, length), because a similarity threshold bounds the
-- length ratio of the two texts: a search reads one length range of one language pair.

-- AlterTable
ALTER TABLE "TmEntry" ADD COLUMN     "sourceLength" INTEGER NOT NULL DEFAULT 0;

UPDATE "TmEntry" SET "sourceLength" = char_length("sourceNorm");

-- The column follows "sourceNorm" for every writer (services, imports, raw SQL). The function body
-- is an E'' string with \x3B for its semicolons: the PostgreSQL driver adapter splits migration
-- scripts at every semicolon, which would cut a dollar-quoted body apart.
CREATE FUNCTION "tm_entry_source_length"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."sourceLength" := char_length(NEW."sourceNorm")\x3B
  RETURN NEW\x3B
END';

CREATE TRIGGER "tm_entry_source_length" BEFORE INSERT OR UPDATE OF "sourceNorm", "sourceLength" ON "TmEntry"
  FOR EACH ROW EXECUTE FUNCTION "tm_entry_source_length"();

-- CreateIndex
CREATE INDEX "TmEntry_organizationId_sourceLanguage_targetLanguage_source_idx" ON "TmEntry"("organizationId", "sourceLanguage", "targetLanguage", "sourceLength");

-- fuzzystrmatch's levenshtein_less_equal lets PostgreSQL verify candidates without sending them
-- to the application. Best effort: where the extension cannot be created (an embedded PGlite
-- without the contrib module, a role without the right), search verifies in the application.
DO E'
BEGIN
  CREATE EXTENSION IF NOT EXISTS "fuzzystrmatch"\x3B
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE ''fuzzystrmatch unavailable: %'', SQLERRM\x3B
END';
