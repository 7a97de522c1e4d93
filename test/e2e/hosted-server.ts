/**
 * One hosted-mode server for the tests of /rollcall-admin's forms (test/reports/hosted-world.ts):
 * started before the tests of the file or describe that asks for it and closed after them, with
 * the bot's store and the admin's forms at hand.
 */
import { afterAll, beforeAll } from 'vitest';
import { ADMIN_IDS } from '../../commands/admin/index.js';
import type { Store } from '../../src/store/index.js';
import { type HostedWorld, type HostedWorldOptions, startHostedWorld } from '../reports/hosted-world.js';
import { type AdminForm, adminForm } from './world.js';

/** The subcommand of /rollcall-admin whose no-option form opens each form, and the form's custom_id. */
const FORMS = {
  reports: { subcommand: 'reports', customId: ADMIN_IDS.reportsForm },
  settings: { subcommand: 'settings', customId: ADMIN_IDS.settingsForm },
};

/** The running hosted world (read inside the tests: it starts in their beforeAll). */
interface HostedServer extends Omit<HostedWorld, 'close'> {
  /** The bot's store. */
  store(): Store;
  /** The form `which` of /rollcall-admin as the server's admin opens and submits it. */
  form(which: keyof typeof FORMS): AdminForm;
}

export function hostedServer(options: HostedWorldOptions): HostedServer {
  let started: HostedWorld | undefined;
  beforeAll(async () => {
    started = await startHostedWorld(options);
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  const running = (): HostedWorld => {
    if (!started) throw new Error('the hosted world is read before its beforeAll started it');
    return started;
  };
  return {
    get world() {
      return running().world;
    },
    get admin() {
      return running().admin;
    },
    adminReports: (reportOptions) => running().adminReports(reportOptions),
    digestDueAgain: () => running().digestDueAgain(),
    store: () => running().world.app.store() as Store,
    form: (which) => adminForm(running().world, running().admin, options.guildId, FORMS[which]),
  };
}
