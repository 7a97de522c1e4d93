/**
 * The states' marks through the real bot: with Rollcall's application emojis uploaded (as
 * deploy-commands does) the answers carry `<:rc_…:id>`, the words beside them; without them, the
 * Unicode marks. Either way nobody is pinged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { embedOf, startWorld, type World } from './world.js';

let world: World | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** /loa list's rows and /shift list's rows, as the moderator sees them. */
async function lists(w: World): Promise<string> {
  const mod = w.double.user({ username: 'mod', roles: ['Moderator'] });
  const loas = await (await w.double.slash(mod, 'loa', { subcommand: 'list' })).response();
  const shifts = await (await w.double.slash(mod, 'shift', { subcommand: 'list' })).response();
  return `${embedOf(loas.message!).description}\n${embedOf(shifts.message!).description}`;
}

describe('application emojis as marks', () => {
  it('shows the application’s emoji beside each state’s words when it has them', async () => {
    world = await startWorld({ emojis: true });
    const ids = new Map(world.double.emojis.items.map((e) => [e.name, e.id]));
    expect(ids.size).toBe(16);
    const text = await lists(world);
    // An LOA row: its state's emoji and then its state in words.
    expect(text).toMatch(/<:rc_(on_leave|pending|approved|denied|cancelled|ended):\d+> \*\*\w/);
    expect(text).toContain(`<:rc_on_duty:${ids.get('rc_on_duty')}> **Active**`);
    expect(text).not.toMatch(/[🟢⚫🟡🔵🔴⚪]/u);
    expect(world.double.allowedMentionsViolations()).toEqual([]);
  }, 60_000);

  it('shows the Unicode marks when the application has none of them', async () => {
    world = await startWorld();
    expect(world.double.emojis.items).toEqual([]);
    const text = await lists(world);
    expect(text).toMatch(/[🟢⚫🟡🔵🔴⚪] \*\*\w/u);
    expect(text).not.toContain('<:rc_');
  }, 60_000);

  it('keeps the Unicode marks with APP_EMOJIS=false, emojis uploaded or not', async () => {
    world = await startWorld({ emojis: true, env: { APP_EMOJIS: 'false' } });
    const text = await lists(world);
    expect(text).not.toContain('<:rc_');
    expect(text).toMatch(/[🟢⚫🟡🔵🔴⚪]/u);
  }, 60_000);
});
