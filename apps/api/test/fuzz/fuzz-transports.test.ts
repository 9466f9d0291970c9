// The fuzzer's short run over tRPC and GraphQL (the long one is `pnpm fuzz`): seeded requests over
// every procedure of /trpc and every query and mutation field of the GraphQL schema, as two tenants,
// each request wrong in one place (see helpers/fuzz/trpc-requests.ts and graphql-requests.ts). Any
// 5xx (in the status, a batch item or a GraphQL error code), any answer slower than 10 s, any error
// not of the surface's documented shape, any trace of the other tenant, and any change to the
// database by a refused request fails the suite.
import { testBackend } from "@locale/db";
import { describe, expect, it } from "vitest";
import { formatFigures, formatFindings, runFuzz } from "../helpers/fuzz/fuzz-run";
import { useFuzzServer } from "../helpers/fuzz/fuzz-suite";
import type { RawResult } from "../helpers/fuzz/send-raw";
import { graphqlVerdict, trpcVerdict } from "../helpers/fuzz/transport-checks";

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const REQUESTS = Number(process.env.FUZZ_TRANSPORT_REQUESTS ?? 2_000);

const answer = (status: number, body: unknown): RawResult => ({
  status,
  text: JSON.stringify(body),
  headers: { "content-type": "application/json; charset=utf-8" },
  ms: 1,
  hung: false,
});

describe("the transport fuzzer's own checks", () => {
  const appBody = { statusCode: 405, message: "Unsupported GET-request", error: "Method Not Allowed" };
  const trpcError = { message: "Unsupported GET-request", code: -32005, data: { httpStatus: 405, code: "METHOD_NOT_SUPPORTED" }, appBody };

  it("holds tRPC answers to the envelope, and finds a server error hidden in a batch", () => {
    expect(trpcVerdict(answer(405, { error: trpcError }))).toEqual({ fiveXx: false, bodyProblem: null, accepted: false });
    expect(trpcVerdict(answer(405, { error: { ...trpcError, data: { ...trpcError.data, stack: "at x" } } })).bodyProblem).toMatch(
      /unexpected data fields/,
    );
    expect(trpcVerdict(answer(400, { error: trpcError })).bodyProblem).toMatch(/httpStatus 405 on a 400/);
    const internal = {
      ...trpcError,
      data: { httpStatus: 500, code: "INTERNAL_SERVER_ERROR" },
      appBody: { ...appBody, statusCode: 500, error: "Internal Server Error" },
    };
    const batch = trpcVerdict(answer(207, [{ result: { data: 1 } }, { error: internal }]));
    expect(batch).toMatchObject({ fiveXx: true, accepted: true });
  });

  it("holds GraphQL answers to the documented extensions, and counts INTERNAL_SERVER_ERROR as a 5xx", () => {
    const ok = { errors: [{ message: "x: must not contain NUL characters", extensions: { code: "BAD_USER_INPUT", statusCode: 400 } }] };
    expect(graphqlVerdict(answer(400, ok))).toEqual({ fiveXx: false, bodyProblem: null, accepted: false });
    const leaky = {
      errors: [{ message: "POST body sent invalid JSON.", extensions: { code: "BAD_REQUEST", statusCode: 400, originalError: {} } }],
    };
    expect(graphqlVerdict(answer(400, leaky)).bodyProblem).toMatch(/internal extensions originalError/);
    const masked = {
      data: null,
      errors: [{ message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR", statusCode: 500 } }],
    };
    expect(graphqlVerdict(answer(200, masked)).fiveXx).toBe(true);
    expect(graphqlVerdict(answer(415, {})).bodyProblem).toMatch(/without errors/);
    expect(graphqlVerdict(answer(200, { data: { a0: { id: "1" }, a1: null }, errors: ok.errors })).accepted).toBe(true);
    // Aliased mutations: a0 ran and wrote before a1 failed and nulled `data`; a1 failing first means a0 never ran.
    const conflict = (path: string) => ({
      data: null,
      errors: [{ message: "exists", path: [path], extensions: { code: "CONFLICT", statusCode: 409 } }],
    });
    expect(graphqlVerdict(answer(200, conflict("a1")), ["a0", "a1"]).accepted).toBe(true);
    expect(graphqlVerdict(answer(200, conflict("a0")), ["a0", "a1"]).accepted).toBe(false);
  });
});

describe(`tRPC and GraphQL fuzzer on ${testBackend()}`, () => {
  const suite = useFuzzServer();

  it(`answers ${REQUESTS} fuzzed tRPC and GraphQL requests with no 5xx, hang, bad error body, leak or change by a refused request`, async () => {
    const { figures, findings } = await runFuzz(suite.server, {
      seed: SEED,
      requests: REQUESTS,
      database: testBackend(),
      webhookUrl: suite.receiver.url,
      surfaces: ["trpc", "graphql"],
    });
    console.log(formatFigures(figures));
    expect(figures.requests).toBe(REQUESTS);
    expect(formatFindings(findings)).toBe("");
  }, 900_000);
});
