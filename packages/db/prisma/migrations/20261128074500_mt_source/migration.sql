-- Values written by a machine translation engine (DeepL, Google, Azure, Amazon).
ALTER TYPE "TranslationSource" ADD VALUE 'mt';
