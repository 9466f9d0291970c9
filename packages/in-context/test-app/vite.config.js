// No inline script or style in the output: the page is served under a strict CSP.
import { defineConfig } from "vite";

export default defineConfig({
  build: { target: "es2022", modulePreload: { polyfill: false }, assetsInlineLimit: 0 },
});
