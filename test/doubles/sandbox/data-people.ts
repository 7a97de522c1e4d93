/**
 * Roles and members (members carry a sandbox-internal chat id and a staff flag).
 */
import {
  type BaseContext,
  DAY,
  HISTORY_SECONDS,
  hexColour,
  type MemberSeed,
  omitUnset,
} from './data-context.js';
import type { SandboxRole } from './types.js';

const ROLE_NAMES = [
  'Owner',
  'Co-Owner',
  'Director',
  'Head Administrator',
  'Administrator',
  'Senior Moderator',
  'Moderator',
  'Trial Moderator',
  'Support Team',
  'Event Team',
  'Developer',
  'Staff',
  'Department Head',
  'Supervisor',
  'Trainee',
  'Verified',
  'Member',
  'Server Booster',
  'Muted',
  'Bots',
];
/** Role names (by index into ROLE_NAMES) that make a member staff. */
const STAFF_ROLE_COUNT = 15;

/** Roles: the first ones are staff roles; names beyond the list get a generated name. */
export function buildRoles(ctx: BaseContext, count: number): SandboxRole[] {
  const { rng } = ctx;
  return Array.from({ length: count }, (_, index): SandboxRole => {
    const createdAt = ctx.baseTime - HISTORY_SECONDS - rng.int(0, 120) * DAY;
    const role: SandboxRole = {
      id: ctx.id(createdAt),
      serverId: ctx.serverId,
      name: ROLE_NAMES[index] ?? `${ctx.faker.word.adjective()} ${ctx.faker.word.noun()}`,
      colour: hexColour(rng),
      permissions: (BigInt(rng.int(0, 2 ** 30)) * BigInt(rng.int(1, 2 ** 12))).toString(),
      extraPermissions: rng.int(0, 255),
      linkedChatRoleId: rng.chance(0.7) ? ctx.snowflake(createdAt) : '',
      createdAt,
    };
    return ctx.absent() ? omitUnset(role) : role;
  });
}

/** Members: ~15% staff (1-3 staff roles), the rest ordinary roles; a few have no role at all. */
export function buildMembers(ctx: BaseContext, count: number, roles: readonly SandboxRole[]): MemberSeed[] {
  const { rng } = ctx;
  const staffRoles = roles.slice(0, Math.min(STAFF_ROLE_COUNT, roles.length)).map((r) => r.id);
  const otherRoles = roles.slice(staffRoles.length).map((r) => r.id);
  return Array.from({ length: count }, (): MemberSeed => {
    const createdAt = ctx.baseTime - rng.int(0, HISTORY_SECONDS);
    const staff = rng.chance(0.15) && staffRoles.length > 0;
    const roleIds = new Set<string>();
    if (staff) for (const id of rng.sample(staffRoles, rng.int(1, 3))) roleIds.add(id);
    if (otherRoles.length > 0 && rng.chance(0.97)) {
      for (const id of rng.sample(otherRoles, rng.int(1, 2))) roleIds.add(id);
    }
    const chatAccountCreated = ctx.baseTime - rng.int(60 * DAY, 9 * 365 * DAY);
    return {
      member: { id: ctx.id(createdAt), serverId: ctx.serverId, roles: [...roleIds], createdAt },
      chatId: ctx.snowflake(chatAccountCreated),
      staff,
    };
  });
}
