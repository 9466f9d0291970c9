-- CreateTable
CREATE TABLE "ScreenshotObjectCleanup" (
    "storageKey" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScreenshotObjectCleanup_pkey" PRIMARY KEY ("storageKey")
);

-- CreateIndex
CREATE INDEX "ScreenshotObjectCleanup_nextAttemptAt_idx" ON "ScreenshotObjectCleanup"("nextAttemptAt");
