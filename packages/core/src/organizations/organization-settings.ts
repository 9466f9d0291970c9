// The organization settings this service knows (docs/api-rules.md, "Organization settings").
// PATCH merges: a field left out keeps its value, `null` removes it (back to the default).
import { z } from "zod";

export const AI_PROVIDERS = ["provider_a", "provider_b"] as const;

// A key travels in an HTTP header of every provider call: only visible ASCII can be sent there.
const ZProviderKey = z
  .string()
  .max(1000)
  .regex(/^[\x21-\x7e]*$/, "An API key holds only visible ASCII characters (no spaces)");

// One engine's organization credentials. `apiKey` is Amazon's access key id; Amazon also needs
// `secretKey` and `region`, Azure takes an optional `region`. `endpoint` replaces the vendor's.
const ZMtEngineKey = z
  .object({
    apiKey: ZProviderKey.min(1),
    secretKey: ZProviderKey.min(1).optional(),
    region: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, "A region is lower-case letters, digits and dashes")
      .optional(),
    endpoint: z.string().max(500).optional(),
  })
  .strict();

export const ZMtEngineKeys = z
  .object({
    deepl: ZMtEngineKey.nullable(),
    google: ZMtEngineKey.nullable(),
    azure: ZMtEngineKey.nullable(),
    amazon: ZMtEngineKey.extend({ secretKey: ZProviderKey.min(1), region: ZMtEngineKey.shape.region.unwrap() }).nullable(),
  })
  .partial()
  .strict();

export const ZOrganizationSettingsPatch = z
  .object({
    defaultSourceLanguage: z.string().min(1).max(64).nullable(),
    aiProvider: z.enum(AI_PROVIDERS).nullable(),
    defaultTranslationWorkflow: z.string().max(200).nullable(),
    toneInstructions: z.string().max(10_000).nullable(),
    // A literal union, not z.boolean(): the REST adapter coerces booleans in bodies ("no" → true).
    tmAutoAdd: z.literal([true, false]).nullable(),
    /** Write-only: reads show only `aiProvidersConfigured`. An empty string or null removes a key. */
    aiProviderKeys: z.object({ provider_a: ZProviderKey.nullable(), provider_b: ZProviderKey.nullable() }).partial().strict().nullable(),
    /** Write-only like the AI keys: reads show only `mtEnginesConfigured`. null removes an engine's key (or all). */
    mtEngineKeys: ZMtEngineKeys.nullable(),
  })
  .partial()
  .strict();

export type TOrganizationSettingsPatch = z.infer<typeof ZOrganizationSettingsPatch>;
