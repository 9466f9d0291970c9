// A member role as a word in a sentence ("Translator").
const LABELS: Record<string, string> = {
  owner: "Owner",
  admin: "Administrator",
  developer: "Developer",
  translator: "Translator",
  reviewer: "Reviewer",
};

export function roleLabel(role: string): string {
  return LABELS[role] ?? role;
}
