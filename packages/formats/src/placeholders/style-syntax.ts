/**
 * The placeholder syntax of each platform style: how a placeholder is read from a value written
 * in that style and how one is written, and how literal text is escaped there.
 */

export const PLACEHOLDER_STYLES = ["icu", "printf", "python", "android", "ios", "i18next", "ruby", "dotnet"] as const;
export type PlaceholderStyle = (typeof PLACEHOLDER_STYLES)[number];

export function isPlaceholderStyle(value: unknown): value is PlaceholderStyle {
  return typeof value === "string" && (PLACEHOLDER_STYLES as readonly string[]).includes(value);
}

/** What a placeholder formats: a string, an integer (optionally zero-padded), a decimal (optionally with fixed fraction digits). */
export type ValueKind = { type: "string" } | { type: "integer"; zeroPad?: number } | { type: "decimal"; fraction?: number };

/** One placeholder read from a styled value: by name (named styles) or by 0-based index. */
export type StyledArg = { name?: string; index?: number; value: ValueKind };

export type StyledPart = { kind: "text"; text: string } | { kind: "arg"; arg: StyledArg };

/** Styles whose placeholders carry names; the others number them. */
export const NAMED_STYLES: ReadonlySet<PlaceholderStyle> = new Set(["python", "i18next", "ruby"]);

/** The printf family: C, Java and Android `%s %d %1$s`, iOS `%@ %lld %1$@`. */
const PRINTF = /%(?:(\d+)\$)?([-+ 0#']*)(\d+)?(?:\.(\d+))?(hh|h|ll|l|q|z|t|j|L)?([diouxXeEfFgGaAcsSp@])|%%/g;
/** Python: named `%(name)s`, or positional `%s %d` in order (Python has no `%1$s`). */
const PYTHON = /%\(([^)]*)\)([-+ 0#]*)(\d+)?(?:\.(\d+))?([diouxXeEfFgGcrsa])|%%|%([-+ 0#]*)(\d+)?(?:\.(\d+))?([diouxXeEfFgGcrsa])/g;
const RUBY = /%%|%\{([^{}]*)\}|%<(\w+)>([-+ 0#]*)(\d+)?(?:\.(\d+))?([bBdiouxXeEfgGcps])/g;
const DOTNET = /\{\{|\}\}|\{(\d+)(,\s*-?\d+)?(?::([^{}]*))?\}/g;
const I18NEXT = /\{\{\s*([^{},\s]+)\s*(?:,\s*([^{}]*?)\s*)?\}\}/g;

/** A printf conversion (flags, width, precision, conversion letter) as a value kind, if ICU can hold it. */
function printfKind(flags: string, width: string | undefined, precision: string | undefined, conv: string): ValueKind | undefined {
  if (conv === "s" || conv === "@" || conv === "S") {
    return flags || width || precision ? undefined : { type: "string" };
  }
  if (conv === "d" || conv === "i") {
    if (precision) return undefined;
    if (!flags && !width) return { type: "integer" };
    if (flags === "0" && width) return { type: "integer", zeroPad: Number(width) };
    return undefined;
  }
  if (conv === "f" || conv === "F") {
    if (flags || width) return undefined;
    return precision === undefined ? { type: "decimal" } : { type: "decimal", fraction: Number(precision) };
  }
  return undefined;
}

export type ReadResult = { parts: StyledPart[]; unsupported: string[] };

/**
 * Split a value written in `style` into literal text and placeholders. Placeholders ICU cannot
 * hold (`%x`, `%5s`, `{0,8}`) are listed in `unsupported`. Ruby and i18next leave every other `%`
 * alone (Rails date formats `%Y-%m-%d` are text there).
 */
export function readStyled(text: string, style: Exclude<PlaceholderStyle, "icu">): ReadResult {
  const parts: StyledPart[] = [];
  const unsupported: string[] = [];
  let literal = "";
  let last = 0;
  let sequential = 0;
  const push = (arg: StyledArg) => {
    if (literal) parts.push({ kind: "text", text: literal });
    literal = "";
    parts.push({ kind: "arg", arg });
  };
  const re = style === "python" ? PYTHON : style === "ruby" ? RUBY : style === "dotnet" ? DOTNET : style === "i18next" ? I18NEXT : PRINTF;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    literal += text.slice(last, m.index);
    last = m.index + m[0].length;
    const whole = m[0];
    if (whole === "%%") {
      literal += "%";
      continue;
    }
    if (style === "dotnet" && (whole === "{{" || whole === "}}")) {
      literal += whole[0];
      continue;
    }
    let arg: StyledArg | undefined;
    if (style === "python") {
      if (m[5] !== undefined) {
        const kind = printfKind(m[2] ?? "", m[3], m[4], m[5]);
        if (kind && m[1]) arg = { name: m[1], value: kind };
      } else {
        const kind = printfKind(m[6] ?? "", m[7], m[8], m[9]!);
        if (kind) arg = { index: sequential++, value: kind };
      }
    } else if (style === "ruby") {
      if (m[1] !== undefined) arg = /^\w+$/.test(m[1]) ? { name: m[1], value: { type: "string" } } : undefined;
      else {
        const kind = printfKind(m[3] ?? "", m[4], m[5], m[6]!);
        if (kind && kind.type !== "string") arg = { name: m[2]!, value: kind };
      }
    } else if (style === "dotnet") {
      const format = m[3];
      const kind: ValueKind | undefined = m[2]
        ? undefined
        : format === undefined
          ? { type: "string" }
          : /^[Dd]$/.test(format)
            ? { type: "integer" }
            : /^[Dd]\d+$/.test(format)
              ? { type: "integer", zeroPad: Number(format.slice(1)) }
              : /^[Nn]$/.test(format)
                ? { type: "decimal" }
                : /^[Ff]\d+$/.test(format)
                  ? { type: "decimal", fraction: Number(format.slice(1)) }
                  : undefined;
      if (kind) arg = { index: Number(m[1]), value: kind };
    } else if (style === "i18next") {
      const format = m[2];
      const kind: ValueKind | undefined =
        format === undefined
          ? { type: "string" }
          : format === "number"
            ? { type: "decimal" }
            : format === "integer"
              ? { type: "integer" }
              : undefined;
      if (kind) arg = { name: m[1]!, value: kind };
    } else {
      const kind = printfKind(m[2] ?? "", m[3], m[4], m[6]!);
      // Length modifiers (`%ld`, `%lld`) only size integers.
      if (kind && (!m[5] || kind.type === "integer")) {
        arg = { index: m[1] !== undefined ? Number(m[1]) - 1 : sequential, value: kind };
        if (m[1] === undefined) sequential++;
      }
    }
    if (arg) push(arg);
    else {
      unsupported.push(whole);
      literal += whole;
    }
  }
  literal += text.slice(last);
  if (literal) parts.push({ kind: "text", text: literal });
  return { parts, unsupported };
}

/** Whether a value holds at least one placeholder of the style (so it is already written in it). */
export function hasStyledPlaceholder(text: string, style: Exclude<PlaceholderStyle, "icu">): boolean {
  return readStyled(text, style).parts.some((p) => p.kind === "arg");
}

/** Literal text escaped for the style; undefined when the style has no way to write it. */
export function escapeStyledText(text: string, style: Exclude<PlaceholderStyle, "icu">): string | undefined {
  switch (style) {
    case "ruby":
      // Only `%` that could start an interpolation (or an escape) is doubled: `100%`, `%Y` stay.
      return text.replace(/%(?=[{<%]|$)/g, "%%");
    case "dotnet":
      return text.replace(/\{/g, "{{").replace(/\}/g, "}}");
    case "i18next":
      // i18next has no escape for `{{`.
      return text.includes("{{") || text.includes("}}") ? undefined : text;
    default:
      return text.replace(/%/g, "%%");
  }
}

/** One placeholder in the style. `position` is 1-based and given when the message needs positions. */
export function writeStyledArg(
  style: Exclude<PlaceholderStyle, "icu">,
  name: string,
  value: ValueKind,
  position: number | undefined,
): string | undefined {
  const at = position !== undefined ? `${position}$` : "";
  const printfConv = (stringConv: string, intLength: string) =>
    value.type === "string"
      ? stringConv
      : value.type === "integer"
        ? `${value.zeroPad ? `0${value.zeroPad}` : ""}${intLength}d`
        : `${value.fraction !== undefined ? `.${value.fraction}` : ""}f`;
  switch (style) {
    case "printf":
    case "android":
      return `%${at}${printfConv("s", "")}`;
    case "ios":
      return `%${at}${printfConv("@", "ll")}`;
    case "python":
      return `%(${name})${printfConv("s", "")}`;
    case "ruby":
      return value.type === "string" ? `%{${name}}` : `%<${name}>${printfConv("s", "")}`;
    case "i18next":
      return value.type === "string"
        ? `{{${name}}}`
        : value.type === "integer" && !value.zeroPad
          ? `{{${name}, integer}}`
          : value.type === "decimal" && value.fraction === undefined
            ? `{{${name}, number}}`
            : undefined;
    case "dotnet": {
      const index = (position ?? 1) - 1;
      if (value.type === "string") return `{${index}}`;
      if (value.type === "integer") return `{${index}:D${value.zeroPad ?? ""}}`;
      return `{${index}:${value.fraction !== undefined ? `F${value.fraction}` : "N"}}`;
    }
  }
}
