-- The background recheck of stored quality-check issues after a settings change (docs/quality-checks.md):
-- one row per project with its progress, so an interrupted recheck resumes where it stopped.

-- CreateTable
CREATE TABLE "QaRecheck" (
    "projectId" TEXT NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "cursor" TEXT,
    "total" INTEGER NOT NULL DEFAULT 0,
    "checked" INTEGER NOT NULL DEFAULT 0,
    "changed" INTEGER NOT NULL DEFAULT 0,
    "lockedBy" TEXT,
    "heartbeatAt" TIMESTAMPTZ(3),
    "requestedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMPTZ(3),

    CONSTRAINT "QaRecheck_pkey" PRIMARY KEY ("projectId")
);

-- CreateIndex
CREATE INDEX "QaRecheck_status_heartbeatAt_idx" ON "QaRecheck"("status", "heartbeatAt");

-- AddForeignKey
ALTER TABLE "QaRecheck" ADD CONSTRAINT "QaRecheck_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;
