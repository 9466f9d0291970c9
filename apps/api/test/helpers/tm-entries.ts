// Translation-memory entries written as the service writes them (addTmEntry), for suites that need
// a memory without going through translations; also used by the CLI's tests.
import { addTmEntry } from "@locale/core/tm";
import type { TestServer } from "./test-server";

export async function addTmEntries(
  server: TestServer,
  organizationId: string,
  pairs: [source: string, target: string][],
  languages: { sourceLanguage: string; targetLanguage: string } = { sourceLanguage: "en", targetLanguage: "de" },
): Promise<void> {
  for (const [sourceText, targetText] of pairs) {
    await addTmEntry(server.db.prisma, { organizationId, ...languages, sourceText, targetText });
  }
}
