// 50 keys: the English source and the French the page shows.
const kinds = { nav: 5, action: 10, item: 10, cell: 10, field: 5, hint: 5 } as const;

function build(language: "en" | "fr"): Record<string, string> {
  const strings: Record<string, string> = {
    "page.title": language === "en" ? "Welcome" : "Bienvenue",
    "page.intro": language === "en" ? "A page with fifty keys." : "Une page avec cinquante clés.",
    "page.greeting": language === "en" ? "Hello, {{name}}!" : "Bonjour, {{name}} !",
    "page.hint": language === "en" ? "Alt+click any text to edit it." : "Alt+clic sur un texte pour le modifier.",
    "page.footer": language === "en" ? "Made for tests." : "Fait pour les tests.",
  };
  for (const [kind, count] of Object.entries(kinds)) {
    for (let i = 1; i <= count; i++) strings[`${kind}.${i}`] = `${language === "en" ? "Text" : "Texte"} ${kind} ${i}`;
  }
  return strings;
}

export const en = build("en");
export const fr = build("fr");
export const KEYS = Object.keys(en);
