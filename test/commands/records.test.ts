/**
 * /log, /shift and /audit-log: what `execute` reads and shows, where "Open…" and the shortcut
 * buttons lead, and how an audit log entry is found again from its list page.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import {
  auditDetailView,
  auditEntryArg,
  auditListView,
  auditLog,
  findAuditEntry,
  parseAuditEntryArg,
  readAuditEntry,
} from '../../commands/audit-log.js';
import { log, logDetailView, logUserView } from '../../commands/log.js';
import { shift, shiftDetailView, shiftListView } from '../../commands/shift.js';
import type { AuditLogEntry, Log, Shift } from '../../generated/api.js';
import { ApiError } from '../../src/api/errors.js';
import type { Fetched, PageQuery, Resources } from '../../src/api/types.js';
import type { Command } from '../../src/discord/command.js';
import { MAX_PAGE, parseCustomId } from '../../src/discord/paging/custom-id.js';
import { showDetail, showList } from '../../src/discord/paging/show.js';
import { type DetailView, PAGE_SIZE, type ShowContext } from '../../src/discord/paging/views.js';
import { MESSAGES, UserError } from '../../src/discord/replies.js';
import { assertEmbedWithinLimits, assertNoPings } from '../render/limits.js';
import { buttons, linkOf, selectOptions, showContext } from './roster-fakes.js';

const T = 1_700_000_000;

function fetched<T>(data: T): Fetched<T> {
  return { data, fetchedAt: T * 1000, fromCache: false, stale: false };
}

function page<T>(data: T[], p = 1, total = data.length) {
  return fetched({
    data,
    page: p,
    pageSize: PAGE_SIZE,
    total,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
  });
}

function context(resources: Partial<Resources>): ShowContext {
  return showContext(resources as Resources);
}

function run(command: Command, sub: string, strings: Record<string, string>, show: ShowContext) {
  const interaction = {
    options: {
      getSubcommand: () => sub,
      getString: (name: string) => strings[name] ?? null,
      getUser: () => null,
      getBoolean: () => null,
      getInteger: () => null,
    },
  } as unknown as ChatInputCommandInteraction;
  return command.execute({ interaction, show });
}

/** The arguments of the shortcuts a detail view offers for `item` (none when it has no usable value). */
function shortcutArgs<T>(view: DetailView<T>, item: T): string[] {
  return (view.shortcuts ?? []).flatMap((s) => s.arg(item) ?? []);
}

const aLog: Log = {
  id: 'log_1',
  serverId: 'srv',
  username: 'Player One',
  text: 'Spawn killing',
  type: 1,
  createdAt: T - 60,
  createdBy: '223456789012345678',
};

describe('/log', () => {
  it('view: reads the log and offers all logs of the player', async () => {
    const getLog = vi.fn(async (_id: string) => fetched(aLog));
    const show = context({ getLog });
    const payload = await run(log, 'view', { id: ' log_1 ' }, show);
    expect(getLog).toHaveBeenCalledWith('log_1', { purpose: 'ask' });
    const embed = payload.embeds?.[0];
    expect(embed?.title).toBe('Log log\\_1 · type 1');
    assertEmbedWithinLimits(embed!);
    assertNoPings(embed!, ['223456789012345678']);
    expect(await linkOf(payload, 'All logs of this player', show)).toEqual({
      view: 'log.user',
      arg: 'Player One',
    });
  });

  it('view: refuses an impossible id before any API call', async () => {
    const getLog = vi.fn();
    await expect(run(log, 'view', { id: '../x' }, context({ getLog }))).rejects.toBeInstanceOf(UserError);
    expect(getLog).not.toHaveBeenCalled();
  });

  it('view: turns a 404 into its own sentence', async () => {
    const getLog = vi.fn(async () => {
      throw new ApiError('http', 'not found', { status: 404 });
    });
    await expect(run(log, 'view', { id: 'nope' }, context({ getLog }))).rejects.toThrow(MESSAGES.logNotFound);
  });

  it('view: offers no shortcut for a log without a usable username', () => {
    expect(shortcutArgs(logDetailView, { ...aLog, username: '' })).toEqual([]);
    expect(shortcutArgs(logDetailView, { ...aLog, username: 'x'.repeat(65) })).toEqual([]);
    expect(shortcutArgs(logDetailView, { ...aLog, username: undefined })).toEqual([]);
  });

  it('user: lists the logs of a game username, each openable', async () => {
    const listUserLogs = vi.fn(async (_u: string, q: PageQuery) =>
      page([aLog, { ...aLog, id: 'log_2', hidden: true }], q.page, 2),
    );
    const show = context({ listUserLogs });
    const payload = await run(log, 'user', { username: '  Player One ' }, show);
    expect(listUserLogs).toHaveBeenCalledWith(
      'Player One',
      { page: 1, limit: PAGE_SIZE },
      { purpose: 'ask' },
    );
    expect(payload.embeds?.[0]?.title).toBe('Moderation logs of Player One');
    expect(payload.embeds?.[0]?.footer?.text).toMatch(/^Page 1 of 1 · 2 logs/);
    expect(selectOptions(payload).map((o) => o.value)).toEqual(['log_1', 'log_2']);
    expect(logUserView.open?.detailView).toBe('log');
  });

  it('user: refuses an empty username', async () => {
    await expect(run(log, 'user', { username: '   ' }, context({}))).rejects.toThrow(
      'Give the game username.',
    );
  });
});

const aShift: Shift = {
  id: 'sh_1',
  serverId: 'srv',
  memberId: 'mem_9',
  type: 'patrol',
  createdAt: T - 3600,
  endedAt: 0,
};

describe('/shift', () => {
  it('list: lists shifts, each openable as a shift', async () => {
    const listShifts = vi.fn(async (q: PageQuery) => page([aShift], q.page));
    const payload = await run(shift, 'list', {}, context({ listShifts }));
    expect(listShifts).toHaveBeenCalledWith({ page: 1, limit: PAGE_SIZE }, { purpose: 'ask' });
    expect(payload.embeds?.[0]?.description).toContain('🟢 **Active**');
    expect(payload.embeds?.[0]?.description).toContain('1h so far');
    expect(selectOptions(payload)).toEqual([
      { label: 'Shift · Active · patrol · 14 Nov 2023', value: 'sh_1', description: 'Member mem_9' },
    ]);
    expect(shiftListView.open?.detailView).toBe('shift');
  });

  it("view: reads the shift and links to the member's LOAs", async () => {
    const getShift = vi.fn(async (_id: string) => fetched(aShift));
    const show = context({ getShift });
    const payload = await run(shift, 'view', { id: 'sh_1' }, show);
    expect(getShift).toHaveBeenCalledWith('sh_1', { purpose: 'ask' });
    expect(payload.embeds?.[0]?.title).toBe('🟢 Shift sh\\_1 · Active');
    expect(await linkOf(payload, "Member's LOAs", show)).toEqual({ view: 'loa.member', arg: 'mem_9' });
    expect(shortcutArgs(shiftDetailView, { ...aShift, memberId: '' })).toEqual([]);
    expect(shortcutArgs(shiftDetailView, { ...aShift, memberId: '<@123456789012345678>' })).toEqual([]);
  });
});

const entry = (id: string, extra: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  serverId: 'srv',
  type: 5,
  userId: '223456789012345678',
  timestamp: T - 10,
  description: { logId: 'log_1', summary: 'Created @everyone' },
  ...extra,
});

/** An audit log split into pages of PAGE_SIZE, as the API would serve it. */
function auditResources(all: AuditLogEntry[]) {
  const listAuditLogs = vi.fn(async (q: PageQuery) =>
    page(all.slice((q.page - 1) * q.limit, q.page * q.limit), q.page, all.length),
  );
  return { listAuditLogs };
}

describe('/audit-log', () => {
  const entries = Array.from({ length: 25 }, (_, i) => entry(`a${i}`));

  it('list: names each entry by its page and id in the "Open…" select', async () => {
    const resources = auditResources(entries);
    const payload = await run(auditLog, 'list', {}, context(resources));
    const options = selectOptions(payload);
    expect(options.map((o) => o.value)).toEqual(entries.slice(0, 10).map((e) => `1:${e.id}`));
    expect(options[0]).toEqual({
      label: 'Audit entry · Type 5 · 14 Nov 2023',
      value: '1:a0',
      description: 'by 223456789012345678 · logId: log_1',
    });
    expect(payload.embeds?.[0]?.footer?.text).toMatch(/^Page 1 of 3 · 25 entries/);
    assertNoPings(payload.embeds![0]!, ['223456789012345678']);
  });

  it('open: shows the chosen entry from its page, with a way back to that page', async () => {
    const resources = auditResources(entries);
    const show = context(resources);
    const payload = await showDetail(auditDetailView, auditEntryArg(2, 'a13'), show, {
      view: auditListView.id,
      page: 2,
      arg: '',
    });
    expect(resources.listAuditLogs).toHaveBeenCalledWith({ page: 2, limit: PAGE_SIZE }, { purpose: 'ask' });
    const embed = payload.embeds?.[0];
    expect(embed?.title).toBe('Audit log entry a13 · type 5');
    expect(embed?.description).toContain('**summary**: Created @\u200Beveryone');
    expect(embed?.footer?.text).toContain('Page 2 of the audit log');
    const back = buttons(payload).find((b) => b.label === '↩ Back to list');
    const parsed = parseCustomId(back!.custom_id, show.views.argKindOf);
    expect(parsed.ok && parsed.state).toMatchObject({ view: 'audit-log.all', page: 2 });
  });

  it('open: finds an entry that moved to the next or previous page', async () => {
    // Two new entries arrived at the top since the list was shown: a9 moved from page 1 to page 2.
    const shifted = [entry('new1'), entry('new2'), ...entries];
    const resources = auditResources(shifted);
    const found = await readAuditEntry(resources as unknown as Resources, '1:a9', { purpose: 'ask' });
    expect(found.data).toEqual({ entry: entries[9], page: 2 });
    // Entries were removed: a10 moved from page 2 back to page 1.
    const removed = auditResources(entries.slice(3));
    expect(
      (await readAuditEntry(removed as unknown as Resources, '2:a10', { purpose: 'ask' })).data.page,
    ).toBe(1);
  });

  it('open: says so when the entry is gone, and refuses an argument it did not make', async () => {
    const resources = auditResources(entries) as unknown as Resources;
    await expect(readAuditEntry(resources, '1:missing', { purpose: 'ask' })).rejects.toThrow(
      MESSAGES.auditEntryMoved,
    );
    await expect(readAuditEntry(resources, 'a13', { purpose: 'ask' })).rejects.toThrow(MESSAGES.expired);
    await expect(readAuditEntry(resources, '0:a13', { purpose: 'ask' })).rejects.toThrow(MESSAGES.expired);
  });

  it('open: does not read past the last page or before the first', async () => {
    const resources = auditResources(entries.slice(0, 5));
    await expect(
      readAuditEntry(resources as unknown as Resources, '1:zzz', { purpose: 'ask' }),
    ).rejects.toThrow(MESSAGES.auditEntryMoved);
    expect(resources.listAuditLogs).toHaveBeenCalledTimes(1);
  });

  it('encodes and decodes the page:id argument, ids with colons included', () => {
    expect(parseAuditEntryArg(auditEntryArg(12, 'a:b:c'))).toEqual({ page: 12, id: 'a:b:c' });
    expect(parseAuditEntryArg('x:1')).toBeUndefined();
    expect(parseAuditEntryArg('3:')).toBeUndefined();
    expect(parseAuditEntryArg('0:a')).toBeUndefined();
    expect(parseAuditEntryArg('012:a')).toBeUndefined();
    expect(parseAuditEntryArg(`${MAX_PAGE + 1}:a`)).toBeUndefined();
    expect(parseAuditEntryArg(auditEntryArg(MAX_PAGE, 'z'))).toEqual({ page: MAX_PAGE, id: 'z' });
  });

  it('open: an entry listed on a page above 99,999 opens from the select', async () => {
    // The API reports 1,234,567 entries: the last view page is 123,457, far past five digits.
    const total = 1_234_567;
    const last = Math.ceil(total / PAGE_SIZE);
    const listAuditLogs = vi.fn(async (q: PageQuery) =>
      page(
        q.page === last ? entries.slice(0, total % PAGE_SIZE) : entries.slice(0, PAGE_SIZE),
        q.page,
        total,
      ),
    );
    const show = context({ listAuditLogs });
    const listed = await showList(auditListView, show, { page: last });
    expect(listed.embeds?.[0]?.footer?.text).toMatch(/^Page 123,457 of 123,457 · 1,234,567 entries/);
    // The go-to button shows the count with separators; its custom_id keeps plain digits.
    const goto = buttons(listed).find((b) => b.label === '123,457 / 123,457');
    expect(goto?.custom_id).toMatch(/:123457:$/);
    const value = selectOptions(listed)[0]?.value;
    expect(value).toBe(`${last}:a0`);
    const payload = await showDetail(auditDetailView, value!, show, {
      view: auditListView.id,
      page: last,
      arg: '',
    });
    expect(listAuditLogs).toHaveBeenLastCalledWith({ page: last, limit: PAGE_SIZE }, { purpose: 'ask' });
    expect(payload.embeds?.[0]?.title).toBe('Audit log entry a0 · type 5');
  });

  it('finds an entry on a page, tolerating odd pages', () => {
    expect(findAuditEntry({ data: [entry('a'), entry('b')] }, 'b')?.id).toBe('b');
    expect(findAuditEntry({ data: [null, 'x', entry('c')] }, 'c')?.id).toBe('c');
    expect(findAuditEntry({}, 'a')).toBeUndefined();
    expect(findAuditEntry(undefined, 'a')).toBeUndefined();
  });
});
