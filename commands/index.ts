/** Every slash command Rollcall offers, in the order they are registered. */
import type { Command } from '../src/discord/command.js';
import { loa } from './loa.js';

export const commands: Command[] = [loa];
