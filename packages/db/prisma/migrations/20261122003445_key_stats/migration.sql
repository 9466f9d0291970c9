-- CreateTable
CREATE TABLE "ProjectKeyStats" (
    "projectId" TEXT NOT NULL,
    "keyCount" INTEGER NOT NULL DEFAULT 0,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ProjectKeyStats_pkey" PRIMARY KEY ("projectId")
);

-- AddForeignKey
ALTER TABLE "ProjectKeyStats" ADD CONSTRAINT "ProjectKeyStats_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Statement-level triggers keep "ProjectKeyStats" exact for every writer (services, imports, raw
-- SQL, cascades): one row update per statement and project, whatever the number of keys.
-- The function bodies are E'' strings with \x3B for their semicolons: the PostgreSQL driver
-- adapter splits migration scripts at every semicolon, which would cut a dollar-quoted body apart.
CREATE FUNCTION "key_stats_after_insert"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  INSERT INTO "ProjectKeyStats" ("projectId", "keyCount", "version")
  SELECT "projectId", count(*)::int, 1 FROM new_keys GROUP BY "projectId"
  ON CONFLICT ("projectId") DO UPDATE
    SET "keyCount" = "ProjectKeyStats"."keyCount" + EXCLUDED."keyCount", "version" = "ProjectKeyStats"."version" + 1\x3B
  RETURN NULL\x3B
END';

-- Update only: a delete cascading from its project must not re-create the project's stats row.
CREATE FUNCTION "key_stats_after_delete"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "ProjectKeyStats" s
     SET "keyCount" = s."keyCount" - d.n, "version" = s."version" + 1
    FROM (SELECT "projectId", count(*)::int AS n FROM old_keys GROUP BY "projectId") d
   WHERE s."projectId" = d."projectId"\x3B
  RETURN NULL\x3B
END';

-- Only a change of name or namespace moves a key in the (namespace, key) order.
CREATE FUNCTION "key_stats_after_update"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  UPDATE "ProjectKeyStats" s
     SET "version" = s."version" + 1
   WHERE s."projectId" IN (
     SELECT n."projectId" FROM new_keys n JOIN old_keys o ON o."id" = n."id"
      WHERE o."key" IS DISTINCT FROM n."key" OR o."namespace" IS DISTINCT FROM n."namespace"
   )\x3B
  RETURN NULL\x3B
END';

CREATE TRIGGER "key_stats_insert" AFTER INSERT ON "Key" REFERENCING NEW TABLE AS new_keys
  FOR EACH STATEMENT EXECUTE FUNCTION "key_stats_after_insert"();
CREATE TRIGGER "key_stats_delete" AFTER DELETE ON "Key" REFERENCING OLD TABLE AS old_keys
  FOR EACH STATEMENT EXECUTE FUNCTION "key_stats_after_delete"();
CREATE TRIGGER "key_stats_update" AFTER UPDATE ON "Key" REFERENCING OLD TABLE AS old_keys NEW TABLE AS new_keys
  FOR EACH STATEMENT EXECUTE FUNCTION "key_stats_after_update"();

INSERT INTO "ProjectKeyStats" ("projectId", "keyCount", "version")
SELECT "projectId", count(*)::int, 1 FROM "Key" GROUP BY "projectId";
