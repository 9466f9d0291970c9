-- CreateTable
CREATE TABLE "AiUsage" (
    "organizationId" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "characters" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "AiUsage_pkey" PRIMARY KEY ("organizationId","month")
);
