/** Every slash command Rollcall offers, in the order they are registered. */

import type { Command } from '../src/discord/command.js';
import type { Community } from '../src/discord/community.js';
import { application } from './application.js';
import { auditLog } from './audit-log.js';
import { joinRequest } from './join-request.js';
import { loa } from './loa.js';
import { log } from './log.js';
import { me } from './me.js';
import { member } from './member.js';
import { quota } from './quota.js';
import { role } from './role.js';
import { createRollcallCommand, type StatusInfo } from './rollcall.js';
import { shift } from './shift.js';

/**
 * The commands that read the community server's records, in the order they are registered: a new
 * command is one line here. Their definitions keep their literal shapes (`satisfies Command`), from
 * which commands/texts.ts types the catalogues' command texts.
 */
export const resourceCommands = [
  loa,
  log,
  auditLog,
  shift,
  role,
  member,
  application,
  joinRequest,
  quota,
  me,
] as const satisfies readonly Command[];

/** All commands, with /rollcall reporting on the running bot through `status`. */
export function withRollcall(status: (community: Community) => StatusInfo): Command[] {
  const all: Command[] = [...resourceCommands];
  all.push(createRollcallCommand(() => all, status));
  return all;
}

/** The definitions only (for deploying): /rollcall status is never run from here. */
export const commands: Command[] = withRollcall(() => {
  throw new Error('/rollcall status needs the running bot');
});
