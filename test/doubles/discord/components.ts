/** A component as found in a JSON body: any object, read field by field. */
export type LooseComponent = Record<string, unknown> & { type?: unknown };

/** The path of a component inside a body, e.g. `['components', 0, 'components', 2]`. */
export type ComponentPath = Array<string | number>;

function isObject(value: unknown): value is LooseComponent {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Visits every component of a message or modal body, depth first: action rows and containers
 * (`components`), sections (`components` + `accessory`) and labels (`component`).
 */
export function walkComponents(
  components: unknown,
  visit: (component: LooseComponent, path: ComponentPath) => void,
  path: ComponentPath = ['components'],
): void {
  if (!Array.isArray(components)) return;
  components.forEach((component, index) => {
    if (!isObject(component)) return;
    const here = [...path, index];
    visit(component, here);
    walkComponents(component.components, visit, [...here, 'components']);
    if (isObject(component.component)) {
      walkComponents([component.component], visit, [...here, 'component']);
    }
    if (isObject(component.accessory)) {
      walkComponents([component.accessory], visit, [...here, 'accessory']);
    }
  });
}

/** Every component of a body, flattened. */
export function flattenComponents(components: unknown): LooseComponent[] {
  const all: LooseComponent[] = [];
  walkComponents(components, (component) => all.push(component));
  return all;
}

/** The component with this `custom_id`, or undefined. */
export function findComponent(components: unknown, customId: string): LooseComponent | undefined {
  return flattenComponents(components).find((c) => c.custom_id === customId);
}

/**
 * Gives every component without a numeric `id` one, counting from 1 in tree order,
 * as Discord does in the messages it returns. Mutates and returns the array.
 */
export function assignComponentIds<T>(components: T): T {
  let next = 1;
  const taken = new Set(flattenComponents(components).map((c) => c.id));
  walkComponents(components, (component) => {
    if (typeof component.id === 'number') return;
    while (taken.has(next)) next++;
    component.id = next;
    taken.add(next);
  });
  return components;
}
