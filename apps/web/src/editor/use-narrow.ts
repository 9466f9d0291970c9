// Whether the screen is narrow (a phone): the editor then shows one language column beside the
// key (with its source text under it), and the side panel covers the grid until closed.
import { useSyncExternalStore } from "react";

export const NARROW_QUERY = "(max-width: 700px)";

const subscribe = (onChange: () => void) => {
  const mq = window.matchMedia(NARROW_QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
};

export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW_QUERY).matches);
}
