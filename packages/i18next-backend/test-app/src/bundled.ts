// The strings shipped inside the application's build: what it shows when the service cannot be
// reached and nothing was kept from an earlier visit.
export const bundled = {
  en: { translation: { title: "Welcome (bundled)", greeting: "Hello, {{name}}! (bundled)" }, common: { save: "Save (bundled)" } },
  de: {
    translation: { title: "Willkommen (gebündelt)", greeting: "Hallo, {{name}}! (gebündelt)" },
    common: { save: "Speichern (gebündelt)" },
  },
};
