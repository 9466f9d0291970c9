-- CreateTable
CREATE TABLE "KeyOrderChange" (
    "projectId" TEXT NOT NULL,
    "version" BIGINT NOT NULL,
    "keyIds" TEXT[],

    CONSTRAINT "KeyOrderChange_pkey" PRIMARY KEY ("projectId","version")
);

-- AddForeignKey
ALTER TABLE "KeyOrderChange" ADD CONSTRAINT "KeyOrderChange_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "ProjectKeyStats"("projectId") ON DELETE CASCADE ON UPDATE CASCADE;

-- The "Key" triggers now also log, per version of ProjectKeyStats, the ids of the keys that the
-- statement added, removed or renamed, so a cached key order can be patched by the changes since
-- its version instead of being rebuilt. A statement over more than 100 keys of a project logs an
-- empty array (readers rebuild), and each project keeps the log of its last 1,000 versions. Logging
-- happens under the same row lock as the version bump, so versions and log rows commit together
-- and in order. Bodies are E'' strings with \x3B for semicolons (see the key_stats migration).
CREATE OR REPLACE FUNCTION "key_stats_after_insert"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  WITH added AS (
    SELECT "projectId", count(*)::int AS n, (array_agg(id))[1:101] AS ids FROM new_keys GROUP BY "projectId"
  ), bumped AS (
    INSERT INTO "ProjectKeyStats" ("projectId", "keyCount", "version")
    SELECT "projectId", n, 1 FROM added
    ON CONFLICT ("projectId") DO UPDATE
      SET "keyCount" = "ProjectKeyStats"."keyCount" + EXCLUDED."keyCount", "version" = "ProjectKeyStats"."version" + 1
    RETURNING "projectId", "version"
  ), logged AS (
    INSERT INTO "KeyOrderChange" ("projectId", "version", "keyIds")
    SELECT b."projectId", b."version", CASE WHEN a.n > 100 THEN ''{}''::text[] ELSE a.ids END
      FROM bumped b JOIN added a ON a."projectId" = b."projectId"
  )
  DELETE FROM "KeyOrderChange" c USING bumped b WHERE c."projectId" = b."projectId" AND c."version" <= b."version" - 1000\x3B
  RETURN NULL\x3B
END';

CREATE OR REPLACE FUNCTION "key_stats_after_delete"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  WITH removed AS (
    SELECT "projectId", count(*)::int AS n, (array_agg(id))[1:101] AS ids FROM old_keys GROUP BY "projectId"
  ), bumped AS (
    UPDATE "ProjectKeyStats" s
       SET "keyCount" = s."keyCount" - r.n, "version" = s."version" + 1
      FROM removed r
     WHERE s."projectId" = r."projectId"
    RETURNING s."projectId", s."version"
  ), logged AS (
    INSERT INTO "KeyOrderChange" ("projectId", "version", "keyIds")
    SELECT b."projectId", b."version", CASE WHEN r.n > 100 THEN ''{}''::text[] ELSE r.ids END
      FROM bumped b JOIN removed r ON r."projectId" = b."projectId"
  )
  DELETE FROM "KeyOrderChange" c USING bumped b WHERE c."projectId" = b."projectId" AND c."version" <= b."version" - 1000\x3B
  RETURN NULL\x3B
END';

CREATE OR REPLACE FUNCTION "key_stats_after_update"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  WITH renamed AS (
    SELECT n."projectId", count(*)::int AS n, (array_agg(n.id))[1:101] AS ids
      FROM new_keys n JOIN old_keys o ON o."id" = n."id"
     WHERE o."key" IS DISTINCT FROM n."key" OR o."namespace" IS DISTINCT FROM n."namespace"
     GROUP BY n."projectId"
  ), bumped AS (
    UPDATE "ProjectKeyStats" s
       SET "version" = s."version" + 1
      FROM renamed r
     WHERE s."projectId" = r."projectId"
    RETURNING s."projectId", s."version"
  ), logged AS (
    INSERT INTO "KeyOrderChange" ("projectId", "version", "keyIds")
    SELECT b."projectId", b."version", CASE WHEN r.n > 100 THEN ''{}''::text[] ELSE r.ids END
      FROM bumped b JOIN renamed r ON r."projectId" = b."projectId"
  )
  DELETE FROM "KeyOrderChange" c USING bumped b WHERE c."projectId" = b."projectId" AND c."version" <= b."version" - 1000\x3B
  RETURN NULL\x3B
END';
