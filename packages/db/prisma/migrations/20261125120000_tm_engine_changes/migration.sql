-- The in-process TM search engine (docs/tm-search.md) keeps a copy of large language pairs in
-- memory and must stay in step with writes from every replica. Each entry records the id of the
-- transaction that last wrote its source ("changeXid"): a copy read at a snapshot whose oldest
-- running transaction was X has seen every committed row with an older id, so refreshing it means
-- reading the rows of the pair with "changeXid" >= X (the index below), whatever order replicas
-- commit in. Deleted entries are noticed when the final ranking reads them back.

-- AlterTable
ALTER TABLE "TmEntry" ADD COLUMN     "changeXid" xid8 NOT NULL DEFAULT pg_current_xact_id();

-- A rewritten source is a change too.
CREATE FUNCTION "tm_entry_change_xid"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  NEW."changeXid" := pg_current_xact_id()\x3B
  RETURN NEW\x3B
END';

CREATE TRIGGER "tm_entry_change_xid" BEFORE UPDATE OF "sourceNorm" ON "TmEntry"
  FOR EACH ROW EXECUTE FUNCTION "tm_entry_change_xid"();

-- CreateIndex
CREATE INDEX "TmEntry_organizationId_sourceLanguage_targetLanguage_change_idx" ON "TmEntry"("organizationId", "sourceLanguage", "targetLanguage", "changeXid");
