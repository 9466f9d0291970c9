// Values are stored unescaped; each format's writer escapes them on export. A value pasted from a
// file still escaped (`Don\'t` from Android XML, `\"` from .strings) is escaped twice and shows its
// backslashes.
import type { QaCheck, QaFinding } from "../types";

const RULES: Record<string, { escapes: RegExp; note: string }> = {
  "android-xml": { escapes: /\\['"@?nt]/g, note: "Android XML escapes it on export" },
  "ios-strings": { escapes: /\\["nt]/g, note: ".strings escapes it on export" },
  "ios-stringsdict": { escapes: /\\["nt]/g, note: "stringsdict escapes it on export" },
  po: { escapes: /\\["nt]/g, note: "PO escapes it on export" },
  pot: { escapes: /\\["nt]/g, note: "PO escapes it on export" },
};

export const formatEscaping: QaCheck = {
  id: "format_escaping",
  description: "No escape sequences of the project's file format (Android \\' and \\\", .strings \\\") typed into the stored text.",
  needsSource: false,
  run: (ctx) => {
    const rule = ctx.input.format ? RULES[ctx.input.format] : undefined;
    if (!rule || !ctx.value.includes("\\")) return [];
    const out: QaFinding[] = [];
    for (const m of ctx.value.matchAll(rule.escapes)) {
      if (ctx.source.includes(m[0])) continue;
      out.push({ message: `"${m[0]}" is an escape sequence; type the character itself (${rule.note}).`, start: m.index, end: m.index + 2 });
    }
    return out;
  },
};
