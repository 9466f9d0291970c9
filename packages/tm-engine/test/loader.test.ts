// The suite runs with TM_ENGINE_REQUIRED=1 semantics: an engine that was not built fails here
// instead of silently falling back.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { loadTmEngine, tmEngineLoadError } from "../src/index.js";

describe("loadTmEngine", () => {
  it("loads the native engine", () => {
    const engine = loadTmEngine();
    expect(tmEngineLoadError()).toBeNull();
    expect(engine).not.toBeNull();
    expect(loadTmEngine()).toBe(engine); // loaded once
    expect(engine!.paths.at(-1)).toBe("scalar");
    expect(engine!.paths[0]).toBe(engine!.simd);
  });

  it("picks the best path this processor has", () => {
    const engine = loadTmEngine()!;
    if (process.platform === "linux" && process.arch === "x64") {
      const flags = new Set(
        readFileSync("/proc/cpuinfo", "utf8")
          .match(/^flags\s*:(.*)$/m)![1]!
          .trim()
          .split(/\s+/),
      );
      const avx512 = ["avx512f", "avx512bw", "avx512vl", "avx512vbmi"].every((f) => flags.has(f));
      expect(engine.simd).toBe(avx512 && flags.has("avx2") ? "avx512" : flags.has("avx2") ? "avx2" : "scalar");
    } else {
      expect(engine.paths).toContain(engine.simd);
    }
  });

  it("returns null, without throwing, when the engine is disabled", async () => {
    vi.resetModules();
    vi.stubEnv("TM_ENGINE_DISABLE", "1");
    try {
      const fresh = await import("../src/index.js");
      expect(fresh.loadTmEngine()).toBeNull();
      expect(String(fresh.tmEngineLoadError())).toMatch(/TM_ENGINE_DISABLE/);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
