/**
 * Right-click a member, Apps: "Staff record", "LOAs" and "Join request". Each answers for the user
 * right-clicked exactly what its slash command answers for them (`/member view user:`,
 * `/loa member user:`, `/join-request view user:`) through that command's own function and views,
 * so the paging, shortcuts and sentences are the same. Always private: a user command has no
 * `public` option.
 */
import { ApplicationCommandType } from 'discord.js';
import type { MessageMenu, UserMenu } from '../src/discord/command.js';
import { showJoinRequestOf } from './join-request.js';
import { showLoasOfUser } from './loa.js';
import { showMemberOfUser } from './member.js';
import { checkPlayer } from './player.js';

/** The user commands, in the order Discord lists them. */
export const userMenus = [
  {
    data: { type: ApplicationCommandType.User, name: 'Staff record' } as const,
    execute: ({ target, show }) => showMemberOfUser(target, show),
  },
  {
    data: { type: ApplicationCommandType.User, name: 'LOAs' } as const,
    execute: ({ target, show }) => showLoasOfUser(target, show),
  },
  {
    data: { type: ApplicationCommandType.User, name: 'Join request' } as const,
    execute: ({ target, show }) => showJoinRequestOf(target, show),
  },
] satisfies UserMenu[];

/** The message commands (a message's right-click menu, Apps): "Check player". */
export const messageMenus = [checkPlayer] satisfies MessageMenu[];
