// @ts-check
/**
 * The playground page: the conversation pushed by the server (server-sent events) drawn with the
 * adapter, a command box listing the commands Rollcall registered (with subcommands, option hints,
 * choices and the bot's autocomplete), and switching the acting user. Every action is a POST to the
 * playground's server, which drives the Discord double.
 */
import { getConfig } from '@skyra/discord-components-core';
import { renderMessage, renderModal } from './adapter.js';

// Application emojis in embed titles and field names (the renderer reads those itself): their image
// from the playground's stand-in for Discord's CDN, never from the internet.
getConfig().emojis = new Proxy(
  {},
  {
    get: (_, word) => {
      const match = /^<(a?):([A-Za-z0-9_]{2,32}):(\d{17,20})>$/.exec(String(word));
      return match ? { name: match[2], url: `/emojis/${match[3]}.png` } : undefined;
    },
  },
);

/** @typedef {Record<string, any>} Loose */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = /** @type {HTMLInputElement} */ ($('command'));
const suggestionsBox = $('suggestions');
const errorLine = $('error');
const actorSelect = /** @type {HTMLSelectElement} */ ($('actor'));
const membersBox = $('members');
const membersToggle = $('members-toggle');
const userMenu = $('user-menu');

/** @type {Loose | null} */
let state = null;
/** The modal on screen (by custom_id), so a new state does not open it twice. */
let shownModal = '';
let busy = 0;
/** Ephemeral messages dismissed on this page ("Dismiss message"), as the Discord client hides them. */
const dismissed = new Set();

const params = new URLSearchParams(location.search);
const ctx = {
  now: () => Date.now(),
  timeZone: params.get('tz') ?? undefined,
  locale: params.get('locale') ?? navigator.language ?? 'en-US',
  botName: 'Rollcall',
  avatar: (/** @type {string} */ name) =>
    `/avatars/${encodeURIComponent(name.toLowerCase().replace(/[^a-z0-9_.-]/g, '-'))}.svg`,
  userName: (/** @type {string} */ id) =>
    (
      state?.users.find((/** @type {Loose} */ u) => u.id === id) ??
      state?.people?.find((/** @type {Loose} */ u) => u.id === id)
    )?.username,
  onClick: (/** @type {string} */ messageId, /** @type {string} */ customId) =>
    act('click', { messageId, customId }),
  onDismiss: (/** @type {string} */ messageId) => {
    dismissed.add(messageId);
    render();
  },
  onSelect: (
    /** @type {string} */ messageId,
    /** @type {string} */ customId,
    /** @type {string[]} */ values,
  ) => act('select', { messageId, customId, values }),
};

/**
 * Sends one action; shows what went wrong under the command box.
 * @param {string} name
 * @param {Loose} body
 */
async function act(name, body) {
  busy++;
  document.body.dataset.busy = String(busy);
  try {
    const res = await fetch(`/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const result = await res.json();
    errorLine.textContent = result.ok === false ? String(result.error ?? 'failed') : '';
    return result;
  } catch (error) {
    errorLine.textContent = `The playground is not answering (${error instanceof Error ? error.message : error}).`;
    return { ok: false };
  } finally {
    busy--;
    document.body.dataset.busy = String(busy);
  }
}

// ---- the conversation ---------------------------------------------------------------------------------

function render() {
  if (!state) return;
  const box = $('messages');
  const scroller = $('scroll');
  const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80;
  const shown = state.messages.filter((/** @type {Loose} */ view) => !dismissed.has(view.id));
  box.replaceChildren(...shown.map((/** @type {Loose} */ view) => renderMessage(view, ctx)));
  for (const failure of state.failures) {
    const line = document.createElement('div');
    line.className = 'failure';
    line.textContent = failure.text;
    box.append(line);
  }
  // The hint stays until Rollcall has answered something (the channel's reports, the digest and the
  // leave reminders are not answers).
  $('empty').hidden = shown.some((/** @type {Loose} */ view) => !view.postedBy && !view.scheduled);
  actorSelect.replaceChildren(
    ...state.users.map((/** @type {Loose} */ u) => {
      const option = document.createElement('option');
      option.value = u.username;
      option.textContent = `${u.username}${u.roles.includes('Moderator') ? '' : ' (not a moderator)'}`;
      option.selected = u.id === state?.actor.id;
      return option;
    }),
  );
  renderMembers();
  // Right-clicking who ran a command opens their Apps menu, as on Discord.
  for (const line of box.querySelectorAll('discord-command')) {
    const user = state.members.find((/** @type {Loose} */ u) => u.username === line.getAttribute('author'));
    if (user)
      line.addEventListener('contextmenu', (event) => openUserMenu(user, /** @type {MouseEvent} */ (event)));
  }
  // Right-clicking a message a user posted opens its Apps menu (Rollcall's message commands).
  for (const posted of box.querySelectorAll('discord-message[data-posted]')) {
    const messageId = posted.getAttribute('data-message-id') ?? '';
    posted.addEventListener('contextmenu', (event) =>
      openMessageMenu(messageId, /** @type {MouseEvent} */ (event)),
    );
  }
  document.body.dataset.actor = state.actor.username;
  document.body.dataset.messages = String(shown.length);
  if (atBottom) requestAnimationFrame(() => scroller.scrollTo({ top: scroller.scrollHeight }));
  showModal(state.modal);
}

// ---- the member list and a user's right-click menu (Apps: Rollcall's user commands) -----------------

function renderMembers() {
  if (!state) return;
  const head = textItem('li', 'head', 'Members: right-click for Apps');
  membersBox.replaceChildren(
    head,
    ...state.members.map((/** @type {Loose} */ user) => {
      const li = textItem('li', 'member', '');
      li.dataset.userId = user.id;
      const avatar = document.createElement('img');
      avatar.src = ctx.avatar(user.username);
      avatar.alt = '';
      li.append(avatar, user.username);
      li.addEventListener('contextmenu', (event) => openUserMenu(user, event));
      return li;
    }),
  );
}

/**
 * @param {string} tag
 * @param {string} className
 * @param {string} text
 */
function textItem(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

/**
 * Opens the Apps menu of `user` where the pointer is: one item per user command Rollcall registered.
 * @param {Loose} user
 * @param {MouseEvent} event
 */
function openUserMenu(user, event) {
  const items = (state?.userCommands ?? []).map((/** @type {Loose} */ command) => ({
    name: command.name,
    run: () => act('user-command', { name: command.name, targetId: user.id }),
  }));
  openMenu(items, `user:${user.username}`, event);
}

/**
 * Opens the Apps menu of a message a user posted: one item per message command Rollcall registered.
 * @param {string} messageId
 * @param {MouseEvent} event
 */
function openMessageMenu(messageId, event) {
  const items = (state?.messageCommands ?? []).map((/** @type {Loose} */ command) => ({
    name: command.name,
    run: () => act('message-command', { name: command.name, messageId }),
  }));
  openMenu(items, `message:${messageId}`, event);
}

/**
 * The Apps menu where the pointer is, with `items`; `target` names what it was opened on.
 * @param {Array<{ name: string, run: () => unknown }>} items
 * @param {string} target
 * @param {MouseEvent} event
 */
function openMenu(items, target, event) {
  event.preventDefault();
  event.stopPropagation();
  const nodes = items.map((entry) => {
    const item = textItem('li', 'item', entry.name);
    item.addEventListener('click', () => {
      closeUserMenu();
      entry.run();
    });
    return item;
  });
  userMenu.replaceChildren(textItem('li', 'head', 'Apps'), ...nodes);
  userMenu.dataset.target = target;
  userMenu.style.left = `${event.clientX}px`;
  userMenu.style.top = `${event.clientY}px`;
  userMenu.hidden = false;
  // Upward from the pointer when there is no room below it (a name low on the page), as in Discord.
  const height = userMenu.getBoundingClientRect().height;
  if (event.clientY + height > window.innerHeight && event.clientY - height >= 0) {
    userMenu.style.top = `${event.clientY - height}px`;
  }
}

function closeUserMenu() {
  userMenu.hidden = true;
}

membersToggle.addEventListener('click', () => {
  membersBox.hidden = !membersBox.hidden;
  membersToggle.setAttribute('aria-expanded', String(!membersBox.hidden));
});
document.addEventListener('click', (event) => {
  if (!userMenu.contains(/** @type {Node} */ (event.target))) closeUserMenu();
});
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeUserMenu();
});

/** @param {Loose | null} modal */
async function showModal(modal) {
  const host = $('modal-host');
  const key = modal ? `${state?.actor.id}:${modal.custom_id}` : '';
  if (key === shownModal) return;
  shownModal = key;
  host.replaceChildren();
  if (!modal) return;
  const node = renderModal(
    modal,
    ctx,
    {
      submit: (fields) => act('modal', { customId: modal.custom_id, fields }),
      close: () => act('close-modal', {}),
    },
    state?.channels ?? [],
    state?.roles ?? [],
  );
  host.append(node);
  await /** @type {any} */ (node).updateComplete;
  // As the renderer's own buttons open a modal: show its box, then the dialog.
  const dialog = node.shadowRoot?.querySelector('dialog');
  const box = dialog?.querySelector('div.discord-modal-box');
  if (box instanceof HTMLElement) box.style.display = 'flex';
  dialog?.showModal();
}

const events = new EventSource('/api/events');
events.addEventListener('state', (event) => {
  state = JSON.parse(/** @type {MessageEvent} */ (event).data);
  render();
  suggest();
});

// ---- acting user ----------------------------------------------------------------------------------------

actorSelect.addEventListener('change', () => act('as', { username: actorSelect.value }));
$('add-user').addEventListener('submit', async (event) => {
  event.preventDefault();
  const field = /** @type {HTMLInputElement} */ ($('new-user'));
  const result = await act('as', { username: field.value });
  if (result.ok) field.value = '';
});

// ---- the command box --------------------------------------------------------------------------------------

const TYPE_NAMES = /** @type {Record<number, string>} */ ({
  3: 'text',
  4: 'whole number',
  5: 'true/false',
  6: 'user id',
  7: 'channel',
  8: 'role',
  9: 'user or role',
  10: 'number',
  11: 'file',
});

/**
 * What has been typed: the command, its subcommand path, the option definitions it leads to, the
 * options given and the one being typed.
 * @param {string} text
 */
function reading(text) {
  const commands = state?.commands ?? [];
  const firstOption = /(^|\s)[A-Za-z0-9_-]+:/.exec(text);
  const head = text.slice(1, firstOption ? firstOption.index : text.length);
  const words = head.split(/\s+/).filter(Boolean);
  const typingWord = !firstOption && !/\s$/.test(text);
  const command = commands.find((/** @type {Loose} */ c) => c.name === words[0]?.toLowerCase());
  /** @type {Loose[]} */
  let defs = command?.options ?? [];
  const path = [];
  for (let i = 1; command && i < words.length; i++) {
    const nested = defs.find((d) => (d.type === 1 || d.type === 2) && d.name === words[i]?.toLowerCase());
    if (!nested) break;
    if (i === words.length - 1 && typingWord) break;
    path.push(nested.name);
    defs = nested.options ?? [];
  }
  const given = [...text.matchAll(/(?:^|\s)([A-Za-z0-9_-]+):/g)].map((m) => m[1]?.toLowerCase());
  const last = /(?:^|\s)([A-Za-z0-9_-]+):([^:]*)$/.exec(text);
  return { commands, words, typingWord, command, path, defs, given, last };
}

/** @type {number | undefined} */
let autocompleteTimer;
let autocompleteFor = '';
/** @type {Loose[] | null} */
let autocompleteChoices = null;

/**
 * @param {string} title
 * @param {Array<{ name: string, hint?: string, required?: boolean, fill: string }>} items
 */
function showSuggestions(title, items) {
  if (items.length === 0) {
    suggestionsBox.hidden = true;
    suggestionsBox.replaceChildren();
    return;
  }
  const head = document.createElement('li');
  head.className = 'head';
  head.textContent = title;
  suggestionsBox.replaceChildren(
    head,
    ...items.map((item, i) => {
      const li = document.createElement('li');
      li.className = `suggestion${i === 0 ? ' active' : ''}`;
      li.dataset.fill = item.fill;
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = item.name;
      li.append(name);
      if (item.required) {
        const req = document.createElement('span');
        req.className = 'req';
        req.textContent = 'required';
        li.append(req);
      }
      if (item.hint) {
        const hint = document.createElement('span');
        hint.className = 'hint';
        hint.textContent = item.hint;
        li.append(hint);
      }
      li.addEventListener('mousedown', (event) => {
        event.preventDefault();
        fill(item.fill);
      });
      return li;
    }),
  );
  suggestionsBox.hidden = false;
}

/** @param {string} text */
function fill(text) {
  input.value = text;
  input.focus();
  suggest();
}

/** Fills the hints for what is typed (commands, subcommands, options, choices, autocomplete). */
function suggest() {
  const text = input.value;
  if (document.activeElement !== input || !state) return;
  if (!text.startsWith('/')) {
    showSuggestions('', []);
    return;
  }
  const r = reading(text);
  if (!r.command || (r.words.length <= 1 && r.typingWord)) {
    const typed = (r.words[0] ?? '').toLowerCase();
    showSuggestions(
      'Commands',
      r.commands
        .filter((/** @type {Loose} */ c) => c.name.startsWith(typed))
        .map((/** @type {Loose} */ c) => ({ name: `/${c.name}`, hint: c.description, fill: `/${c.name} ` })),
    );
    return;
  }
  const nested = r.defs.filter((d) => d.type === 1 || d.type === 2);
  if (nested.length > 0) {
    const typed = r.typingWord ? (r.words[r.path.length + 1] ?? '').toLowerCase() : '';
    const base = `/${[r.command.name, ...r.path].join(' ')}`;
    showSuggestions(
      'Subcommands',
      nested
        .filter((d) => d.name.startsWith(typed))
        .map((d) => ({ name: `${base} ${d.name}`, hint: d.description, fill: `${base} ${d.name} ` })),
    );
    return;
  }
  if (r.last) {
    const [, name = '', value = ''] = r.last;
    const def = r.defs.find((d) => d.name === name.toLowerCase());
    const before = text.slice(0, text.length - value.length);
    if (def?.autocomplete) {
      if (autocompleteFor === text && autocompleteChoices) {
        showSuggestions(
          `${def.name}: choices from Rollcall`,
          autocompleteChoices.map((c) => ({ name: c.name, fill: `${before}${c.value} ` })),
        );
      } else {
        clearTimeout(autocompleteTimer);
        autocompleteTimer = setTimeout(async () => {
          const result = await act('autocomplete', { line: text });
          autocompleteFor = text;
          autocompleteChoices = result.choices ?? [];
          if (input.value === text) suggest();
        }, 150);
      }
      return;
    }
    if (def?.choices && !/\s$/.test(text)) {
      showSuggestions(
        `${def.name}: choices`,
        def.choices
          .filter((/** @type {Loose} */ c) => String(c.name).toLowerCase().startsWith(value.toLowerCase()))
          .map((/** @type {Loose} */ c) => ({ name: c.name, fill: `${before}${c.value} ` })),
      );
      return;
    }
    // A user option: the playground's people by name (`@alex`), as Discord's client offers members.
    if (def && (def.type === 6 || def.type === 9) && !/\s$/.test(text)) {
      const typed = value.replace(/^@/, '').toLowerCase();
      const people = [...state.members, ...state.people].filter(
        (/** @type {Loose} */ u, i, all) => all.findIndex((o) => o.id === u.id) === i,
      );
      showSuggestions(
        `${def.name}: members`,
        people
          .filter((/** @type {Loose} */ u) => u.username.toLowerCase().startsWith(typed))
          .slice(0, 25)
          .map((/** @type {Loose} */ u) => ({
            name: `@${u.username}`,
            hint: def.description,
            fill: `${before}@${u.username} `,
          })),
      );
      return;
    }
    if (def && !/\s$/.test(text)) {
      showSuggestions(`${def.name}`, [
        {
          name: `${def.name}: ${TYPE_NAMES[def.type] ?? ''}`,
          hint: def.description,
          required: def.required,
          fill: text,
        },
      ]);
      return;
    }
  }
  const spacer = /\s$/.test(text) ? '' : ' ';
  showSuggestions(
    'Options (Enter runs the command)',
    r.defs
      .filter((d) => !r.given.includes(d.name))
      .map((d) => ({
        name: `${d.name}:`,
        hint: `${TYPE_NAMES[d.type] ?? ''} · ${d.description}`,
        required: d.required === true,
        fill: `${text}${spacer}${d.name}:`,
      })),
  );
}

input.addEventListener('input', suggest);
input.addEventListener('focus', suggest);
input.addEventListener('blur', () => {
  suggestionsBox.hidden = true;
});
input.addEventListener('keydown', (event) => {
  if (event.key === 'Tab' && !suggestionsBox.hidden) {
    const first = suggestionsBox.querySelector('.suggestion.active');
    if (first instanceof HTMLElement && first.dataset.fill !== undefined) {
      event.preventDefault();
      fill(first.dataset.fill);
    }
  } else if (event.key === 'Escape') {
    suggestionsBox.hidden = true;
  }
});
$('command-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const line = input.value.trim();
  if (line === '') return;
  // A line without a leading / is a message in the channel (a report to right-click), as in Discord.
  const result = line.startsWith('/') ? await act('slash', { line }) : await act('say', { text: line });
  if (result.ok !== false) {
    input.value = '';
    suggestionsBox.hidden = true;
  }
});
