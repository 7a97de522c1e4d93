/** COMMAND_PERMISSIONS → the default_member_permissions bit field sent with every command. */
import { PermissionFlagsBits } from 'discord.js';

/**
 * "ModerateMembers,KickMembers" → "1099511627778"; a bit field passes through; "none" → null
 * (everyone may use the commands unless a server admin restricts them). Unknown names throw.
 */
export function resolvePermissions(setting: string): string | null {
  if (setting === 'none') return null;
  if (/^\d+$/.test(setting)) return setting;
  let bits = 0n;
  for (const name of setting.split(',')) {
    const flag = (PermissionFlagsBits as Record<string, bigint>)[name.trim()];
    if (flag === undefined) throw new Error(`COMMAND_PERMISSIONS names an unknown permission: ${name}`);
    bits |= flag;
  }
  return bits.toString();
}
