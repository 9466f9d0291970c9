-- Identical-source lookups for many texts at once (the 100 % matches of a pre-translation and of
-- the leverage report): md5 of the source text within a language pair, so that a lookup of md5 of
-- the source text among many hashes is an index scan instead of a read of the whole pair. The
-- Prisma schema cannot declare an expression index, so schema.prisma mentions it on TmEntry.
CREATE INDEX "TmEntry_sourceText_md5_idx" ON "TmEntry" ("organizationId", "sourceLanguage", "targetLanguage", md5("sourceText"));
