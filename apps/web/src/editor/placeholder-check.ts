// The placeholder comparison the server applies to every saved translation, run as the user types
// (the same module, not a copy: warnings in the editor and on the server cannot disagree).
export { comparePlaceholders, type PlaceholderWarning } from "@locale/core/browser";
