// A comment's text area with @mention suggestions: `@` and part of a name lists matching people
// under it (↑ ↓ to move, Enter or Tab to pick, Esc to close); the picked people's ids travel in a
// hidden `mentions` field of the form (JSON), so the form reads them with the text.
import { useId, useLayoutEffect, useRef, useState } from "react";
import { insertMention, matchingPeople, mentionAt, mentionedIds, type Person } from "./mentions";

export function MentionTextarea(props: { people: Person[]; label: string; placeholder?: string }) {
  const [text, setText] = useState("");
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Person[]>([]);
  const [activeIndex, setActiveIndex] = useState(0);
  const [closed, setClosed] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  // The caret after a pick is placed in the same commit that renders the new text: a later frame
  // (requestAnimationFrame) would, on a busy browser, land after the next keystroke and move it back.
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caretAfterPick.current === null) return;
    ref.current?.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  });
  const listId = useId();
  const at = closed ? null : mentionAt(text, caret);
  const offered = at ? matchingPeople(props.people, at.query) : [];
  const open = offered.length > 0;
  const active = Math.min(activeIndex, offered.length - 1);

  const pick = (person: Person) => {
    if (!at) return;
    const next = insertMention(text, at.start, caret, person);
    setText(next.text);
    setCaret(next.caret);
    setPicked((p) => [...p, person]);
    caretAfterPick.current = next.caret;
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActiveIndex((i) => (i + (e.key === "ArrowDown" ? 1 : offered.length - 1)) % offered.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      pick(offered[active]!);
    } else if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      setClosed(true);
    }
  };
  return (
    <div className="mention-field">
      <textarea
        ref={ref}
        name="body"
        rows={2}
        aria-label={props.label}
        placeholder={props.placeholder}
        required
        value={text}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
          setActiveIndex(0);
          setClosed(false);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <input type="hidden" name="mentions" value={JSON.stringify(mentionedIds(text, picked))} />
      {open && (
        <div className="mention-list" id={listId} role="listbox" aria-label="People to mention">
          {offered.map((person, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the text area (↑ ↓ Enter)
            <div
              key={person.userId}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(person)}
            >
              {person.name}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
