-- Quality checks (docs/quality-checks.md): per-project severities, per-key length limits, and the
-- warnings stored with each translation. Constant defaults: no table rewrite on PostgreSQL 11+.

-- AlterTable
ALTER TABLE "Key" ADD COLUMN     "maxLength" INTEGER;

-- AlterTable
ALTER TABLE "Project" ADD COLUMN     "qaSettings" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "Translation" ADD COLUMN     "qaIssues" JSONB NOT NULL DEFAULT '[]';
