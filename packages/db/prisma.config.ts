import { defineConfig } from "prisma/config";

// Used only by `prisma generate`; migrations run through the WASM schema engine (src/migrate.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
});
