/**
 * The commands' texts are keyed by their place in the command JSON (`loa.list.description`); the
 * keys are typed here from the definitions and every catalogue is checked against them, so a key
 * that names no text, or a text a catalogue lacks, fails the type check naming the key. The check
 * is made at this layer because src/i18n, below it, cannot import the definitions; deploy-commands
 * registers the catalogues through it.
 */
import { CATALOGUES, type Catalogue } from '../src/i18n/catalogue.js';
import type { TextKeys } from '../src/i18n/commands.js';
import type { labelsDefinition } from './admin/labels.js';
import type { reportsDefinition } from './admin/reports.js';
import type { settingsDefinition } from './admin/settings.js';
import type { setupDefinition } from './admin/setup.js';
import type { unlinkDefinition } from './admin/unlink.js';
import type { resourceCommands } from './index.js';
import type { data as rollcall } from './rollcall.js';
import type { messageMenus, userMenus } from './user-menus.js';

/** The literal shape `defineCommand` keeps of a definition. */
type Literal<T> = T extends { readonly __definition?: infer D } ? NonNullable<D> : T;

/** Every text of every registered definition, by its catalogue key. */
type CommandTextKey = TextKeys<
  | Literal<
      | (typeof resourceCommands)[number]['data']
      | typeof rollcall
      | typeof setupDefinition
      | typeof settingsDefinition
      | typeof labelsDefinition
      | typeof unlinkDefinition
      | typeof reportsDefinition
    >
  | (typeof userMenus)[number]['data']
  | (typeof messageMenus)[number]['data']
>;

/** Command texts with exactly the definitions' keys: any other key is typed `never`, so it fails by name. */
type Exactly<T> = Readonly<Record<CommandTextKey, string>> & {
  readonly [K in Exclude<keyof T, CommandTextKey>]: never;
};
type Checked<T extends readonly Catalogue[]> = {
  readonly [I in keyof T]: T[I] extends Catalogue ? { readonly commands: Exactly<T[I]['commands']> } : never;
};

/** Every catalogue, its command texts checked against the definitions. */
export const COMMAND_CATALOGUES: readonly Catalogue[] = CATALOGUES satisfies Checked<typeof CATALOGUES>;
