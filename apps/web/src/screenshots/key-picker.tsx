// Picks a key of the project by searching its name: a search field and a list of the matches (a
// native <select>, so it works with a keyboard and a screen reader without a custom combobox).
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { queries } from "../api/queries";

export interface PickedKey {
  id: string;
  label: string;
}

export const keyLabel = (k: { key: string; namespace: string }) => (k.namespace ? `${k.namespace}:${k.key}` : k.key);

export function KeyPicker({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: PickedKey | null;
  onChange: (k: PickedKey) => void;
}) {
  const searchId = useId();
  const selectId = useId();
  const [search, setSearch] = useState("");
  const found = useQuery({
    ...queries.keys.list.queryOptions({ projectId, limit: 20, ...(search ? { search } : {}) }),
    placeholderData: (previous) => previous,
  });
  const options = (found.data?.data ?? []).map((k) => ({ id: k._id, label: keyLabel(k) }));
  if (value && !options.some((o) => o.id === value.id)) options.unshift(value);
  return (
    <div className="key-picker">
      <div className="field">
        <label htmlFor={searchId}>Find a key</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={selectId}>Key</label>
        <select
          id={selectId}
          value={value?.id ?? ""}
          onChange={(e) => {
            const picked = options.find((o) => o.id === e.target.value);
            if (picked) onChange(picked);
          }}
        >
          {!value && <option value="">Choose a key ({found.data?.meta.total ?? 0} found)</option>}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
