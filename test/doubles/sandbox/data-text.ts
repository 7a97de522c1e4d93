/**
 * Text for the generated records: mostly plain, but a share contains Discord markdown, mass mentions
 * (`@everyone`, `@here`), user and role mentions, code blocks, unicode and very long strings, so the
 * bot's renderers (escaping, truncation to embed limits) get exercised.
 */
import type { Faker } from '@faker-js/faker';
import type { Rng } from './random.js';

const LOA_REASONS = [
  'Family vacation',
  'Final exams this month',
  'Moving house, no internet until the router arrives',
  'Medical leave',
  'Work is busy, back soon',
  'Visiting relatives abroad',
  'Mental health break',
  'Internet outage at home',
  'School trip',
  'Wedding in the family',
  'Recovering from surgery',
  'Power cut in my area',
];

const DENY_REASONS = [
  'Not enough notice given',
  'You already had an LOA this month',
  'Too many staff on leave this week',
  'Please resubmit with a clear end date',
  'Activity requirements not met before the request',
];

const LOG_REASONS = [
  'RDM',
  'VDM',
  'Fail RP',
  'Exploiting',
  'Harassment in chat',
  'Cop baiting',
  'Combat logging',
  'NITRP',
  'Mic spam',
  'Impersonating staff',
  'Tow truck abuse',
  'Ban evasion',
];

/** Text builders sharing one random stream. */
export interface TextFactory {
  /** A short plain English sentence. */
  sentence(): string;
  /** An LOA reason: usually short, sometimes markdown/mentions/long. */
  loaReason(): string;
  /** An LOA deny reason. */
  denyReason(): string;
  /** A moderation log's short `text` (the offence). */
  logText(): string;
  /** A moderation log's `description` (longer, often markdown). */
  logDescription(): string;
  /** A text that always contains something a renderer must handle (markdown, mention, long, unicode). */
  tricky(): string;
  /** A long multi-paragraph text of roughly `chars` characters. */
  long(chars: number): string;
}

/**
 * Creates the text builders.
 * @param mentionIds chat snowflakes usable in `<@id>` mentions.
 * @param roleMentionIds chat role snowflakes usable in `<@&id>` mentions.
 */
export function createTextFactory(
  rng: Rng,
  faker: Faker,
  mentionIds: readonly string[],
  roleMentionIds: readonly string[],
): TextFactory {
  const sentence = (): string => {
    const templates = [
      () => `${faker.person.firstName()} asked me to cover ${faker.word.noun()} duty.`,
      () => `Will be back on ${faker.date.weekday()}.`,
      () => `${faker.hacker.phrase()}`,
      () => `Reported by ${faker.internet.username()} in #${faker.word.noun()}-reports.`,
      () => `${faker.company.catchPhrase()}.`,
      () => `Seen near ${faker.location.street()} at ${rng.int(1, 12)}${rng.pick(['am', 'pm'])}.`,
    ];
    return rng.pick(templates)();
  };
  const long = (chars: number): string => {
    const parts: string[] = [];
    let length = 0;
    while (length < chars) {
      const paragraph = Array.from({ length: rng.int(3, 7) }, sentence).join(' ');
      parts.push(paragraph);
      length += paragraph.length + 2;
    }
    return parts.join('\n\n').slice(0, chars);
  };
  const mention = (): string => `<@${rng.pick(mentionIds)}>`;
  const roleMention = (): string => `<@&${rng.pick(roleMentionIds)}>`;
  const tricky = (): string => {
    const templates = [
      () => `**${sentence()}** _${faker.word.adjective()}_ \`${faker.word.noun()}\``,
      () => `@everyone ${sentence()}`,
      () => `@here ping ${mention()} about this`,
      () => `${mention()} and ${mention()} were involved. ${roleMention()} please review.`,
      () => `> ${sentence()}\n> ${sentence()}\n\n${sentence()}`,
      () => `\`\`\`\n${faker.hacker.phrase()}\n${faker.hacker.phrase()}\n\`\`\``,
      () => `||${sentence()}|| ~~struck~~ __underlined__`,
      () =>
        `# Heading\n- ${sentence()}\n- ${sentence()}\n1. [link](https://example.com/${faker.word.noun()})`,
      () => `Vacation 🏖️ back soon ✈️ (ünïcödé · 日本語 · عربى) ${sentence()}`,
      () => `*unclosed bold ** and _snake_case_names_ and a \\*literal\\* star`,
      () => `${sentence()} https://example.com/proof/${rng.hex(8)}.png`,
      () => long(rng.int(1_200, 4_500)),
    ];
    return rng.pick(templates)();
  };
  const maybeTricky = (plain: () => string, share: number) => (): string =>
    rng.chance(share) ? tricky() : plain();
  return {
    sentence,
    long,
    tricky,
    loaReason: maybeTricky(() => rng.pick(LOA_REASONS), 0.15),
    denyReason: maybeTricky(() => rng.pick(DENY_REASONS), 0.1),
    logText: maybeTricky(() => rng.pick(LOG_REASONS), 0.05),
    logDescription: maybeTricky(() => `${rng.pick(LOG_REASONS)}: ${sentence()}`, 0.3),
  };
}
