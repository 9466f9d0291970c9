-- Values written by a bulk edit (find and replace, copy, clear) and their history entries.
ALTER TYPE "TranslationSource" ADD VALUE IF NOT EXISTS 'bulk';
