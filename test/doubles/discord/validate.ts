import { ButtonStyle, ComponentType, MessageFlags } from 'discord-api-types/v10';
import { type ComponentPath, type LooseComponent, walkComponents } from './components.js';
import type { DiscordErrorBody } from './http.js';

/** One field error of an Invalid Form Body answer. */
export interface FormError {
  path: ComponentPath;
  code: string;
  message: string;
}

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function maxLength(errors: FormError[], path: ComponentPath, value: unknown, max: number, min = 0): void {
  if (value === undefined || value === null) {
    if (min > 0) errors.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    return;
  }
  if (typeof value !== 'string') {
    errors.push({ path, code: 'BASE_TYPE_STRING', message: 'Must be a string.' });
  } else if (value.length > max) {
    errors.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  } else if (value.length < min) {
    errors.push({ path, code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${min} or more in length.` });
  }
}

function maxItems(errors: FormError[], path: ComponentPath, value: unknown, max: number): void {
  if (Array.isArray(value) && value.length > max) {
    errors.push({ path, code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` });
  }
}

function embedErrors(errors: FormError[], embeds: unknown): void {
  if (embeds === undefined || embeds === null) return;
  if (!Array.isArray(embeds)) {
    errors.push({ path: ['embeds'], code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
    return;
  }
  maxItems(errors, ['embeds'], embeds, 10);
  let total = 0;
  embeds.forEach((embed: unknown, i) => {
    if (!isObject(embed)) return;
    const at = (...rest: Array<string | number>): ComponentPath => ['embeds', i, ...rest];
    maxLength(errors, at('title'), embed.title, 256);
    maxLength(errors, at('description'), embed.description, 4096);
    maxItems(errors, at('fields'), embed.fields, 25);
    total += text(embed.title).length + text(embed.description).length;
    if (isObject(embed.footer)) {
      maxLength(errors, at('footer', 'text'), embed.footer.text, 2048, 1);
      total += text(embed.footer.text).length;
    }
    if (isObject(embed.author)) {
      maxLength(errors, at('author', 'name'), embed.author.name, 256, 1);
      total += text(embed.author.name).length;
    }
    if (Array.isArray(embed.fields)) {
      embed.fields.forEach((field: unknown, f) => {
        if (!isObject(field)) return;
        maxLength(errors, at('fields', f, 'name'), field.name, 256, 1);
        maxLength(errors, at('fields', f, 'value'), field.value, 1024, 1);
        total += text(field.name).length + text(field.value).length;
      });
    }
  });
  if (total > 6000) {
    errors.push({
      path: ['embeds'],
      code: 'MAX_EMBED_SIZE_EXCEEDED',
      message: 'Embed size exceeds maximum size of 6000',
    });
  }
}

const SELECTS = new Set<unknown>([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

function componentErrors(errors: FormError[], component: LooseComponent, path: ComponentPath): void {
  const at = (...rest: Array<string | number>): ComponentPath => [...path, ...rest];
  if (component.type === ComponentType.Button) {
    maxLength(errors, at('label'), component.label, 80);
    if (component.style === ButtonStyle.Link) {
      if (typeof component.url !== 'string') {
        errors.push({ path: at('url'), code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
      }
    } else if (component.style !== ButtonStyle.Premium) {
      maxLength(errors, at('custom_id'), component.custom_id, 100, 1);
    }
    if (
      component.label === undefined &&
      component.emoji === undefined &&
      component.style !== ButtonStyle.Premium
    ) {
      errors.push({
        path: at('label'),
        code: 'BUTTON_COMPONENT_INVALID',
        message: 'A button needs a label or an emoji',
      });
    }
  } else if (SELECTS.has(component.type)) {
    maxLength(errors, at('custom_id'), component.custom_id, 100, 1);
    maxLength(errors, at('placeholder'), component.placeholder, 150);
    if (component.type === ComponentType.StringSelect) {
      const options = Array.isArray(component.options) ? component.options : [];
      if (options.length < 1 || options.length > 25) {
        errors.push({
          path: at('options'),
          code: 'BASE_TYPE_BAD_LENGTH',
          message: 'Must be between 1 and 25 in length.',
        });
      }
      options.forEach((option: unknown, o) => {
        if (!isObject(option)) return;
        maxLength(errors, at('options', o, 'label'), option.label, 100, 1);
        maxLength(errors, at('options', o, 'value'), option.value, 100, 1);
        maxLength(errors, at('options', o, 'description'), option.description, 100);
      });
    }
  } else if (component.type === ComponentType.ActionRow) {
    const children = Array.isArray(component.components) ? (component.components as LooseComponent[]) : [];
    const selects = children.filter((c) => SELECTS.has(c.type)).length;
    if (children.length < 1 || children.length > 5 || (selects > 0 && children.length > 1)) {
      errors.push({
        path: at('components'),
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'An action row holds 1 to 5 buttons or a single select menu.',
      });
    }
  }
}

/** Every problem Discord would report for the components of a message body. */
function componentTreeErrors(errors: FormError[], components: unknown, v2: boolean): void {
  if (components === undefined || components === null) return;
  if (!Array.isArray(components)) {
    errors.push({ path: ['components'], code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
    return;
  }
  if (!v2) {
    maxItems(errors, ['components'], components, 5);
    components.forEach((row: unknown, i) => {
      if (!isObject(row) || row.type !== ComponentType.ActionRow) {
        errors.push({
          path: ['components', i, 'type'],
          code: 'UNION_TYPE_CHOICES',
          message:
            'Top-level components must be action rows unless the message has the IS_COMPONENTS_V2 flag.',
        });
      }
    });
  }
  const seen = new Set<string>();
  let count = 0;
  walkComponents(components, (component, path) => {
    count++;
    componentErrors(errors, component, path);
    if (typeof component.custom_id === 'string') {
      if (seen.has(component.custom_id)) {
        errors.push({
          path: [...path, 'custom_id'],
          code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
          message: 'Component custom id cannot be duplicated',
        });
      }
      seen.add(component.custom_id);
    }
  });
  if (v2 && count > 40) {
    errors.push({
      path: ['components'],
      code: 'BASE_TYPE_MAX_LENGTH',
      message: 'Must be 40 or fewer in length.',
    });
  }
}

function allowedMentionsErrors(errors: FormError[], value: unknown): void {
  if (value === undefined || value === null) return;
  if (!isObject(value)) {
    errors.push({
      path: ['allowed_mentions'],
      code: 'MODEL_TYPE_CONVERT',
      message: 'Only dictionaries may be used.',
    });
    return;
  }
  const parse = Array.isArray(value.parse) ? value.parse : [];
  for (const [i, kind] of parse.entries()) {
    if (kind !== 'users' && kind !== 'roles' && kind !== 'everyone') {
      errors.push({
        path: ['allowed_mentions', 'parse', i],
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of {"everyone", "roles", "users"}.',
      });
    }
  }
  for (const kind of ['users', 'roles'] as const) {
    const list = value[kind];
    if (parse.includes(kind) && Array.isArray(list) && list.length > 0) {
      errors.push({
        path: ['allowed_mentions', kind],
        code: 'SET_TYPE_ALREADY_CONTAINS_VALUE',
        message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
      });
    }
    maxItems(errors, ['allowed_mentions', kind], list, 100);
  }
}

/**
 * The form errors of a message body (reply, update, follow-up or edit): Discord's length limits for
 * content, embeds (and their 6000-character total), components (rows, buttons, selects, custom ids,
 * duplicates) and allowed_mentions.
 */
export function messageErrors(body: Loose, prefix: ComponentPath = []): FormError[] {
  const errors = messageErrorsAt(body);
  return errors.map((e) => ({ ...e, path: [...prefix, ...e.path] }));
}

function messageErrorsAt(body: Loose): FormError[] {
  const errors: FormError[] = [];
  const v2 = typeof body.flags === 'number' && (body.flags & MessageFlags.IsComponentsV2) !== 0;
  maxLength(errors, ['content'], body.content, 2000);
  if (v2 && (text(body.content) !== '' || (Array.isArray(body.embeds) && body.embeds.length > 0))) {
    errors.push({
      path: ['content'],
      code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      message: "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2",
    });
  }
  embedErrors(errors, body.embeds);
  componentTreeErrors(errors, body.components, v2);
  allowedMentionsErrors(errors, body.allowed_mentions);
  return errors;
}

/** What a label (18) may wrap in a modal. */
const IN_LABEL = new Set<unknown>([
  ComponentType.TextInput,
  ...SELECTS,
  ComponentType.FileUpload,
  ComponentType.RadioGroup,
  ComponentType.CheckboxGroup,
  ComponentType.Checkbox,
]);

/** A modal's top-level components: labels, text displays, and (deprecated) action rows of text inputs. */
const MODAL_TOP = new Set<unknown>([ComponentType.Label, ComponentType.TextDisplay, ComponentType.ActionRow]);

function between(errors: FormError[], path: ComponentPath, value: unknown, min: number, max: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    errors.push({ path, code: 'NUMBER_TYPE_OUT_OF_RANGE', message: `Must be between ${min} and ${max}.` });
}

/** A radio group's or checkbox group's options: how many, their labels, values and descriptions, and defaults. */
function groupErrors(errors: FormError[], component: LooseComponent, path: ComponentPath): void {
  const at = (...rest: Array<string | number>): ComponentPath => [...path, ...rest];
  const radio = component.type === ComponentType.RadioGroup;
  const options = Array.isArray(component.options) ? (component.options as unknown[]) : [];
  const [min, max] = radio ? [2, 10] : [1, 10];
  if (options.length < min || options.length > max)
    errors.push({
      path: at('options'),
      code: 'BASE_TYPE_BAD_LENGTH',
      message: `Must be between ${min} and ${max} in length.`,
    });
  options.forEach((option, o) => {
    if (!isObject(option)) return;
    maxLength(errors, at('options', o, 'label'), option.label, 100, 1);
    maxLength(errors, at('options', o, 'value'), option.value, 100, 1);
    maxLength(errors, at('options', o, 'description'), option.description, 100);
  });
  const defaults = options.filter((o) => isObject(o) && o.default === true).length;
  if (radio && defaults > 1)
    errors.push({
      path: at('options'),
      code: 'COMPONENT_INVALID',
      message: 'Only one option can be default.',
    });
  if (!radio) {
    between(errors, at('min_values'), component.min_values, 0, 10);
    between(errors, at('max_values'), component.max_values, 1, 10);
  }
}

/** One component inside a modal's label (or a text input in a legacy row). */
function modalComponentErrors(errors: FormError[], component: LooseComponent, path: ComponentPath): void {
  const at = (...rest: Array<string | number>): ComponentPath => [...path, ...rest];
  maxLength(errors, at('custom_id'), component.custom_id, 100, 1);
  if (component.type === ComponentType.TextInput) {
    maxLength(errors, at('label'), component.label, 45);
    maxLength(errors, at('value'), component.value, 4000);
    maxLength(errors, at('placeholder'), component.placeholder, 100);
  } else if (SELECTS.has(component.type)) {
    componentErrors(errors, component, path);
    between(errors, at('min_values'), component.min_values, 0, 25);
    between(errors, at('max_values'), component.max_values, 1, 25);
    const max = typeof component.max_values === 'number' ? component.max_values : 1;
    if (Array.isArray(component.default_values) && component.default_values.length > max)
      errors.push({
        path: at('default_values'),
        code: 'BASE_TYPE_BAD_LENGTH',
        message: `Must be between 0 and ${max} in length.`,
      });
  } else if (component.type === ComponentType.RadioGroup || component.type === ComponentType.CheckboxGroup) {
    groupErrors(errors, component, path);
  }
}

/** The form errors of a modal (callback type 9). */
export function modalErrors(data: Loose): FormError[] {
  const errors: FormError[] = [];
  maxLength(errors, ['data', 'custom_id'], data.custom_id, 100, 1);
  maxLength(errors, ['data', 'title'], data.title, 45, 1);
  const rows = Array.isArray(data.components) ? data.components : [];
  if (rows.length < 1 || rows.length > 5) {
    errors.push({
      path: ['data', 'components'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 5 in length.',
    });
  }
  const seen = new Set<string>();
  walkComponents(
    rows,
    (component, path) => {
      const top = path.length === 3;
      if (top && !MODAL_TOP.has(component.type))
        errors.push({
          path: [...path, 'type'],
          code: 'UNION_TYPE_CHOICES',
          message: 'A modal holds labels, text displays or action rows of text inputs.',
        });
      if (typeof component.custom_id === 'string') {
        if (seen.has(component.custom_id))
          errors.push({
            path: [...path, 'custom_id'],
            code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
            message: 'Component custom id cannot be duplicated',
          });
        seen.add(component.custom_id);
      }
      if (component.type === ComponentType.Label) {
        maxLength(errors, [...path, 'label'], component.label, 45, 1);
        maxLength(errors, [...path, 'description'], component.description, 100);
        const inner = isObject(component.component) ? component.component : undefined;
        if (!inner || !IN_LABEL.has(inner.type))
          errors.push({
            path: [...path, 'component'],
            code: 'UNION_TYPE_CHOICES',
            message: 'A label wraps a text input, a select, a file upload, a radio group or checkbox(es).',
          });
      } else if (component.type === ComponentType.ActionRow) {
        const children = Array.isArray(component.components)
          ? (component.components as LooseComponent[])
          : [];
        if (children.length !== 1 || children[0]?.type !== ComponentType.TextInput)
          errors.push({
            path: [...path, 'components'],
            code: 'UNION_TYPE_CHOICES',
            message: "A modal's action row holds one text input (put other components in a label).",
          });
      } else if (!top && component.type !== ComponentType.TextDisplay) {
        modalComponentErrors(errors, component, path);
      }
    },
    ['data', 'components'],
  );
  return errors;
}

/** The form errors of autocomplete choices (callback type 8). */
export function choicesErrors(data: Loose): FormError[] {
  const errors: FormError[] = [];
  const choices = Array.isArray(data.choices) ? data.choices : [];
  maxItems(errors, ['data', 'choices'], choices, 25);
  choices.forEach((choice: unknown, i) => {
    if (!isObject(choice)) return;
    maxLength(errors, ['data', 'choices', i, 'name'], choice.name, 100, 1);
    if (typeof choice.value === 'string')
      maxLength(errors, ['data', 'choices', i, 'value'], choice.value, 100);
  });
  return errors;
}

/** Discord's 400 answer for form errors: `{ code: 50035, message: 'Invalid Form Body', errors: {...} }`. */
export function invalidFormBody(errors: FormError[]): DiscordErrorBody {
  const tree: Loose = {};
  for (const error of errors) {
    let node = tree;
    for (const key of error.path) {
      const name = String(key);
      const next = node[name];
      const child: Loose = isObject(next) ? next : {};
      node[name] = child;
      node = child;
    }
    const list: unknown[] = Array.isArray(node._errors) ? node._errors : [];
    list.push({ code: error.code, message: error.message });
    node._errors = list;
  }
  return { code: 50035, message: 'Invalid Form Body', errors: tree };
}
