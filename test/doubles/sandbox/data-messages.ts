/**
 * Chat messages of the community's Discord that name players: what "Check player" (right-click a
 * message → Apps) is run on in the playground and the end-to-end tests. A report in plain text, a
 * ticket as an embed (as ticket bots post them) and a message naming nobody. Built from the dataset's
 * busiest game usernames (each has logs), so a right-click always finds records. Deterministic: no
 * randomness of its own, the same dataset gives the same messages.
 */

/** An embed as a ticket bot posts it (the fields Discord's API carries). */
export interface SandboxChatEmbed {
  title: string;
  description?: string;
  color?: number;
  fields: Array<{ name: string; value: string; inline?: boolean }>;
}

/** A message posted in the community's Discord channel (not by Rollcall). */
export interface SandboxChatMessage {
  /** The author's chat (Discord) id: one of the community's members. */
  authorChatId: string;
  content: string;
  embeds: SandboxChatEmbed[];
  /** The game usernames the message names (each with logs in the dataset), labelled ones first. */
  names: string[];
}

/** A game username as a chat message carries it: 3 to 20 letters, digits, `_` and inner dots. */
const PLAIN_USERNAME = /^[A-Za-z0-9_][A-Za-z0-9_.]{1,18}[A-Za-z0-9_]$/;

/**
 * The messages: `usernames` are game usernames with logs, busiest first (those needing
 * percent-encoding are left out: a chat message cannot name them unambiguously); `authors` are chat
 * ids of members who post them (a report by one, a ticket by another). Empty when there are no
 * usernames or authors.
 */
export function buildPlayerMessages(
  usernames: readonly string[],
  authors: readonly string[],
): SandboxChatMessage[] {
  const plain = usernames.filter((name) => PLAIN_USERNAME.test(name));
  const [first, second, third, fourth] = plain;
  const author = (n: number): string => authors[n % Math.max(1, authors.length)] ?? '';
  if (!first || authors.length === 0) return [];
  const messages: SandboxChatMessage[] = [
    {
      authorChatId: author(0),
      content: `Report: Player: ${first} was spawn killing at the docks${second ? `, IGN: ${second} helped` : ''}. Clip in the ticket.`,
      embeds: [],
      names: [first, ...(second ? [second] : [])],
    },
  ];
  if (third) {
    messages.push({
      authorChatId: author(1),
      content: '',
      embeds: [
        {
          title: 'Ticket #1042 · Player report',
          description: 'Opened from the in-game report menu.',
          color: 0xfaa61a,
          fields: [
            { name: 'Suspect', value: third, inline: true },
            ...(fourth ? [{ name: 'Reported by', value: fourth, inline: true }] : []),
            { name: 'Reason', value: 'Exploiting a wall glitch to leave the jail.' },
          ],
        },
      ],
      names: [third, ...(fourth ? [fourth] : [])],
    });
  }
  messages.push({
    authorChatId: author(2),
    content: 'someone keeps spamming the voice channel, can a mod look?',
    embeds: [],
    names: [],
  });
  return messages;
}
