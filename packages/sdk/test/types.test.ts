// Compile-time contract of the generated client, checked by `tsc -p packages/sdk` (CI's
// typecheck): inputs and outputs are the routers' types, path parameters are positional, and
// misuse is a type error. At run time this file only checks that the calls are wired.
import { describe, expect, expectTypeOf, it } from "vitest";
import { type BatchEvent, createClient, type Inputs, type Outputs } from "../src";

const client = createClient({ baseUrl: "http://127.0.0.1:1", apiKey: "svc_x", retries: 0 });

describe("generated client types", () => {
  it("derives inputs and outputs from the routers", () => {
    expectTypeOf(client.projects.create).returns.resolves.toEqualTypeOf<Outputs["projects"]["create"]>();
    expectTypeOf(client.keys.get).parameters.toMatchTypeOf<[projectId: string, keyId: string, ...rest: unknown[]]>();
    expectTypeOf(client.keys.list).returns.resolves.toEqualTypeOf<Outputs["keys"]["list"]>();
    expectTypeOf<Parameters<typeof client.keys.create>[1]>().toMatchTypeOf<Omit<Inputs["keys"]["create"], "projectId">>();
    expectTypeOf(client.keys.listAll).returns.toEqualTypeOf<AsyncIterableIterator<Outputs["keys"]["list"]["data"][number]>>();
    expectTypeOf<Extract<BatchEvent, { type: "complete" }>["data"]["aborted"]>().toEqualTypeOf<boolean | undefined>();
  });

  it("turns misuse into type errors", async () => {
    const calls = [
      // @ts-expect-error the project name is required
      () => client.projects.create({ sourceLanguage: "en" }),
      // @ts-expect-error a path parameter is missing
      () => client.keys.get("project-only"),
      // @ts-expect-error no such operation
      () => client.keys.frobnicate(),
      // @ts-expect-error wrong field type
      () => client.keys.create("p", { key: 42 }),
      // @ts-expect-error only paginated lists have an ...All variant
      () => client.projects.listAll(),
    ];
    expect(calls).toHaveLength(5);
    expect(typeof client.keys.listAll).toBe("function");
    expect((client.projects as Record<string, unknown>).listAll).toBeUndefined();
  });
});
