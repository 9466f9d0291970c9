/** gettext's msgctxt/msgid separator in a key (the one MO files use): `msgctxt + "\u0004" + msgid`. */
export const CONTEXT_SEPARATOR = "\u0004";
