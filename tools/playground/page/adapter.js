// @ts-check
/**
 * Rollcall's message JSON (what the bot sent Discord: content, embeds, action rows of buttons and
 * select menus, modals) turned into @skyra/discord-components-core elements, which draw them as the
 * Discord client does. Timestamps are written in the viewer's time zone; images that would come from
 * the internet are left out (the page loads nothing from outside this machine).
 */
import { formatMessageTime, formatTimestamp, parseMarkdown } from './markdown.js';

/**
 * @typedef {{
 *   now: () => number,
 *   timeZone?: string,
 *   locale?: string,
 *   botName: string,
 *   avatar: (name: string) => string,
 *   userName: (id: string) => string | undefined,
 *   onClick: (messageId: string, customId: string) => void,
 *   onSelect: (messageId: string, customId: string, values: string[]) => void,
 *   onDismiss?: (messageId: string) => void,
 * }} Context
 * @typedef {Record<string, any>} Loose
 */

const BUTTON_TYPES = /** @type {Record<number, string>} */ ({
  1: 'primary',
  2: 'secondary',
  3: 'success',
  4: 'destructive',
  5: 'secondary',
});

/**
 * @param {string} tag
 * @param {Record<string, string | boolean | number | undefined | null>} [attributes]
 * @param {Array<Node | string>} [children]
 */
export function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) node.append(child);
  return node;
}

/**
 * Markdown as element children.
 * @param {string} text
 * @param {Context} ctx
 * @returns {Node[]}
 */
export function markdownNodes(text, ctx) {
  return parseMarkdown(text).map((node) => mdNode(node, ctx));
}

/**
 * @param {import('./markdown.js').MdNode} node
 * @param {Context} ctx
 * @returns {Node}
 */
function mdNode(node, ctx) {
  const kids = (/** @type {import('./markdown.js').MdNode[]} */ list) => list.map((n) => mdNode(n, ctx));
  switch (node.type) {
    case 'text':
      return document.createTextNode(node.text);
    case 'br':
      return el('br');
    case 'bold':
      return el('discord-bold', {}, kids(node.children));
    case 'italic':
      return el('discord-italic', {}, kids(node.children));
    case 'underline':
      return el('discord-underlined', {}, kids(node.children));
    case 'strike':
      return el('s', {}, kids(node.children));
    case 'quote':
      return el('discord-quote', {}, kids(node.children));
    case 'code':
      return el('discord-code', {}, [node.text]);
    case 'codeblock':
      return el('discord-code', { multiline: true }, [node.text]);
    case 'link':
      return el('discord-link', { href: node.url, target: '_blank', rel: 'noreferrer' }, kids(node.children));
    case 'mention': {
      const name = node.kind === 'user' ? (ctx.userName(node.id) ?? `user ${node.id.slice(-4)}`) : node.id;
      return el('discord-mention', { type: node.kind }, [name]);
    }
    case 'emoji':
      // As Discord's client: the image from the CDN (here the double's upload), its name as the text.
      return el('img', {
        class: 'rc-emoji',
        src: `/emojis/${node.id}.png`,
        alt: `:${node.name}:`,
        title: `:${node.name}:`,
        draggable: 'false',
      });
    case 'time': {
      const options = { now: ctx.now(), timeZone: ctx.timeZone, locale: ctx.locale };
      return el(
        'discord-time',
        {
          'data-ts': node.seconds,
          'data-style': node.style,
          title: formatTimestamp(node.seconds, 'F', options),
        },
        [formatTimestamp(node.seconds, node.style, options)],
      );
    }
  }
  return document.createTextNode('');
}

/**
 * An embed's colour (an integer) as CSS.
 * @param {unknown} color
 */
export function colourOf(color) {
  return typeof color === 'number' ? `#${color.toString(16).padStart(6, '0')}` : undefined;
}

/** Only images this machine serves (the page never loads from the internet). @param {unknown} url */
const localImage = (url) => (typeof url === 'string' && url.startsWith('/') ? url : undefined);

/**
 * @param {Loose} embed
 * @param {Context} ctx
 */
export function renderEmbed(embed, ctx) {
  const node = el('discord-embed', {
    slot: 'embeds',
    color: colourOf(embed.color),
    'embed-title': embed.title,
    url: embed.url,
    'author-name': embed.author?.name,
    'author-image': localImage(embed.author?.icon_url),
    thumbnail: localImage(embed.thumbnail?.url),
    image: localImage(embed.image?.url),
  });
  if (typeof embed.description === 'string' && embed.description !== '') {
    node.append(
      el('discord-embed-description', { slot: 'description' }, markdownNodes(embed.description, ctx)),
    );
  }
  const fields = Array.isArray(embed.fields) ? embed.fields : [];
  if (fields.length > 0) {
    const box = el('discord-embed-fields', { slot: 'fields' });
    let run = 0;
    for (const field of fields) {
      run = field.inline ? (run % 3) + 1 : 0;
      box.append(
        el(
          'discord-embed-field',
          {
            'field-title': field.name,
            inline: field.inline === true,
            'inline-index': field.inline ? run : undefined,
          },
          markdownNodes(String(field.value ?? ''), ctx),
        ),
      );
    }
    node.append(box);
  }
  if (embed.footer?.text || embed.timestamp) {
    const when = embed.timestamp
      ? formatMessageTime(embed.timestamp, { now: ctx.now(), timeZone: ctx.timeZone, locale: ctx.locale })
      : undefined;
    node.append(
      el(
        'discord-embed-footer',
        { slot: 'footer', timestamp: when },
        embed.footer?.text ? [embed.footer.text] : [],
      ),
    );
  }
  return node;
}

/**
 * A button's text: its emoji (drawn with the Twemoji font served locally) and label.
 * @param {Loose} button
 */
export function buttonText(button) {
  const emoji = typeof button.emoji?.name === 'string' && !button.emoji.id ? button.emoji.name : '';
  return [emoji, button.label ?? ''].filter((s) => s !== '').join(' ');
}

/**
 * @param {Loose} component
 * @param {string} messageId
 * @param {Context} ctx
 */
function renderControl(component, messageId, ctx) {
  if (component.type === 2) {
    const button = el(
      'discord-button',
      {
        type: BUTTON_TYPES[component.style] ?? 'secondary',
        disabled: component.disabled === true,
        url: component.style === 5 ? component.url : undefined,
        'data-custom-id': component.custom_id,
        'data-message-id': messageId,
      },
      [buttonText(component)],
    );
    if (component.style !== 5 && component.disabled !== true) {
      button.addEventListener('click', () => ctx.onClick(messageId, String(component.custom_id)));
    }
    return button;
  }
  if (component.type === 3) {
    const menu = el('discord-string-select-menu', {
      placeholder: component.placeholder ?? 'Make a selection',
      disabled: component.disabled === true,
      'data-custom-id': component.custom_id,
      'data-message-id': messageId,
    });
    for (const option of Array.isArray(component.options) ? component.options : []) {
      const item = el('discord-string-select-menu-option', {
        label: option.label,
        description: option.description,
        'data-value': option.value,
      });
      /** @type {any} */ (item).selectOption = () =>
        ctx.onSelect(messageId, String(component.custom_id), [option.value]);
      menu.append(item);
    }
    // The renderer always drops the list below; place it once the click has opened it.
    menu.addEventListener('click', () => requestAnimationFrame(() => placeMenu(menu)));
    return menu;
  }
  return el('span', { class: 'unsupported' }, [`(component type ${component.type})`]);
}

/**
 * A file's size as Discord writes it under an attachment: [812, 'bytes'], [12.34, 'KB'].
 * @param {number} bytes
 * @returns {[number, string]}
 */
export function fileSize(bytes) {
  if (bytes < 1024) return [bytes, 'bytes'];
  if (bytes < 1024 * 1024) return [Number((bytes / 1024).toFixed(2)), 'KB'];
  return [Number((bytes / 1024 / 1024).toFixed(2)), 'MB'];
}

/** Where the playground serves an attachment (instead of Discord's CDN). @param {Loose} file */
const attachmentPath = (file) =>
  `/attachments/${encodeURIComponent(String(file.id))}/${encodeURIComponent(String(file.filename))}`;

/**
 * The files attached to a message (a CSV export), as Discord shows them: name, size and a download
 * link, served by the playground (`/attachments/<id>/<name>`) instead of Discord's CDN.
 * @param {Loose[]} attachments
 */
export function renderAttachments(attachments) {
  return el(
    'discord-attachments',
    { slot: 'attachments' },
    attachments.map((file) => {
      const [bytes, unit] = fileSize(Number(file.size ?? 0));
      return el('discord-file-attachment', {
        name: file.filename,
        bytes,
        'bytes-unit': unit,
        href: attachmentPath(file),
        rel: 'noreferrer',
        'data-attachment-id': file.id,
      });
    }),
  );
}

/**
 * The box a menu's list must stay within: the nearest scrolling ancestor (the conversation, above the
 * command box), else the window.
 * @param {Element} node
 */
function visibleBox(node) {
  for (let up = node.parentElement; up; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return up.getBoundingClientRect();
  }
  return { top: 0, bottom: window.innerHeight };
}

/**
 * An open select menu's list opens upward when there is no room for it below and more room above, as
 * in Discord (it would otherwise fall under the command box). Marks the menu `data-opens="up|down"`.
 * @param {HTMLElement} menu
 */
export function placeMenu(menu) {
  const list = menu.shadowRoot?.querySelector('.discord-string-select-menu-option-slot');
  const label = menu.shadowRoot?.querySelector('label');
  if (!(list instanceof HTMLElement) || !label) return;
  list.style.transform = '';
  if (list.classList.contains('discord-string-select-menu-hidden')) {
    delete menu.dataset.opens;
    return;
  }
  const box = visibleBox(menu);
  const below = list.getBoundingClientRect();
  const field = label.getBoundingClientRect();
  const up = below.bottom > box.bottom && field.top - box.top > box.bottom - field.bottom;
  if (up) list.style.transform = `translateY(${field.top - below.bottom}px)`;
  menu.dataset.opens = up ? 'up' : 'down';
}

/**
 * The message's action rows.
 * @param {unknown} components
 * @param {string} messageId
 * @param {Context} ctx
 */
export function renderComponents(components, messageId, ctx) {
  const box = el('discord-attachments', { slot: 'components' });
  for (const row of Array.isArray(components) ? components : []) {
    if (row?.type !== 1) continue;
    const line = el('discord-action-row');
    for (const component of Array.isArray(row.components) ? row.components : []) {
      line.append(renderControl(component, messageId, ctx));
    }
    box.append(line);
  }
  return box;
}

/**
 * One message of the conversation, with the "used /command" line above it when a command made it.
 * @param {{ id: string, message: Loose, ephemeral: boolean, invokedBy: { username: string, command: string, target?: string } | null, postedBy?: Loose, scheduled?: boolean }} view
 * @param {Context} ctx
 */
export function renderMessage(view, ctx) {
  const message = view.message;
  // A message a user posted in the channel (a report), or one of Rollcall's.
  const poster = view.postedBy ? String(view.postedBy.username) : null;
  const node = el('discord-message', {
    author: poster ?? ctx.botName,
    avatar: ctx.avatar(poster ?? 'rollcall'),
    bot: poster === null,
    'data-posted': poster !== null,
    // Rollcall's own post in the channel (a scheduled digest, a leave reminder): no answer to anyone.
    'data-scheduled': view.scheduled === true,
    ephemeral: view.ephemeral,
    edited: false,
    timestamp: formatMessageTime(message.timestamp, {
      now: ctx.now(),
      timeZone: ctx.timeZone,
      locale: ctx.locale,
    }),
    'data-message-id': view.id,
  });
  if (view.ephemeral && ctx.onDismiss) {
    const dismiss = ctx.onDismiss;
    /** @type {any} */ (node).dismissMessageClicked = () => dismiss(view.id);
  }
  if (view.invokedBy) {
    const { username, command, target, targetMessage } = view.invokedBy;
    // A user command (right-click, Apps) reads "used Staff record ▸ alex", a slash command "used /loa
    // list", a message command "used Check player ▸ sam: the message's first words".
    node.append(
      el('discord-command', {
        slot: 'reply',
        author: username,
        avatar: ctx.avatar(username),
        ...(targetMessage !== undefined
          ? {
              type: 'message_command',
              command,
              'context-user-name': targetMessage.author,
              'context-user-image': ctx.avatar(targetMessage.author),
              // a space between the author's name and the text, as Discord shows it
              'context-message-reply': `\u00a0${targetMessage.excerpt}`,
            }
          : target === undefined
            ? { command: `/${command}` }
            : {
                type: 'user_command',
                command,
                'context-user-name': target,
                'context-user-image': ctx.avatar(target),
              }),
      }),
    );
  }
  // A deferred answer (flag LOADING) still waiting for the bot's edit.
  if ((Number(message.flags ?? 0) & 128) !== 0) {
    node.append(el('discord-italic', { class: 'loading' }, [`${ctx.botName} is thinking…`]));
  }
  if (typeof message.content === 'string' && message.content !== '') {
    for (const child of markdownNodes(message.content, ctx)) node.append(child);
  }
  // An attachment an embed shows (a chart) is that embed's picture, served here; the others are files.
  const attachments = Array.isArray(message.attachments) ? message.attachments : [];
  const embeds = Array.isArray(message.embeds) ? message.embeds : [];
  const local = new Map(attachments.map((file) => [file.url, attachmentPath(file)]));
  const shown = embeds.flatMap((embed) => [embed.image?.url, embed.thumbnail?.url]);
  const files = attachments.filter((file) => !shown.includes(file.url));
  if (files.length > 0) node.append(renderAttachments(files));
  for (const embed of embeds) {
    const at = (/** @type {{ url?: string } | undefined} */ media) =>
      media && { ...media, url: local.get(media.url) ?? media.url };
    node.append(renderEmbed({ ...embed, image: at(embed.image), thumbnail: at(embed.thumbnail) }, ctx));
  }
  if (Array.isArray(message.components) && message.components.length > 0) {
    node.append(renderComponents(message.components, view.id, ctx));
  }
  return node;
}

/**
 * The fields of a modal: action rows of text inputs, or labels (with their description) around a
 * text input, a select, a radio group, a checkbox group or a checkbox.
 * @param {Loose} modal
 * @returns {Loose[]}
 */
export function modalInputs(modal) {
  /** @type {Loose[]} */
  const inputs = [];
  for (const top of Array.isArray(modal.components) ? modal.components : []) {
    if (top?.type === 1) {
      for (const c of top.components ?? []) if (c?.type === 4) inputs.push(c);
    } else if (top?.type === 18 && top.component && typeof top.component.type === 'number') {
      inputs.push({ ...top.component, label: top.label, description: top.description });
    }
  }
  return inputs;
}

/** Field ids of the page's modal controls (a label's `for`, a description's id), unique per page. */
let fieldCount = 0;

/**
 * A labelled field's description under its label, tied to the control by aria-describedby.
 * @param {Loose} input
 * @returns {{ node: HTMLElement | null, id: string | undefined }}
 */
function describe(input) {
  if (!input.description) return { node: null, id: undefined };
  const id = `modal-hint-${++fieldCount}`;
  return { node: el('p', { class: 'modal-hint', id }, [String(input.description)]), id };
}

/**
 * A select in a modal as a native <select> with its <label>: a channel select lists the server's
 * channels of the types it takes, a role select the server's roles, a string select its options;
 * defaults preselected.
 * @param {Loose} input
 * @param {{ channels: Array<{ id: string, name: string, type: number }>, roles: Array<{ id: string, name: string }> }} server
 */
function modalSelect(input, { channels, roles }) {
  const id = `modal-field-${++fieldCount}`;
  const hint = describe(input);
  const many = typeof input.max_values === 'number' && input.max_values > 1;
  const select = el('select', {
    id,
    'data-custom-id': input.custom_id,
    'data-kind': 'select',
    multiple: many,
    required: input.required !== false && (input.min_values ?? 1) > 0,
    'aria-describedby': hint.id,
  });
  const chosen = new Set(
    (Array.isArray(input.default_values) ? input.default_values : []).map((d) => String(d.id)),
  );
  /** @type {Array<{ value: string, label: string, selected: boolean }>} */
  let options;
  if (input.type === 8) {
    const types = Array.isArray(input.channel_types) ? input.channel_types : null;
    options = channels
      .filter((c) => !types || types.includes(c.type))
      .map((c) => ({ value: c.id, label: `#${c.name}`, selected: chosen.has(c.id) }));
  } else if (input.type === 6) {
    options = roles.map((r) => ({ value: r.id, label: `@${r.name}`, selected: chosen.has(r.id) }));
  } else {
    options = (Array.isArray(input.options) ? input.options : []).map((o) => ({
      value: String(o.value),
      label: String(o.label),
      selected: o.default === true,
    }));
  }
  if (!many) select.append(el('option', { value: '' }, [input.placeholder ?? '—']));
  for (const o of options) select.append(el('option', { value: o.value, selected: o.selected }, [o.label]));
  const children = [el('label', { for: id }, [String(input.label ?? '')])];
  if (hint.node) children.push(hint.node);
  children.push(select);
  return el('div', { class: 'modal-field' }, children);
}

/**
 * A radio group (one choice) or checkbox group (several) in a modal: a fieldset whose legend is the
 * label, defaults checked.
 * @param {Loose} input
 */
function modalChoices(input) {
  const radio = input.type === 21;
  const name = `modal-group-${++fieldCount}`;
  const hint = describe(input);
  /** @type {Node[]} */
  const children = [el('legend', {}, [String(input.label ?? '')])];
  if (hint.node) children.push(hint.node);
  for (const option of Array.isArray(input.options) ? input.options : []) {
    const box = el('input', {
      type: radio ? 'radio' : 'checkbox',
      name,
      value: String(option.value),
      checked: option.default === true,
    });
    children.push(el('label', { class: 'modal-choice' }, [box, ` ${String(option.label)}`]));
  }
  return el(
    'fieldset',
    {
      class: 'modal-field',
      'data-custom-id': input.custom_id,
      'data-kind': radio ? 'radio' : 'checkboxes',
      'aria-describedby': hint.id,
    },
    children,
  );
}

/**
 * A lone checkbox in a modal, its label beside it.
 * @param {Loose} input
 */
function modalCheckbox(input) {
  const hint = describe(input);
  const box = el('input', {
    type: 'checkbox',
    'data-custom-id': input.custom_id,
    'data-kind': 'checkbox',
    checked: input.default === true,
    'aria-describedby': hint.id,
  });
  const children = [el('label', { class: 'modal-choice' }, [box, ` ${String(input.label ?? '')}`])];
  if (hint.node) children.push(hint.node);
  return el('div', { class: 'modal-field' }, children);
}

/**
 * What a modal's fields hold now, as the playground's server takes them (the double's ModalFields):
 * text, a select's chosen values, a radio group's value (left out when none is chosen), a checkbox
 * group's checked values, true or false for a checkbox.
 * @param {HTMLElement} node
 * @returns {Record<string, string | string[] | boolean>}
 */
function modalValues(node) {
  /** @type {Record<string, string | string[] | boolean>} */
  const fields = {};
  for (const child of node.querySelectorAll('discord-input-text')) {
    const field = child.shadowRoot?.querySelector('input, textarea');
    fields[child.getAttribute('data-custom-id') ?? ''] =
      field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
  }
  for (const field of node.querySelectorAll('[data-kind]')) {
    const id = field.getAttribute('data-custom-id') ?? '';
    const kind = field.getAttribute('data-kind');
    if (kind === 'select' && field instanceof HTMLSelectElement) {
      fields[id] = [...field.selectedOptions].map((o) => o.value).filter((v) => v !== '');
    } else if (kind === 'checkbox' && field instanceof HTMLInputElement) {
      fields[id] = field.checked;
    } else {
      const checked = [...field.querySelectorAll('input:checked')].map((i) =>
        i instanceof HTMLInputElement ? i.value : '',
      );
      if (kind === 'checkboxes') fields[id] = checked;
      else if (checked[0] !== undefined) fields[id] = checked[0];
    }
  }
  return fields;
}

/**
 * A modal the bot opened, as Discord draws it; `submit` gets the values by field custom_id. Channel
 * selects list `channels`, role selects `roles` (the server's).
 * @param {Loose} modal
 * @param {Context} ctx
 * @param {{ submit: (fields: Record<string, string | string[] | boolean>) => void, close: () => void }} handlers
 * @param {Array<{ id: string, name: string, type: number }>} [channels]
 * @param {Array<{ id: string, name: string }>} [roles]
 */
export function renderModal(modal, ctx, handlers, channels = [], roles = []) {
  const inputs = modalInputs(modal);
  const node = el('discord-modal', {
    'modal-title': modal.title,
    author: ctx.botName,
    avatar: ctx.avatar('rollcall'),
    'data-custom-id': modal.custom_id,
  });
  for (const input of inputs) {
    if (input.type === 3 || input.type === 6 || input.type === 8)
      node.append(modalSelect(input, { channels, roles }));
    else if (input.type === 21 || input.type === 22) node.append(modalChoices(input));
    else if (input.type === 23) node.append(modalCheckbox(input));
    else if (input.type !== 4) continue;
    else
      node.append(
        el('discord-input-text', {
          label: input.label,
          placeholder: input.placeholder,
          type: input.style === 2 ? 'paragraph' : 'short',
          required: input.required !== false,
          'min-length': input.min_length,
          'max-length': input.max_length,
          'default-value': input.value,
          'data-custom-id': input.custom_id,
        }),
      );
  }
  let submitted = false;
  const any = /** @type {any} */ (node);
  any.submitForm = () => {
    submitted = true;
    handlers.submit(modalValues(node));
  };
  any.closeForm = () => {
    if (!submitted) handlers.close();
  };
  return node;
}
