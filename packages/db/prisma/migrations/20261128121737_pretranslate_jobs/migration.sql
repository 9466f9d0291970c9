-- TM pre-translation runs as a batch job of its own kind, on the AI batch's tables and machinery.
ALTER TABLE "AiJob" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'ai';
ALTER TABLE "AiJobItem" ADD COLUMN "origin" TEXT;
