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
