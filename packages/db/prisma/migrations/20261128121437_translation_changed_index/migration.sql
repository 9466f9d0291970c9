-- The editor's "changed since" filter reads a project's translations by change time.
CREATE INDEX "Translation_projectId_updatedAt_idx" ON "Translation"("projectId", "updatedAt");
