import type { Actor } from "../auth/actor";
import type { TranslationAuthor } from "./write-translations";

/** History names the user behind a request, whether signed in or using their API key. */
export const authorOf = (actor: Actor): TranslationAuthor => ({ changedBy: actor.userId, changedByName: actor.userName });
