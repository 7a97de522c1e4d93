/**
 * Game usernames and moderation logs, spread Zipf-like so a few usernames have hundreds of logs.
 */
import { LOG_TYPE } from './codes.js';
import { DAY, type GenContext, HISTORY_SECONDS, HOUR, omitUnset, weighted } from './data-context.js';
import type { JsonObject, SandboxLog } from './types.js';

/** Usernames that need percent-encoding in a path segment; some are placed among the busiest. */
export const SPECIAL_USERNAMES = [
  'Sir Space',
  'q?a#b&c=d',
  'Ünïcødé_Ñame',
  'slash/name',
  '100%_legit',
] as const;

/** Game usernames (unique), with SPECIAL_USERNAMES mixed in. */
export function buildUsernames(ctx: GenContext, count: number): string[] {
  const names = new Set<string>();
  while (names.size < Math.max(0, count - SPECIAL_USERNAMES.length)) {
    let name = ctx.faker.internet.username().replace(/[^A-Za-z0-9_.]/g, '');
    if (name.length < 3 || names.has(name)) name = `${name}${ctx.rng.int(1, 9999)}`;
    names.add(name);
  }
  const list = [...names];
  SPECIAL_USERNAMES.forEach((special, i) => {
    list.splice(Math.min(list.length, [1, 6, 40, 150, 400][i] ?? list.length), 0, special);
  });
  return list.slice(0, count);
}

const CUSTOM_LOG_TYPES: ReadonlyArray<readonly [string, number, number]> = [
  ['Note', LOG_TYPE.note, 10],
  ['Verbal Warning', LOG_TYPE.warning, 25],
  ['Warning', LOG_TYPE.warning, 25],
  ['Kick', LOG_TYPE.kick, 15],
  ['Ban', LOG_TYPE.ban, 10],
  ['Ban Bolo', LOG_TYPE.ban, 3],
  ['Mute', LOG_TYPE.mute, 8],
  ['Jail', LOG_TYPE.jail, 4],
];

/**
 * Moderation logs spread Zipf-like over `usernames` (the first usernames in the ranking get hundreds).
 * Usernames are ranked in the order given (index 0 busiest).
 */
export function buildLogs(
  ctx: GenContext,
  count: number,
  usernames: readonly string[],
  staffChatIds: readonly string[],
): SandboxLog[] {
  const { rng, text, baseTime } = ctx;
  const gameIds = new Map(usernames.map((name) => [name, String(rng.int(10_000_000, 4_999_999_999))]));
  const logTypes = CUSTOM_LOG_TYPES.map(([name, type, weight]) => {
    const typeId = ctx.id(baseTime - HISTORY_SECONDS - DAY);
    return [{ name, type, typeId }, weight] as const;
  });
  const logs: SandboxLog[] = [];
  for (let i = 0; i < count; i++) {
    const username = usernames[rng.zipf(usernames.length, 1)] as string;
    const kind = weighted(rng, logTypes);
    const createdAt = baseTime - rng.int(0, HISTORY_SECONDS);
    const tempBan = kind.type === LOG_TYPE.ban && rng.chance(0.3);
    const expired = !tempBan && rng.chance(0.1) && createdAt + 30 * DAY < baseTime;
    const hidden = rng.chance(0.05);
    const log: SandboxLog = {
      id: ctx.id(createdAt),
      serverId: ctx.serverId,
      username,
      gameId: gameIds.get(username) ?? '',
      type: kind.type,
      typeId: kind.typeId,
      text: text.logText(),
      description: text.logDescription(),
      proof: proof(ctx, createdAt, staffChatIds),
      createdAt,
      createdBy: rng.pick(staffChatIds),
      editedBy: rng.chance(0.1)
        ? [{ userId: rng.pick(staffChatIds), editedAt: Math.min(createdAt + rng.int(60, 7 * DAY), baseTime) }]
        : [],
      completedBy: kind.type === LOG_TYPE.ban || kind.type === LOG_TYPE.kick ? rng.pick(staffChatIds) : '',
      hidden,
      hiddenBy: hidden ? rng.pick(staffChatIds) : '',
      expired,
      expiredAt: expired ? createdAt + 30 * DAY : 0,
      expiredBy: expired && rng.chance(0.5) ? rng.pick(staffChatIds) : '',
      tempBan,
      // temp bans: some already lifted (past unbanAt), some still running (future unbanAt)
      unbanAt: tempBan ? createdAt + rng.int(1, 60) * DAY : 0,
    };
    logs.push(ctx.absent() ? omitUnset(log) : log);
  }
  return logs;
}

function proof(ctx: GenContext, createdAt: number, staffChatIds: readonly string[]): JsonObject[] {
  const { rng } = ctx;
  return Array.from({ length: rng.int(0, 3) }, (): JsonObject => {
    const addedBy = rng.pick(staffChatIds);
    const addedAt = createdAt + rng.int(0, HOUR);
    return rng.pick([
      (): JsonObject => ({
        type: 'image',
        url: `https://cdn.example.com/proof/${rng.hex(16)}.png`,
        addedBy,
        addedAt,
      }),
      (): JsonObject => ({ type: 'link', url: `https://youtu.be/${rng.hex(11)}`, addedBy, addedAt }),
      (): JsonObject => ({ type: 'text', content: ctx.text.tricky(), addedBy, addedAt }),
    ])();
  });
}
