// The editor's search field. It holds its own text, so a keystroke re-renders this field only;
// the grid gets the text once typing pauses (SEARCH_DEBOUNCE_MS), which is when a search is sent.
import { type Ref, useEffect, useRef, useState } from "react";

/** Short enough that a search answers soon after the last keystroke, long enough to skip the keystrokes between. */
export const SEARCH_DEBOUNCE_MS = 150;

export function SearchBox({ initial, onSearch, ref }: { initial: string; onSearch: (text: string) => void; ref?: Ref<HTMLInputElement> }) {
  const [text, setText] = useState(initial);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    const t = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <label className="search-field">
      Search
      <input
        ref={ref}
        type="search"
        placeholder="Key, value or description  ( / )"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </label>
  );
}
