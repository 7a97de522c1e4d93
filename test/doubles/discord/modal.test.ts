/** The double checks a modal's new components as Discord does, and submits them as Discord's client would. */
import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { modalSubmission } from './payloads.js';
import { modalErrors } from './validate.js';

const label = (component: Record<string, unknown>, text = 'A label') => ({
  type: ComponentType.Label,
  label: text,
  component,
});
const radio = (customId: string, values: string[]) => ({
  type: ComponentType.RadioGroup,
  custom_id: customId,
  options: values.map((value) => ({ value, label: value })),
});

describe('modal validation', () => {
  it('accepts labels wrapping selects, radio groups and checkbox groups', () => {
    const modal = {
      custom_id: 'm',
      title: 'T',
      components: [
        label({ type: ComponentType.ChannelSelect, custom_id: 'c', min_values: 0, max_values: 1 }),
        label(radio('r', ['a', 'b'])),
        label({
          type: ComponentType.CheckboxGroup,
          custom_id: 'g',
          options: [{ value: 'x', label: 'X' }],
          min_values: 0,
        }),
        label({ type: ComponentType.Checkbox, custom_id: 'k' }),
      ],
    };
    expect(modalErrors(modal)).toEqual([]);
  });

  it('refuses six top-level components, a one-option radio group, a select in an action row, a duplicated id', () => {
    const six = {
      custom_id: 'm',
      title: 'T',
      components: Array.from({ length: 6 }, (_, i) => label(radio(`r${i}`, ['a', 'b']))),
    };
    expect(modalErrors(six).map((e) => e.path.join('.'))).toContain('data.components');
    const one = { custom_id: 'm', title: 'T', components: [label(radio('r', ['a']))] };
    expect(modalErrors(one).map((e) => e.code)).toContain('BASE_TYPE_BAD_LENGTH');
    const row = {
      custom_id: 'm',
      title: 'T',
      components: [
        {
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.ChannelSelect, custom_id: 'c' }],
        },
      ],
    };
    expect(modalErrors(row).map((e) => e.code)).toContain('UNION_TYPE_CHOICES');
    const twice = {
      custom_id: 'm',
      title: 'T',
      components: [label(radio('r', ['a', 'b'])), label(radio('r', ['a', 'b']))],
    };
    expect(modalErrors(twice).map((e) => e.code)).toContain('COMPONENT_CUSTOM_ID_DUPLICATED');
  });
});

describe('modal submission', () => {
  const modal = {
    custom_id: 'm',
    title: 'T',
    components: [
      label({
        ...radio('r', ['a', 'b']),
        options: [
          { value: 'a', label: 'a', default: true },
          { value: 'b', label: 'b' },
        ],
      }),
      label({
        type: ComponentType.CheckboxGroup,
        custom_id: 'g',
        options: [{ value: 'x', label: 'X' }],
        min_values: 0,
        required: false,
      }),
    ],
  } as never;

  it('sends the defaults of what was left untouched, and what was chosen', () => {
    const untouched = modalSubmission(modal, {});
    expect(untouched.components).toMatchObject([
      { type: ComponentType.Label, component: { custom_id: 'r', value: 'a' } },
      { type: ComponentType.Label, component: { custom_id: 'g', values: [] } },
    ]);
    expect(modalSubmission(modal, { r: 'b', g: ['x'] }).components).toMatchObject([
      { component: { value: 'b' } },
      { component: { values: ['x'] } },
    ]);
  });

  it('refuses a value the form does not offer unless the payload is forged', () => {
    expect(() => modalSubmission(modal, { r: 'z' })).toThrow(/no option z/);
    expect(modalSubmission(modal, { r: 'z' }, { forged: true }).components[0]).toMatchObject({
      component: { value: 'z' },
    });
  });
});
