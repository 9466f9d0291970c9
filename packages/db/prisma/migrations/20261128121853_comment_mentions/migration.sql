-- The members a comment mentions (@Name), as user ids.
ALTER TABLE "Comment" ADD COLUMN "mentions" TEXT[] DEFAULT ARRAY[]::TEXT[];
