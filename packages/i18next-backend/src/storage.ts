// The kept copies' storage: the Web Storage API (localStorage, sessionStorage) as an i18next user
// passes it, or the SDK's own `{get, set}` (an async KV store, a file).
import type { DeliveryStorage } from "@locale/sdk";

export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function toDeliveryStorage(storage: WebStorageLike | DeliveryStorage): DeliveryStorage {
  if ("getItem" in storage) return { get: (key) => storage.getItem(key), set: (key, value) => storage.setItem(key, value) };
  return storage;
}
