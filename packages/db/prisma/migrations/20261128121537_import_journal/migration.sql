-- Large imports on PGlite commit batch by batch: this is what a failed or interrupted one takes back.
CREATE TABLE "ImportJournal" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "startedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportJournal_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "ImportUndo" (
    "id" BIGSERIAL NOT NULL,
    "importId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "previous" JSONB,

    CONSTRAINT "ImportUndo_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ImportUndo_importId_kind_idx" ON "ImportUndo"("importId", "kind");

ALTER TABLE "ImportUndo" ADD CONSTRAINT "ImportUndo_importId_fkey" FOREIGN KEY ("importId") REFERENCES "ImportJournal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
