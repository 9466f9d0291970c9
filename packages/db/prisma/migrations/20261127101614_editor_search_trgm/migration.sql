-- Substring search of the key list and the editor (docs/editor-search.md): trigram indexes serve
-- ILIKE '%…%' on key names, descriptions and values. pg_trgm is created by the init migration
-- (PGlite loads @electric-sql/pglite/contrib/pg_trgm in createDb).

-- CreateIndex
CREATE INDEX "Key_key_idx" ON "Key" USING GIN ("key" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Key_description_idx" ON "Key" USING GIN ("description" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Translation_value_idx" ON "Translation" USING GIN ("value" gin_trgm_ops);
