/**
 * English: every word Rollcall shows, by key. It is the source the other catalogues translate and
 * the type they must match (`Words`): a key English has and a catalogue lacks, or one a catalogue
 * has and English lacks, is a compile error there, and so is a template's value used wrongly.
 *
 * A string is said as it is; a function is a sentence with values (counts, names, timestamps),
 * written with `f`, the formats of the catalogue's own language. Values that come from the API or
 * from what someone typed are made safe by the caller before they are given here.
 *
 * Sections follow the screens: `common` and `paging` for the frame every view shares, then one
 * section per area. CSV column headers are not here: they stay English (docs/commands.md).
 */
import type { Formats } from './formats.js';

export function english(f: Formats) {
  return {
    /** Words every view may use. */
    common: {
      yes: 'Yes',
      no: 'No',
      never: 'never',
      /** Age of data: "under a minute", "12 min", "3 h", "2 d". */
      underAMinute: 'under a minute',
      minutes: (n: number) => `${f.count(n)} min`,
      hours: (n: number) => `${f.count(n)} h`,
      days: (n: number) => `${f.count(n)} d`,
    },
    /** The footer every list, detail and report shares (src/render/page.ts). */
    page: {
      /** "Page 2 of 15". */
      pageOf: (page: number, pages: number) => `Page ${f.count(page)} of ${f.count(pages)}`,
      incomplete: 'not every page read yet: totals may be low',
      spentUntil: (utc: string) => `this server's monthly API allowance is spent until ${utc} UTC`,
      savingFor: (age: string) => `saving this server's monthly API allowance: fresh data in ${age}`,
      /** The footer's last words: Discord shows the embed's timestamp right after them. */
      apiUnavailable: 'API unavailable: saved data as of',
      dataAsOf: 'Data as of',
      savedAsOf: 'Saved data as of',
      savedAgedAsOf: (age: string) => `Saved data (${age} old) as of`,
    },
    /** Paging controls (src/discord/paging). */
    paging: {
      refresh: '🔄 Refresh',
      exportCsv: '📄 Export CSV',
      backToList: '↩ Back to list',
      open: 'Open…',
      goToPage: 'Go to page',
      pageNumber: 'Page number',
      /** The go-to-page field's hint: "1–15". */
      pageRangeHint: (last: number) => `1 to ${f.count(last)}`,
    },
    sentences: {},
    export: {},
    loa: {},
    shift: {},
    member: {},
    role: {},
    log: {},
    auditLog: {},
    application: {},
    joinRequest: {},
    player: {},
    people: {},
    labels: {},
    reports: {},
    digest: {},
    help: {},
    status: {},
    access: {},
    admin: {},
  };
}

/** Every section of words, as English has them (the shape each catalogue's `words` returns). */
export type Sections = ReturnType<typeof english>;
