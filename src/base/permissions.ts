/** COMMAND_PERMISSIONS → the default_member_permissions bit field (read by config and the deploy script). */
import { PermissionFlagsBits, PermissionsBitField, type PermissionsString } from 'discord.js';

/**
 * "ModerateMembers,KickMembers" → "1099511627778"; a bit field passes through; "none" → null
 * (everyone may use the commands unless a server admin restricts them). Unknown names throw.
 */
export function resolvePermissions(setting: string): string | null {
  if (setting === 'none') return null;
  if (/^\d+$/.test(setting)) return setting;
  const names = setting.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !Object.hasOwn(PermissionFlagsBits, name));
  if (unknown !== undefined) throw new Error(`COMMAND_PERMISSIONS names an unknown permission: ${unknown}`);
  return PermissionsBitField.resolve(names as PermissionsString[]).toString();
}

/** The kinds of post Rollcall makes in a channel of its own accord. */
export type PostKind = 'digest' | 'reminder' | 'alert';

/** A permission by the name Discord shows admins ("Attach Files"), with its bit. */
type Need = readonly [bit: bigint, name: string];

const VIEW: Need = [PermissionFlagsBits.ViewChannel, 'View Channel'];
const SEND: Need = [PermissionFlagsBits.SendMessages, 'Send Messages'];
const EMBED: Need = [PermissionFlagsBits.EmbedLinks, 'Embed Links'];
const ATTACH: Need = [PermissionFlagsBits.AttachFiles, 'Attach Files'];

/**
 * What each kind of post needs of the bot in its channel, the one table the settings (form and slash
 * options), the schedulers' checks and the environment channels' log lines read: `always`, and
 * `chart` for the picture a post carries while charts are on. A digest is embeds (without Embed
 * Links Discord drops them, or refuses a message of embeds alone), its chart a file (without Attach
 * Files Discord refuses the message: 403, 50013); a leave reminder and an allowance alert are text.
 */
const POST_NEEDS: Readonly<Record<PostKind, { always: readonly Need[]; chart: readonly Need[] }>> = {
  digest: { always: [VIEW, SEND, EMBED], chart: [ATTACH] },
  reminder: { always: [VIEW, SEND], chart: [] },
  alert: { always: [VIEW, SEND], chart: [] },
};

/** What a post of `kind` needs (the chart's too when `charts`), bits and names. */
export function postNeeds(kind: PostKind, charts: boolean): readonly Need[] {
  const needs = POST_NEEDS[kind];
  return charts ? [...needs.always, ...needs.chart] : needs.always;
}

/**
 * The names (as Discord shows them) of what the bot lacks to post `kind` where `has` says which
 * permissions it holds; [] when it lacks nothing.
 */
export function missingToPost(kind: PostKind, charts: boolean, has: (bit: bigint) => boolean): string[] {
  return postNeeds(kind, charts)
    .filter(([bit]) => !has(bit))
    .map(([, name]) => name);
}
