// Turns a PromptContext into the system and user messages. The system message carries the rules
// and the organization's style guide; the user message carries the string and its context.
import type { PromptContext } from "./gather-prompt-context";
import type { PromptMessages } from "./provider-client";

const RULES = [
  "Translate the source text only; never add explanations, quotes or notes to the translation.",
  "Keep every placeholder exactly as written in the source: {name}, {{name}}, %s, %d, %1$s, %@ and the like. Do not translate, rename, add or drop any.",
  "Keep ICU MessageFormat syntax intact: argument names, the keywords plural/select/selectordinal, select options and '#'. Translate only the text inside the branches; plural branches follow the target language's plural categories and always include 'other'.",
  "Keep HTML/XML tags and markup unchanged.",
  "Glossary terms marked DO NOT TRANSLATE stay verbatim. Approved glossary translations are required wherever the term occurs.",
  "Prefer the wording of close translation-memory matches when they fit.",
  "Report confidence as a number from 0 to 100: how sure you are the translation is correct, natural and complete.",
];

export function buildPrompt(ctx: PromptContext): PromptMessages {
  const system: string[] = [
    `You are a professional software localization translator translating user-interface strings from ${ctx.sourceLanguage} to ${ctx.targetLanguage}.`,
    "",
    "Rules:",
    ...RULES.map((r) => `- ${r}`),
  ];
  if (ctx.tone) system.push("", "Style guide (tone):", ctx.tone);
  if (ctx.style) system.push("", "Style instructions:", ctx.style);
  system.push("", "Answer with the translation and your confidence in the required structured format.");

  const user: string[] = [`Key: ${ctx.keyName}`];
  if (ctx.keyDescription) user.push(`Description: ${ctx.keyDescription}`);
  if (ctx.comments.length) user.push("", "Translator comments on this key:", ...ctx.comments.map((c) => `- ${c}`));
  if (ctx.neighbours.length) {
    user.push("", "Neighbouring strings (for context; do not translate them):");
    for (const n of ctx.neighbours) user.push(`- ${n.key}: ${JSON.stringify(n.source)}${n.target ? ` → ${JSON.stringify(n.target)}` : ""}`);
  }
  if (ctx.glossary.length) {
    user.push("", "Glossary:");
    for (const g of ctx.glossary) {
      let line = `- ${JSON.stringify(g.term)}`;
      if (g.doNotTranslate) line += ": DO NOT TRANSLATE (keep verbatim)";
      else if (g.translation)
        line += `: ${g.approved ? "must be translated as" : "suggested translation"} ${JSON.stringify(g.translation)}`;
      if (g.definition) line += ` (${g.definition})`;
      user.push(line);
    }
  }
  if (ctx.tm.length) {
    user.push("", "Translation memory matches:");
    for (const m of ctx.tm) user.push(`- ${m.similarity}% ${JSON.stringify(m.source)} → ${JSON.stringify(m.target)}`);
  }
  if (ctx.additionalContext) user.push("", "Additional context:", ctx.additionalContext);
  user.push("", `Source text (${ctx.sourceLanguage}):`, ctx.sourceText, "", `Translate it into ${ctx.targetLanguage}.`);
  return { system: system.join("\n"), user: user.join("\n") };
}
