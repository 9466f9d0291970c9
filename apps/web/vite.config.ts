// The web application's build: one origin, hashed assets under /assets, every screen group its own
// chunk (the editor route does not load the organization screens' code).
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  base: "/",
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { "/trpc": "http://127.0.0.1:3000", "/api": "http://127.0.0.1:3000" } },
});
