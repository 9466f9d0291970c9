// What a marker's id stands for: one key of one namespace in one language. Ids are small
// integers handed out in order, so markers stay a few characters long.

export interface Mark {
  key: string;
  /** The project's namespace ("" is the default one). */
  namespace: string;
  language: string;
}

const marks: Mark[] = [];
const ids = new Map<string, number>();

export function idOf(mark: Mark): number {
  const name = `${mark.language}\u0000${mark.namespace}\u0000${mark.key}`;
  let id = ids.get(name);
  if (id === undefined) {
    id = marks.push({ ...mark }) - 1;
    ids.set(name, id);
  }
  return id;
}

export function markOf(id: number): Mark | undefined {
  return marks[id];
}
