/**
 * No English escapes translation. A moderator whose client speaks the pseudo-locale (en-XA: every
 * word accented and wrapped in ⟦brackets⟧, src/i18n/words.ts) runs every registered slash
 * subcommand, every right-click command, and the controls of what they answer (next page, refresh,
 * export, open, back, go to page, shortcuts), through the real bot, the Discord double and the
 * sandbox API. Every text they can read (content, embeds, buttons, selects, modals, file names) is
 * then checked: outside the brackets only data may remain (the sandbox's records, Discord names,
 * markup, numbers, emoji, punctuation); any other word is English that escaped, and is named.
 */
import type { Locale } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN } from '../../src/i18n/words.js';
import type { DoubleUser } from '../doubles/discord/double.js';
import type { InteractionResponse } from '../doubles/discord/handle.js';
import { holdClock } from '../support/held-clock.js';
import { startWorld, type World } from './world.js';

let world: World;
let moderator: DoubleUser;
/** Every string of the sandbox's records and of Discord's names: data, shown as it is. */
let data: string[];
/** Each visible text, with where it was seen. */
const seen: Array<{ where: string; text: string }> = [];

/** Lets the test's clock go (the screens reached depend on the day: the clock is held at one). */
let releaseClock: (() => void) | undefined;

beforeAll(async () => {
  releaseClock = holdClock();
  world = await startWorld();
  moderator = world.double.user({
    username: 'pseudo-moderator',
    roles: ['Moderator'],
    locale: PSEUDO_LOCALE as Locale,
  });
  data = dataStrings(world);
}, 60_000);
afterAll(async () => {
  await world?.close();
  releaseClock?.();
});

function dataStrings(w: World): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.trim().length >= 2) found.add(value.trim());
    } else if (Array.isArray(value)) for (const v of value) walk(v);
    else if (value !== null && typeof value === 'object')
      // The keys of what the API sends are data too (open-shaped entries show them).
      for (const [k, v] of Object.entries(value)) {
        found.add(k);
        walk(v);
      }
  };
  const ds = w.sandbox.dataset;
  walk([ds.roles, ds.members, ds.loas, ds.logs, ds.shifts, ds.auditLogs, ds.applications, ds.joinRequests]);
  // Discord's own names (users, roles, the server) and the commands' English names, which the pseudo
  // client has no registered translation of (command texts are checked by test/i18n instead).
  // (/me's name as a word only: cut out of "requirements" it would hide the rest.)
  walk(
    w.double
      .registeredCommands(w.double.guildId)
      .map((c) => [c.name === 'me' ? '/me' : c.name, c.description, c.options ?? []]),
  );
  walk(['moderator', 'pseudo-moderator', 'Moderator', 'reporter', 'Rollcall', 'staff-member']);
  // Long data is also shown a line or a sentence at a time.
  for (const value of [...found])
    for (const part of value.split(/\n|(?<=[.!?]) /)) if (part.trim().length >= 8) found.add(part.trim());
  return [...new Set([...found].map(plain))].sort((a, b) => b.length - a.length);
}

/** Every text a message, a modal or an attachment shows its reader. */
function visible(answer: InteractionResponse): string[] {
  const texts: string[] = [];
  const add = (text: unknown) => {
    if (typeof text === 'string' && text !== '') texts.push(text);
  };
  const message = answer.message;
  if (message) {
    add(message.content);
    for (const embed of message.embeds ?? []) {
      add(embed.title);
      add(embed.description);
      add(embed.footer?.text);
      add(embed.author?.name);
      for (const field of embed.fields ?? []) {
        add(field.name);
        add(field.value);
      }
    }
    // File names are made ASCII-safe from the translated name (test/i18n checks them).
  }
  walkComponents(answer.modal ? [answer.modal] : [], add);
  walkComponents(message?.components ?? [], add);
  if (answer.modal) add(answer.modal.title);
  return texts;
}

function walkComponents(components: readonly unknown[], add: (text: unknown) => void) {
  for (const component of components as Array<Record<string, unknown>>) {
    add(component.label);
    add(component.placeholder);
    for (const option of (component.options ?? []) as Array<Record<string, unknown>>) {
      add(option.label);
      add(option.description);
    }
    walkComponents((component.components ?? []) as unknown[], add);
    if (component.component) walkComponents([component.component], add);
  }
}

/** Text as compared with data: no markdown escapes, quote marks at line starts, or runs of spaces. */
function plain(text: string): string {
  return text
    .replace(/\\([^\p{L}\p{N}\s])/gu, '$1')
    .replace(/^[ \t]*>+ ?/gm, '')
    .replace(/\s+/g, ' ');
}

/** What is left of a text once its translated parts, markup and data are taken out. */
function escaped(text: string, known: readonly string[]): string[] {
  let rest = text;
  // Translated parts, innermost first (a sentence may carry a translated word as a value).
  const bracketed = new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_OPEN}${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g');
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(bracketed, ' ');
  }
  // Data as the renderers show it: markdown escapes taken out, spaces as one.
  rest = plain(rest);
  for (const value of known) if (rest.includes(value)) rest = rest.split(value).join(' ');
  // Data cut short ("Jonath…"): the part before the ellipsis begins a known value.
  rest = rest.replace(/([^\s·:|(][^·:|(\n]*?)…/g, (whole, cut: string) =>
    known.some((value) => value.startsWith(cut.trim())) ? ' ' : whole,
  );
  // Discord markup (timestamps, mentions, emoji), code spans, links.
  rest = rest
    .replace(/<[^<>\s]*>/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  // Words of two letters or more are what is left to read.
  // (letters beside digits are ids: "…98cfcc1d").
  return rest.match(/(?<![\p{L}\p{N}])\p{L}[\p{L}'’-]*\p{L}(?![\p{L}\p{N}])/gu) ?? [];
}

let staffMember: DoubleUser | undefined;
/** A Discord user who is a staff member of the community (the sandbox knows their chat id). */
function staffUser(): DoubleUser {
  staffMember ??= world.double.user({
    id: world.sandbox.dataset.staffChatIds[0] as string,
    username: 'staff-member',
  });
  return staffMember;
}

/** The required options of a subcommand, filled from the sandbox's data. */
interface Declared {
  name: string;
  required?: boolean;
  choices?: Array<{ value: unknown }>;
}

function optionsFor(command: string, sub: string, required: readonly Declared[]): Record<string, unknown> {
  const ds = world.sandbox.dataset;
  const samples = ds.samples;
  const ids: Record<string, string | undefined> = {
    loa: ds.loas[0]?.id,
    log: ds.logs[0]?.id,
    shift: ds.shifts[0]?.id,
    application: ds.applications[0]?.id,
  };
  const staff = staffUser();
  const values: Record<string, unknown> = {
    id: ids[command],
    username: samples.busyUsernames[0],
    user: staff,
    'member-id': samples.busyMemberIds[0],
    role: ds.roles[0]?.id,
    form: ds.applications[0]?.id,
    application: ds.applications[0]?.id,
  };
  const out: Record<string, unknown> = {};
  for (const { name, choices } of required) {
    const value = choices?.[0]?.value ?? values[name];
    if (value === undefined) throw new Error(`no sample for ${command} ${sub} ${name}`);
    out[name] = value;
  }
  return out;
}

type Answer = InteractionResponse;
type Component = Record<string, unknown> & { custom_id?: string; label?: string; type?: number };

/** The controls of a message worth pressing: everything but the first/previous/last page arrows. */
function pressable(answer: Answer): Array<{ row: number; col: number; label: string; select: boolean }> {
  const rows = (answer.message?.components ?? []) as Array<{ components?: Component[] }>;
  return rows.flatMap((row, r) =>
    (row.components ?? []).flatMap((c, col) =>
      c.disabled || !c.custom_id || (c.type === 2 && /^[⏮◀⏭]/.test(String(c.label ?? '')))
        ? []
        : [{ row: r, col, label: String(c.label ?? c.placeholder ?? ''), select: c.type === 3 }],
    ),
  );
}

/** Press the control at (row, col) of the answer's message: a button, or the first option of a select. */
function press(answer: Answer, row: number, col: number): Promise<{ response(): Promise<Answer> }> {
  const message = answer.message;
  const rows = (message?.components ?? []) as Array<{ components?: Component[] }>;
  const c = rows[row]?.components?.[col];
  if (!message || !c?.custom_id) throw new Error('the control is gone');
  if (c.type === 3) {
    const value = String((c.options as Array<{ value: string }>)[0]?.value);
    return world.double.select(moderator, message, c.custom_id, [value]);
  }
  return world.double.click(moderator, message, c.custom_id);
}

/**
 * Read what `start` answers, then, from a fresh answer each time (a press changes the message),
 * press each of its controls and read on, `depth` presses deep.
 */
async function explore(where: string, start: () => Promise<Answer>, depth: number): Promise<void> {
  const first = await start();
  for (const text of visible(first)) seen.push({ where, text });
  if (depth === 0) return;
  for (const { row, col, label, select } of pressable(first)) {
    await explore(
      `${where} → ${label}`,
      async () => (await press(await start(), row, col)).response(),
      // Past the first press, only an opened record leads further (to its own buttons).
      select ? depth - 1 : 0,
    );
  }
}

const answerOf = async (pending: Promise<{ response(): Promise<Answer> }>) => (await pending).response();

describe('the pseudo-locale', () => {
  it('leaves no English outside its brackets on any screen a moderator can reach', async () => {
    const registered = world.double.registeredCommands(world.double.guildId);
    for (const command of registered.filter((c) => c.type === 1 || c.type === undefined)) {
      for (const sub of (command.options ?? []).filter((o) => o.type === 1)) {
        const declared = (sub as { options?: Declared[] }).options ?? [];
        const options = optionsFor(
          command.name,
          sub.name,
          declared.filter((o) => o.required),
        );
        await explore(
          `/${command.name} ${sub.name}`,
          () =>
            answerOf(
              world.double.slash(moderator, command.name, {
                subcommand: sub.name,
                options: options as never,
              }),
            ),
          2,
        );
      }
    }
    for (const menu of registered.filter((c) => c.type === 2))
      await explore(
        menu.name,
        () => answerOf(world.double.userCommand(moderator, menu.name, staffUser())),
        1,
      );
    const busy = world.sandbox.dataset.samples.busyUsernames[0] as string;
    const reporter = world.double.user({ username: 'reporter' });
    for (const menu of registered.filter((c) => c.type === 3)) {
      const naming = { author: reporter, content: `Report: Player: ${busy} was spawn killing` };
      await explore(menu.name, () => answerOf(world.double.messageCommand(moderator, menu.name, naming)), 2);
      await explore(
        `${menu.name} (no names)`,
        () => answerOf(world.double.messageCommand(moderator, menu.name, { author: reporter, content: '…' })),
        0,
      );
    }
    // A refusal: a record that does not exist.
    const unknown = { id: world.sandbox.dataset.samples.unknownId };
    await explore(
      '/loa view (unknown id)',
      () => answerOf(world.double.slash(moderator, 'loa', { subcommand: 'view', options: unknown as never })),
      0,
    );

    expect(seen.length).toBeGreaterThan(100);
    // Data reshaped on the way (a mass mention defused, a line cut): its words, one by one.
    const dataWords = new Set(data.flatMap((value) => value.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []));
    const isData = (word: string, text: string) =>
      dataWords.has(word.toLowerCase()) ||
      // a data word cut short by the renderer ("revie…")
      (text.includes(`${word}…`) && [...dataWords].some((w) => w.startsWith(word.toLowerCase())));
    const escapes = seen.flatMap(({ where, text }) => {
      const words = escaped(text, data).filter((word) => !isData(word, text));
      return words.length > 0
        ? [`${where}: ${words.join(' ')}  ⟵  ${JSON.stringify(text.slice(0, 160))}`]
        : [];
    });
    expect([...new Set(escapes)]).toEqual([]);
  }, 600_000);

  it('sees English as English: the check finds a word outside brackets and ignores data', () => {
    expect(escaped('⟦Ŕéáśóñ⟧: spawn killing', [])).toEqual(['spawn', 'killing']);
    expect(escaped('⟦Ŕéáśóñ⟧: spawn killing', ['spawn killing'])).toEqual([]);
    expect(escaped('⟦Ŕéţûŕñś <t:1:R> · ⟦ñéšţéd⟧⟧ `loa_1` 12', [])).toEqual([]);
    expect(escaped('Reviewed by ⟦x⟧', [])).toEqual(['Reviewed', 'by']);
    expect(escaped('⟦a⟧ Jonath…', ['Jonathan Smith'])).toEqual([]);
  });
});
