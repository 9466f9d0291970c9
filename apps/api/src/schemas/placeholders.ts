// How an import's `placeholders` option is documented, the same for the JSON body and the raw-file import.
export const PLACEHOLDERS_ON_IMPORT =
  "`icu`: rewrite the file's placeholders as ICU arguments, read in the format's platform style (android-xml `%1$s`, ios `%@`, po/mo printf or the entry's python-format, yaml Ruby `%{x}`, JSON i18next `{{x}}`; XLIFF and ARB are ICU already). A value with a placeholder ICU cannot hold (`%x`, `%5s`) is imported as written and listed in `errors`.";
