// @mentions in comments (docs/editor-shortcuts.md, "Comments in the grid"): typing `@` and part
// of a name offers the organization's people; the picked names go into the text as `@Name` and
// their user ids are sent with the comment, which stores them.
import { useQuery } from "@tanstack/react-query";
import { queries } from "../api/queries";
import type { RouterOutputs } from "../api/trpc";

export type Person = RouterOutputs["comments"]["people"][number];

/** Most names offered at once. */
const OFFERED = 8;

export function usePeople(projectId: string): Person[] {
  const people = useQuery({
    ...queries.comments.people.queryOptions({ projectId }),
    staleTime: 60_000,
  });
  return people.data ?? [];
}

/** The `@name` being typed just before the caret: where its `@` is and what follows it; null when none. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[1]!.length - 1, query: m[1]! } : null;
}

/** The people whose name starts with `query` (any of its words), case-insensitively, at most OFFERED. */
export function matchingPeople(people: Person[], query: string): Person[] {
  const q = query.toLocaleLowerCase();
  return people
    .filter((p) =>
      p.name
        .toLocaleLowerCase()
        .split(/\s+/)
        .some((_, i, ws) => ws.slice(i).join(" ").startsWith(q)),
    )
    .slice(0, OFFERED);
}

/** `text` with the `@query` at `start`..`caret` replaced by `@Name `, and the caret after it. */
export function insertMention(text: string, start: number, caret: number, person: Person): { text: string; caret: number } {
  const inserted = `@${person.name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/** The ids of the picked people whose `@Name` is still in the text. */
export function mentionedIds(text: string, picked: Person[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.userId))];
}
