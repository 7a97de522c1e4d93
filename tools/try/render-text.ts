/**
 * Plain-text rendering of what the bot answered, for the `npm run try` terminal: a marker for
 * ephemeral/public and reply/deferred/update, the content, each embed (title, description, fields,
 * footer) and the components as `[⏮] [◀] [2 / 15] [▶] [⏭]`, `[🔄 Refresh]`, `Open…: 1) a  2) b`.
 *
 * Pure: no I/O, and the clock only through the `now` the caller passes (for `<t:…:R>`).
 */

/** An embed as the bot sends it (APIEmbed is assignable). */
export interface TextEmbed {
  title?: string;
  description?: string;
  url?: string;
  author?: { name: string };
  fields?: ReadonlyArray<{ name: string; value: string }>;
  footer?: { text: string };
  /** ISO date shown next to the footer. */
  timestamp?: string;
}

/** A message as the bot sends it (APIMessage and the double's ResponseMessage are assignable). */
export interface TextMessage {
  content?: string;
  embeds?: readonly TextEmbed[];
  /** Read loosely: action rows of buttons and selects (anything else is shown by type). */
  components?: readonly unknown[];
  /** Files attached (a CSV export). */
  attachments?: ReadonlyArray<{ filename: string; size: number }>;
}

/** An answer as the double reports it (InteractionResponse is assignable). */
export interface TextResponse {
  kind: string;
  ephemeral: boolean;
  message: TextMessage | null;
  choices?: ReadonlyArray<{ name: string; value: string | number }> | null;
  modal?: { title: string; custom_id: string; components: readonly unknown[] } | null;
}

export interface RenderOptions {
  /** Milliseconds since the epoch that `<t:…:R>` is relative to. */
  now: number;
  /** Width to wrap long select menus at (default 100 characters). */
  width?: number;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

// ---- text: timestamps, mentions, markdown escapes ----------------------------------------------------

/** Seconds since the epoch as an ISO date without milliseconds; null when out of range. */
function isoOf(seconds: number): string | null {
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** `targetMs` relative to `nowMs`, like Discord's `<t:…:R>`: "in 3 days", "2 hours ago". */
export function relativeTime(targetMs: number, nowMs: number): string {
  const diff = (targetMs - nowMs) / 1000;
  const abs = Math.abs(diff);
  if (abs < 45) return diff >= 0 ? 'in a few seconds' : 'a few seconds ago';
  for (const [unit, size] of RELATIVE_UNITS) {
    if (abs >= size) return relativeFormat.format(Math.sign(diff) * Math.round(abs / size), unit);
  }
  return relativeFormat.format(Math.round(diff), 'second');
}

/** One Discord timestamp tag as text: ISO date and time, date or time only, or relative. */
export function timestampText(seconds: number, style: string | undefined, now: number): string | null {
  const iso = isoOf(seconds);
  if (iso === null) return null;
  switch (style) {
    case 'R':
      return relativeTime(seconds * 1000, now);
    case 'd':
    case 'D':
      return iso.slice(0, 10);
    case 't':
      return `${iso.slice(11, 16)}Z`;
    case 'T':
      return iso.slice(11);
    default:
      return iso;
  }
}

// Left to right, first match wins: code blocks and spans are kept verbatim (Discord renders nothing in
// them), then a backslash escape, a timestamp, a user/role/channel mention.
const MARKUP =
  /(```[\s\S]*?```|`[^`\n]*`)|\\([!-/:-@[-`{-~])|<t:(-?\d{1,14})(?::([tTdDfFR]))?>|<@!?(\d+)>|<@&(\d+)>|<#(\d+)>/g;

/**
 * Discord markup as readable text: `<t:123:f>` → ISO date, `<t:123:R>` → "in 3 days", `<@id>` → @id,
 * `<@&id>` → @&id, `<#id>` → #id, and markdown escapes (`\_`, `\<`) unescaped. Bold, italics and code
 * stay as typed.
 */
export function renderMarkup(text: string, options: RenderOptions): string {
  return text.replace(
    MARKUP,
    (
      whole,
      code?: string,
      escaped?: string,
      ts?: string,
      style?: string,
      user?: string,
      role?: string,
      channel?: string,
    ) => {
      if (code !== undefined) return code;
      if (escaped !== undefined) return escaped;
      if (ts !== undefined) return timestampText(Number(ts), style, options.now) ?? whole;
      if (user !== undefined) return `@${user}`;
      if (role !== undefined) return `@&${role}`;
      if (channel !== undefined) return `#${channel}`;
      return whole;
    },
  );
}

// ---- embeds ------------------------------------------------------------------------------------------

const BAR = '┃ ';
const EMPTY = '(empty)';

/** `head` then each further line of `text` indented by `indent`. */
function block(head: string, text: string, indent: string): string[] {
  const [first = '', ...rest] = text.split('\n');
  return [`${head}${first}`, ...rest.map((line) => `${indent}${line}`)];
}

/** One embed as lines behind a bar: ■ title, description, `name: value` fields, — footer · time. */
export function renderEmbed(embed: TextEmbed, options: RenderOptions): string[] {
  const text = (value: string) => renderMarkup(value, options);
  const lines: string[] = [];
  if (embed.author?.name) lines.push(text(embed.author.name));
  if (embed.title !== undefined || embed.url) {
    const title = embed.title !== undefined && embed.title.trim() !== '' ? text(embed.title) : EMPTY;
    lines.push(...block('■ ', `${title}${embed.url ? ` <${embed.url}>` : ''}`, '  '));
  }
  if (embed.description !== undefined) {
    lines.push(...(embed.description.trim() === '' ? [EMPTY] : text(embed.description).split('\n')));
  }
  for (const field of embed.fields ?? []) {
    const name = field.name.trim() === '' ? EMPTY : text(field.name);
    const value = field.value.trim() === '' ? EMPTY : text(field.value);
    lines.push(...block(`${name}: `, value, '    '));
  }
  const footer = embed.footer?.text ? text(embed.footer.text) : '';
  const time = embed.timestamp ? isoOf(Date.parse(embed.timestamp) / 1000) : null;
  // Footers like "Data as of" are written to be followed by the time, as Discord shows it.
  const joiner = /\b(?:of|from|at|since|on)$/i.test(footer) ? ' ' : ' · ';
  const tail = [footer, time].filter((part): part is string => !!part).join(joiner);
  if (tail) lines.push(...block('— ', tail, '  '));
  if (lines.length === 0) lines.push('(empty embed)');
  return lines.map((line) => `${BAR}${line}`);
}

// ---- components --------------------------------------------------------------------------------------

const ComponentType = {
  ActionRow: 1,
  Button: 2,
  StringSelect: 3,
  TextInput: 4,
  UserSelect: 5,
  RoleSelect: 6,
  MentionableSelect: 7,
  ChannelSelect: 8,
  TextDisplay: 10,
} as const;
const LINK_STYLE = 5;
const SELECT_KINDS: Record<number, string> = {
  [ComponentType.UserSelect]: 'user',
  [ComponentType.RoleSelect]: 'role',
  [ComponentType.MentionableSelect]: 'user or role',
  [ComponentType.ChannelSelect]: 'channel',
};

/** A button's visible text: its emoji and label. */
export function buttonText(button: Loose): string {
  const emoji = isObject(button.emoji) ? str(button.emoji.name) : undefined;
  const label = str(button.label);
  return [emoji, label].filter((part): part is string => !!part).join(' ') || '?';
}

/** A button as `[label]`, `(label)` when disabled, `[label ↗ url]` for links. */
export function renderButton(button: Loose): string {
  const text = buttonText(button);
  const link = button.style === LINK_STYLE && str(button.url) ? ` ↗ ${str(button.url)}` : '';
  return button.disabled === true ? `(${text}${link})` : `[${text}${link}]`;
}

/** A select menu as `Open…: 1) label  2) label`, wrapped at `width` under the first option. */
export function renderSelect(select: Loose, width = 100): string {
  const placeholder = str(select.placeholder) ?? 'Select';
  const disabled = select.disabled === true ? ' (disabled)' : '';
  if (select.type !== ComponentType.StringSelect) {
    return `${placeholder}: (pick a ${SELECT_KINDS[Number(select.type)] ?? 'value'})${disabled}`;
  }
  const options = Array.isArray(select.options) ? select.options.filter(isObject) : [];
  if (options.length === 0) return `${placeholder}: (no options)${disabled}`;
  const head = `${placeholder}: `;
  const indent = ' '.repeat(Array.from(head).length);
  const lines: string[] = [];
  let line = head;
  options.forEach((o, i) => {
    const item = `${i + 1}) ${str(o.label) ?? str(o.value) ?? '?'}`;
    if (line === head) line += item;
    else if (Array.from(`${line}  ${item}`).length > width) {
      lines.push(line);
      line = `${indent}${item}`;
    } else line += `  ${item}`;
  });
  lines.push(`${line}${disabled}`);
  return lines.join('\n');
}

/** One component outside of a row (or a row's child of an unexpected type). */
function renderOne(component: Loose, options: RenderOptions): string {
  switch (component.type) {
    case ComponentType.Button:
      return renderButton(component);
    case ComponentType.StringSelect:
    case ComponentType.UserSelect:
    case ComponentType.RoleSelect:
    case ComponentType.MentionableSelect:
    case ComponentType.ChannelSelect:
      return renderSelect(component, options.width);
    case ComponentType.TextDisplay:
      return renderMarkup(str(component.content) ?? '', options);
    default:
      return `[component type ${String(component.type)}]`;
  }
}

/** Components as lines: each action row on one line (buttons side by side, a select with its options). */
export function renderComponents(
  components: readonly unknown[] | undefined,
  options: RenderOptions,
): string[] {
  const lines: string[] = [];
  for (const component of components ?? []) {
    if (!isObject(component)) continue;
    if (component.type === ComponentType.ActionRow) {
      const children = Array.isArray(component.components) ? component.components.filter(isObject) : [];
      if (children.length > 0) {
        lines.push(
          ...children
            .map((child) => renderOne(child, options))
            .join(' ')
            .split('\n'),
        );
      }
    } else {
      lines.push(...renderOne(component, options).split('\n'));
    }
  }
  return lines;
}

// ---- answers -----------------------------------------------------------------------------------------

/** A file's size as Discord writes it under an attachment: `812 bytes`, `12.34 KB`, `1.50 MB`. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

/** A message: content, attached files, embeds, components; `(empty message)` when it has none of them. */
export function renderMessage(message: TextMessage, options: RenderOptions): string[] {
  const lines: string[] = [];
  if (message.content && message.content.trim() !== '') {
    lines.push(...renderMarkup(message.content, options).split('\n'));
  }
  for (const file of message.attachments ?? []) lines.push(`📎 ${file.filename} (${fileSize(file.size)})`);
  for (const embed of message.embeds ?? []) lines.push(...renderEmbed(embed, options));
  lines.push(...renderComponents(message.components, options));
  return lines.length > 0 ? lines : ['(empty message)'];
}

/** Autocomplete choices, one a line: `1) name → value`. */
export function renderChoices(choices: ReadonlyArray<{ name: string; value: string | number }>): string[] {
  if (choices.length === 0) return ['(no choices)'];
  return choices.map((c, i) => `${i + 1}) ${c.name} → ${String(c.value)}`);
}

/** A modal: its title and each text input (`custom_id: label`). */
export function renderModal(modal: {
  title: string;
  custom_id: string;
  components: readonly unknown[];
}): string[] {
  const inputs: string[] = [];
  const visit = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const item of items) {
      if (!isObject(item)) continue;
      if (item.type === ComponentType.TextInput) {
        const label = str(item.label) ?? '';
        const required = item.required === false ? 'optional' : 'required';
        const placeholder = str(item.placeholder) ? `, e.g. ${str(item.placeholder)}` : '';
        inputs.push(`  ${String(item.custom_id)}: ${label || '(no label)'} (${required}${placeholder})`);
      }
      visit(item.components);
      if (isObject(item.component)) visit([item.component]);
    }
  };
  visit(modal.components);
  return [`Modal "${modal.title}"`, ...inputs];
}

const KIND_TEXT: Record<string, string> = {
  reply: 'reply',
  'deferred-reply': 'deferred reply',
  update: 'update (same message)',
  'deferred-update': 'deferred update (same message)',
  autocomplete: 'autocomplete',
  modal: 'modal',
};

/** The marker line: `── reply · ephemeral (only you) ──`, `── update (same message) · public ──`. */
export function renderMarker(response: Pick<TextResponse, 'kind' | 'ephemeral' | 'message'>): string {
  const kind = KIND_TEXT[response.kind] ?? response.kind;
  if (!response.message) return `── ${kind} ──`;
  return `── ${kind} · ${response.ephemeral ? 'ephemeral (only you)' : 'public'} ──`;
}

/** A whole answer: the marker, then the message, the choices or the modal. */
export function renderResponse(response: TextResponse, options: RenderOptions): string {
  const lines = [renderMarker(response)];
  if (response.message) lines.push(...renderMessage(response.message, options));
  else if (response.kind === 'autocomplete') lines.push(...renderChoices(response.choices ?? []));
  else if (response.modal) lines.push(...renderModal(response.modal));
  return lines.join('\n');
}
