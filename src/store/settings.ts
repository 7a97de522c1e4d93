/**
 * One server's settings, chosen by its admins: who may use Rollcall, whether answers are private by
 * default, the API limits of the community's plan, and the names the community gives its integer
 * codes. Stored as JSON beside the credential (nothing here is secret) and validated both ways.
 */
import { z } from 'zod';

/** Names for integer codes: `{ "3": "Warning" }`. A code without a name is shown as its number. */
const labels = z
  .record(z.string().regex(/^-?\d{1,10}$/, 'label keys are integer codes'), z.string().trim().min(1).max(100))
  .refine((map) => Object.keys(map).length <= 100, 'at most 100 labels per kind')
  .default({});

export const guildSettingsSchema = z.object({
  /** Role ids whose holders may use Rollcall on this server (empty: the command permissions decide). */
  accessRoleIds: z.array(z.string().min(1).max(64)).max(25).default([]),
  /** Discord role ids of this server whose holders may use Rollcall (empty: no Discord role check). */
  accessDiscordRoleIds: z
    .array(z.string().regex(/^\d{17,20}$/))
    .max(25)
    .default([]),
  /** Whether answers are private (ephemeral) unless the moderator asks to post publicly. */
  defaultVisibility: z.enum(['private', 'public']).default('private'),
  /** The community's API limits in API_LIMITS form (e.g. "100/30d"); unset: the bot's default. */
  apiLimits: z.string().trim().min(1).max(200).optional(),
  labels: z
    .object({
      logTypes: labels,
      loaStatus: labels,
      loaStartType: labels,
      auditTypes: labels,
      banAppeal: labels,
    })
    .default({ logTypes: {}, loaStatus: {}, loaStartType: {}, auditTypes: {}, banAppeal: {} }),
});

export type GuildSettings = z.output<typeof guildSettingsSchema>;
export type GuildSettingsInput = z.input<typeof guildSettingsSchema>;

/** The settings of a server whose admins chose nothing yet. */
export function defaultSettings(): GuildSettings {
  return guildSettingsSchema.parse({});
}
