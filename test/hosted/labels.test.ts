import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/discord/replies.js';
import { MAX_LABEL_LENGTH } from '../../src/render/labels.js';
import type { Store } from '../../src/store/index.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import { embedOf, type World } from '../e2e/world.js';
import { startHostedWorld } from './world.js';

const A = '1310000000000000001';
const B = '1310000000000000002';
const TOKEN_A = 'labels-community-a-token-5d1c'; // the tokens are the sandbox's, not secrets
const TOKEN_B = 'labels-community-b-token-8e2f';

let world: World;
let admin: DoubleUser;
let store: Store;

beforeAll(async () => {
  ({ world, admin, store } = await startHostedWorld({
    servers: [
      { guildId: A, token: TOKEN_A, seed: 11, label: 'labels-a' },
      { guildId: B, token: TOKEN_B, seed: 22, label: 'labels-b' },
    ],
    keyByte: 5,
  }));
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function labels(options: Record<string, string | boolean>, guildId = A) {
  return (
    await world.double.slash(admin, 'rollcall-admin', { subcommand: 'labels', options, guildId })
  ).response();
}

async function slash(name: string, subcommand: string, options: Record<string, string>, guildId: string) {
  return (await world.double.slash(world.mod, name, { subcommand, options, guildId })).response();
}

function fieldOf(message: Parameters<typeof embedOf>[0], name: string): string | undefined {
  return embedOf(message).fields?.find((f) => f.name === name)?.value;
}

describe('labels for the integer codes, per server', () => {
  it('shows a log type label in /log of its server only; another code stays a number', async () => {
    const a = world.sandbox.datasetOf(TOKEN_A);
    const b = world.sandbox.datasetOf(TOKEN_B);
    const logA = a.logs.find((l) => typeof l.type === 'number' && b.logs.some((m) => m.type === l.type))!;
    const code = logA.type as number;
    const logB = b.logs.find((l) => l.type === code)!;
    const other = a.logs.find((l) => typeof l.type === 'number' && l.type !== code)!;

    const saved = await labels({ table: 'logTypes', code: String(code), label: 'Warning' });
    expect(saved.ephemeral).toBe(true);
    expect(saved.message?.content).toBe(MESSAGES.labelSaved(String(code), `${code} (Warning)`));
    await labels({ table: 'logTypes', code: String(code), label: 'Caution' }, B);

    const inA = await slash('log', 'view', { id: logA.id }, A);
    expect(fieldOf(inA.message, 'Type')).toBe(`${code} (Warning)`);
    expect(embedOf(inA.message).title).toContain(`type ${code} (Warning)`);
    const inB = await slash('log', 'view', { id: logB.id }, B);
    expect(fieldOf(inB.message, 'Type')).toBe(`${code} (Caution)`);
    const unset = await slash('log', 'view', { id: other.id }, A);
    expect(fieldOf(unset.message, 'Type')).toBe(String(other.type));

    // The list of a player's logs and its "Open…" select carry the label too.
    const list = await slash('log', 'user', { username: logA.username as string }, A);
    expect(embedOf(list.message).description).toContain(`type ${code} (Warning)`);
    expect(JSON.stringify(list.message?.components)).toContain(`Type ${code} (Warning) · `);
  });

  it('shows LOA status and start type labels in /loa of its server only', async () => {
    const a = world.sandbox.datasetOf(TOKEN_A);
    const b = world.sandbox.datasetOf(TOKEN_B);
    const loaA = a.loas.find((l) => typeof l.status === 'number' && typeof l.startType === 'number')!;
    const loaB = b.loas.find((l) => l.status === loaA.status)!;
    await labels({ table: 'loaStatus', code: String(loaA.status), label: 'Granted' });
    await labels({ table: 'loaStartType', code: String(loaA.startType), label: 'Right away' });
    const inA = await slash('loa', 'view', { id: loaA.id }, A);
    expect(fieldOf(inA.message, 'Status code')).toBe(`${loaA.status} (Granted)`);
    expect(fieldOf(inA.message, 'Start type')).toBe(`${loaA.startType} (Right away)`);
    const inB = await slash('loa', 'view', { id: loaB.id }, B);
    expect(fieldOf(inB.message, 'Status code')).toBe(String(loaB.status));
  });

  it('shows audit type labels in /audit-log of its server only', async () => {
    const first = await slash('audit-log', 'list', {}, A);
    const code = /\*\*type (-?\d+)\*\*/.exec(embedOf(first.message).description ?? '')?.[1];
    expect(code).toBeDefined();
    await labels({ table: 'auditTypes', code: code as string, label: 'Role changed' });
    const labelled = await slash('audit-log', 'list', {}, A);
    expect(embedOf(labelled.message).description).toContain(`**type ${code} (Role changed)**`);
    expect(JSON.stringify(labelled.message?.components)).toContain(`Type ${code} (Role changed) · `);
    const inB = await slash('audit-log', 'list', {}, B);
    expect(embedOf(inB.message).description).not.toContain('(Role changed)');
  });

  it('lists the labels set, clears one, and refuses bad input with one sentence', async () => {
    const before = (await store.getSettings(A)).labels;
    const cases: Array<[Record<string, string | boolean>, string]> = [
      [{ code: '3', label: 'Kick' }, MESSAGES.labelNeedsTable],
      [{ table: 'logTypes', code: 'three', label: 'Kick' }, MESSAGES.labelBadCode],
      [{ table: 'logTypes', code: '3.5', label: 'Kick' }, MESSAGES.labelBadCode],
      [{ table: 'logTypes', code: '3' }, MESSAGES.labelNeedsText],
      [{ table: 'logTypes', code: '3', label: '<@&123456789012345678>' }, MESSAGES.labelBadText],
      [{ table: 'logTypes', code: '3', label: '**Kick**' }, MESSAGES.labelBadText],
      [{ table: 'logTypes', code: '3', label: 'see https://example.com' }, MESSAGES.labelBadText],
      [{ table: 'logTypes', code: '3', label: '   ' }, MESSAGES.labelBadLength(MAX_LABEL_LENGTH)],
      [{ table: 'logTypes', code: '3', label: 'x'.repeat(41) }, MESSAGES.labelBadLength(MAX_LABEL_LENGTH)],
      [{ table: 'logTypes', code: '3', label: 'Kick', clear: true }, MESSAGES.labelBoth],
    ];
    for (const [options, sentence] of cases) {
      const answer = await labels(options);
      expect(answer.ephemeral).toBe(true);
      expect(answer.message?.content).toBe(sentence);
    }
    expect((await store.getSettings(A)).labels).toEqual(before);

    const shown = await labels({});
    expect(shown.message?.content).toMatch(/^Log type: -?\d+ = Warning\n/m);
    expect(shown.message?.content).toContain('Audit type: ');

    const code = Object.keys(before.logTypes)[0] as string;
    const cleared = await labels({ table: 'logTypes', code, clear: true });
    expect(cleared.message?.content).toBe(MESSAGES.labelCleared(code));
    expect((await store.getSettings(A)).labels.logTypes).toEqual({});
    expect((await store.getSettings(B)).labels.logTypes).toEqual({ [code]: 'Caution' });
    // Clear with no code: the whole table of that server.
    const table = await labels({ table: 'logTypes', clear: true }, B);
    expect(table.message?.content).toBe(MESSAGES.labelsTableCleared('Log type'));
    expect((await store.getSettings(B)).labels.logTypes).toEqual({});
    expect(Object.keys((await store.getSettings(A)).labels.auditTypes)).toHaveLength(1);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  });
});
