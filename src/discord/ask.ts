/**
 * One interaction as every handler, view, control and the responder see it: who asked (the owner of
 * the answer's controls), on which server, in which words, and the display names it carries. The
 * router makes it once per interaction; the reader's language is resolved here and nowhere else.
 */
import type { Interaction } from 'discord.js';
import { type Words, wordsFor } from '../i18n/words.js';
import type { DisplayNames } from '../render/people.js';

export interface Ask<I extends Interaction = Interaction> {
  interaction: I;
  guildId: string;
  owner: string;
  t: Words;
  names: DisplayNames;
  /**
   * When Rollcall received the interaction (epoch ms): Discord's 3 s window runs from there, so the
   * responder's defer counts from it, not from when the answer's work began (after the server's
   * community was looked up). Unset: from when the work began.
   */
  receivedAt?: number;
}

/** The words of whoever sent `interaction` (their Discord client's language). */
export function readerWords(interaction: Interaction): Words {
  return wordsFor(interaction.locale);
}

export function askOf<I extends Interaction>(interaction: I & { guildId: string }): Ask<I> {
  return {
    interaction,
    guildId: interaction.guildId,
    owner: interaction.user.id,
    t: readerWords(interaction),
    names: displayNames(interaction),
    receivedAt: Date.now(),
  };
}

/**
 * Display names from what the interaction itself carries (no request, and the client caches no
 * users): the users it resolves (a `user:` option, a right-clicked member) and the one who sent it,
 * as server members (their nickname) or as users (global or user name); else the client's cache.
 */
function displayNames(interaction: Interaction): DisplayNames {
  const resolved =
    interaction.isChatInputCommand() || interaction.isContextMenuCommand()
      ? interaction.options.resolved
      : null;
  return (userId) => {
    const member =
      resolved?.members?.get(userId) ??
      (interaction.user.id === userId ? interaction.member : null) ??
      interaction.guild?.members.cache.get(userId);
    if (member && 'displayName' in member) return member.displayName;
    if (member && typeof member.nick === 'string' && member.nick !== '') return member.nick;
    const user =
      resolved?.users?.get(userId) ??
      (interaction.user.id === userId ? interaction.user : undefined) ??
      interaction.client.users.cache.get(userId);
    return user ? (user.globalName ?? user.username) : undefined;
  };
}
