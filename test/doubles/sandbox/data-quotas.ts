/**
 * Sample activity quotas for the generated community: hours on duty per report period for a few of
 * its staff roles, so `/quota check` has something to check offline (`npm run try`, the playground,
 * `npm run sandbox` prints them as REPORTS_QUOTAS).
 */
import type { SandboxMember, SandboxRole } from './types.js';

/** Hours per report period, by role name (roles that no member holds are left out). */
export const SAMPLE_QUOTA_HOURS: Readonly<Record<string, number>> = {
  'Senior Moderator': 8,
  Moderator: 10,
  'Trial Moderator': 12,
  'Support Team': 6,
};

/** Community role id → hours, for the sample roles that exist and that some member holds. */
export function sampleQuotas(
  roles: readonly SandboxRole[],
  members: readonly SandboxMember[],
): Record<string, number> {
  const held = new Set(members.flatMap((m) => m.roles ?? []));
  const quotas: Record<string, number> = {};
  for (const [name, hours] of Object.entries(SAMPLE_QUOTA_HOURS)) {
    const role = roles.find((r) => r.name === name);
    if (role && held.has(role.id)) quotas[role.id] = hours;
  }
  return quotas;
}

/** Quotas written as Rollcall's REPORTS_QUOTAS setting: `roleId=hours,…`. */
export function quotasSetting(quotas: Readonly<Record<string, number>>): string {
  return Object.entries(quotas)
    .map(([roleId, hours]) => `${roleId}=${hours}`)
    .join(',');
}
