// A searchable list of language codes with their names; Enter or click adds the highlighted one.
// Typing a code not in the list offers it as is (the server decides whether it is valid).
import { useId, useMemo, useState } from "react";
import { LANGUAGE_CODES } from "./language-codes";
import { languageName } from "./ui";

export function LanguagePicker({ label, exclude, onPick }: { label: string; exclude: string[]; onPick: (code: string) => void }) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const options = useMemo(() => {
    const q = query.trim().toLowerCase();
    const all = LANGUAGE_CODES.filter((c) => !exclude.includes(c));
    // Best first: the exact code, codes starting with the text, names starting with it, names containing it.
    const rank = (c: string): number => {
      const code = c.toLowerCase();
      const name = languageName(c).toLowerCase();
      if (code === q) return 0;
      if (code.startsWith(q)) return 1;
      if (name.startsWith(q)) return 2;
      if (name.includes(q)) return 3;
      return 9;
    };
    const matches = q
      ? all
          .map((c) => ({ c, r: rank(c) }))
          .filter((x) => x.r < 9)
          .sort((a, b) => a.r - b.r)
          .map((x) => x.c)
      : all;
    const typed = query.trim();
    if (
      typed &&
      /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(typed) &&
      !matches.some((c) => c.toLowerCase() === typed.toLowerCase()) &&
      !exclude.includes(typed)
    )
      matches.push(typed);
    return matches.length > 50 ? [...matches.slice(0, 49), matches[matches.length - 1]!] : matches;
  }, [query, exclude]);
  const pick = (code: string) => {
    onPick(code);
    setQuery("");
    setActive(0);
  };
  return (
    <div className="picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        role="combobox"
        aria-expanded={query.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={query && options[active] ? `${listId}-${options[active]}` : undefined}
        placeholder="Search by name or code, e.g. German or de"
        value={query}
        autoComplete="off"
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((a) => Math.min(options.length - 1, a + 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === "Enter" && query && options[active]) {
            e.preventDefault();
            pick(options[active]!);
          } else if (e.key === "Escape") setQuery("");
        }}
      />
      {query && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: focus stays in the input
        <ul id={listId} role="listbox" className="picker-list" aria-label={`${label} suggestions`}>
          {options.length === 0 && <li className="hint">No language matches.</li>}
          {options.map((code, i) => (
            <li
              key={code}
              id={`${listId}-${code}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern (options of a listbox)
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={i === active ? "active" : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(code);
              }}
            >
              {languageName(code)} <span className="code">{code}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
