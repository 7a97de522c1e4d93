/**
 * What the playground's form tests share: the playground in hosted mode (`npm run playground --
 * --hosted`) on a small dataset, and what the page sends for a form left untouched.
 */
import { ComponentType } from 'discord.js';
import { type Playground, startPlayground } from '../../tools/playground/server.js';
import type { ModalFields } from '../doubles/discord/double.js';
import { generateDataset } from '../doubles/sandbox/data.js';

/** The playground in hosted mode on a small dataset of `seed`, on a free port. */
export function startHostedPlayground(seed: number): Promise<Playground> {
  return startPlayground({
    port: 0,
    hosted: true,
    world: {
      env: { LOG_LEVEL: 'silent' },
      sandbox: { dataset: generateDataset({ seed, members: 12, loas: 8, shifts: 8, logs: 3, auditLogs: 3 }) },
    },
  });
}

type Field = {
  type: number;
  custom_id: string;
  value?: string;
  default?: boolean;
  options?: Array<{ value: string; default?: boolean }>;
  default_values?: Array<{ id: string }>;
};

/**
 * What the page sends for `modal` untouched (tools/playground/page/adapter.js, `modalValues`): a
 * text's value, a select's chosen values, a radio group's chosen value, a checkbox group's checked
 * values, a checkbox's true or false.
 */
export function pageFields(modal: { components: unknown[] }): ModalFields {
  const fields: ModalFields = {};
  for (const top of modal.components as Array<{ component?: Field; components?: Field[] }>) {
    for (const field of top.component ? [top.component] : (top.components ?? [])) {
      const on = (field.options ?? []).filter((o) => o.default).map((o) => o.value);
      const id = field.custom_id;
      if (field.type === ComponentType.TextInput) fields[id] = field.value ?? '';
      else if (field.type === ComponentType.Checkbox) fields[id] = field.default === true;
      else if (field.type === ComponentType.RadioGroup) {
        if (on[0] !== undefined) fields[id] = on[0];
      } else if (field.options) fields[id] = on;
      else fields[id] = (field.default_values ?? []).map((d) => d.id);
    }
  }
  return fields;
}
