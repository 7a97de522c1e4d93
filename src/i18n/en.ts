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
    /** Reports (src/render/reports.ts): /shift totals and active, /loa active and upcoming, /quota. */
    reports: {
      /** The report periods, as titles name them. */
      period: {
        thisWeek: 'This week',
        lastWeek: 'Last week',
        last7Days: 'Last 7 days',
        last30Days: 'Last 30 days',
        thisMonth: 'This month',
        lastMonth: 'Last month',
      },
      /** "Last month (1 Oct 2026 – 31 Oct 2026, Europe/London)". */
      periodSpan: (name: string, from: string, to: string, zone: string) =>
        `${name} (${from} – ${to}, ${zone})`,
      /** A totals filter in the title: "type Patrol", "wave 3". */
      filterType: (type: string) => `type ${type}`,
      filterWave: (wave: number) => `wave ${f.count(wave)}`,
      totalsTitle: (period: string) => `Time on duty · ${period}`,
      memberTitle: (memberId: string, period: string) => `Member ${memberId} · ${period}`,
      members: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'member', other: 'members' })}`,
      shifts: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'shift', other: 'shifts' })}`,
      loas: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
      /** A total that may count a shift whose end is unknown as running to now. */
      atMost: (time: string) => `at most ${time}`,
      longest: (time: string) => `longest ${time}`,
      onDutyNowCount: (n: number) => `${f.count(n)} on duty now`,
      noShifts: 'No shifts in this period.',
      /** "Alex: 4h 6m on duty in 3 shifts (longest 2h)." */
      memberTotal: (time: string, shifts: number, longest: string, approximate: boolean) =>
        `${approximate ? 'At most ' : ''}${time} on duty in ${f.count(shifts)} ${f.plural(shifts, { one: 'shift', other: 'shifts' })} (longest ${longest}).`,
      andMore: (n: number) => `… and ${f.count(n)} more`,
      onLeaveTitle: 'On leave now',
      leaveStartingTitle: (days: number) =>
        `Leave starting within ${f.count(days)} ${f.plural(days, { one: 'day', other: 'days' })}`,
      noReturnDate: 'no return date',
      back: (when: string) => `back ${when}`,
      fromBack: (start: string, back: string) => `from ${start} · back ${back}`,
      nobodyOnLeave: 'Nobody is on leave now.',
      noLeaveStarts: 'No leave starts in that time.',
      quotaTitle: (period: string) => `Quota check · ${period}`,
      pass: '✅ pass',
      fail: '❌ fail',
      onLeave: '🌴 on leave',
      /** "2h of 10h". */
      doneOf: (done: string, required: string) => `${done} of ${required}`,
      quotaSummary: (pass: number, fail: number, leave: number) =>
        `${f.count(pass)} pass · ${f.count(fail)} fail · ${f.count(leave)} on leave`,
      noQuotaRoles: (where: string) => `No member holds a role with a quota (${where}).`,
      quotasSetByAdmins: 'admins set quotas with /rollcall-admin reports',
      quotasSetInEnvironment: "quotas are set in Rollcall's environment (REPORTS_QUOTAS)",
      onDutyTitle: 'On duty now',
      since: (when: string) => `since ${when}`,
      onDutyFor: (time: string) => `${time} on duty`,
      nobodyOnDuty: 'Nobody is on duty now.',
      inactiveTitle: (days: number) =>
        `No shift in over ${f.count(days)} ${f.plural(days, { one: 'day', other: 'days' })}`,
      leaveLeftOut: 'on leave left out',
      neverOnDuty: 'never on duty',
      lastShift: (when: string) => `last shift ${when}`,
      onLeaveNoReturn: '🌴 on leave, no return date',
      onLeaveUntil: (when: string) => `🌴 on leave until ${when}`,
      everyoneActive: 'Every member had a shift in that time.',
      /** The "Open…" select of the quota and inactive reports. */
      memberOption: (memberId: string) => `Member ${memberId}`,
      theirShifts: 'Their shifts in this period',
      theirRecord: 'Their record',
      neverOnDutyOption: 'Never on duty',
    },
    /**
     * What Rollcall posts to a channel by itself (digests, allowance alerts), in the server's
     * language or the one its admins chose (/rollcall-admin reports language).
     */
    digest: {
      /** QUOTA_ALERT_CHANNEL_ID: the monthly allowance passed 80 % (`reset` is Unix seconds). */
      allowanceMark: (used: number, points: number, reset: number) =>
        `Rollcall has spent ${f.count(used)} of this community server's ${f.count(points)} API requests for the month; saved data is shown more often until the allowance starts again <t:${reset}:f>.`,
      allowanceSpent: (points: number, reset: number) =>
        `Rollcall has spent all ${f.count(points)} of this community server's API requests for the month; it shows saved data until the allowance starts again <t:${reset}:f>.`,
      /** The admins' settings view: the language digests and alerts are posted in. */
      language: (name: string) => `Digest language: ${name}.`,
      /** The language when the admins chose none: the server's own ("server default: Deutsch"). */
      serverDefault: (name: string) => `server default (${name})`,
    },
    /** /rollcall help (src/render/help.ts); commands' own descriptions come from their localizations. */
    help: {
      title: 'Rollcall commands',
      intro:
        'Read-only access to the community server’s records. Lists page with the buttons under them; ' +
        '“Open…” shows one record. Add `public:True` to any command to post the answer in the channel ' +
        '(otherwise only you see it).',
      memberMenus: 'Right-click a member → Apps',
      messageMenus: 'Right-click a message → Apps',
      /** After a message command's name. */
      messageMenuLine: 'the players it names, and each one’s record',
      moreCommands: 'More commands',
      /** An example's placeholder for a Discord user option. */
      sampleUser: '@user',
    },
    /** /rollcall status (src/render/status.ts). */
    status: {
      title: 'Rollcall status',
      footer: 'Counts since Rollcall started',
      api: 'API',
      reachable: '🟢 Reachable',
      notReachable: '🔴 Not reachable',
      roundTrip: 'Round trip',
      milliseconds: (ms: number) => `${f.count(ms)} ms`,
      savedProbe: (relative: string) => `saved answer from ${relative}: no request spent`,
      cache: 'Cache',
      backendMemory: 'In memory',
      backendRedis: 'Redis',
      backendOff: 'Off',
      healthy: 'healthy',
      notAnswering: 'not answering',
      hitRate: 'Cache hit rate',
      noReadsYet: 'no reads yet',
      hits: (percent: number, hits: number, reads: number) =>
        `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 }).format(percent)}% (${f.count(hits)} of ${f.count(reads)} reads)`,
      requestsMade: 'API requests made',
      rateLimited: 'Rate-limited answers',
      staleServed: 'Saved data served (API down)',
      coalesced: 'Requests shared',
      version: 'Version',
      uptime: 'Uptime',
      accessRoles: 'Access roles',
      problem: 'Problem',
      leftAsCounted: 'Requests left (as last counted here)',
      leftThisMonth: 'Left this month',
      allowedNow: 'Allowed now',
      leftOf: (left: number, points: number) => `${f.count(left)} of ${f.count(points)}`,
      noMonthlyLimit: 'No monthly limit',
      savedOnlyUntil: (when: string) => `Saved data only, until ${when}`,
      nothingUntil: (when: string, limit: string) => `Nothing until ${when} (${limit})`,
      upToReads: (n: number) => `Up to ${f.count(n)} new reads`,
      anyRead: 'Any read (no limit set)',
      readsAndRefresh: (reads: string, next: string) => `${reads}; refresh of saved data: ${next}`,
      dueNow: 'one is due now',
      next: (when: string) => `next ${when}`,
      monthName: (limit: string) => `API allowance (${limit})`,
      monthLine: (left: number, points: number, used: number, resets: string) =>
        `${f.count(left)} of ${f.count(points)} left this month · ${f.count(used)} used · resets ${resets}`,
      paceSpent: 'Pace: spent; saved data is shown until it resets',
      paceLine: (every: string, next: string) =>
        `Pace: one refresh of saved data every ${every} (20% kept for new reads) · ${next}`,
      windowName: (limit: string) => `Request limit (${limit})`,
      windowLine: (left: string, window: string, used: number, refills: string) =>
        `${left} left in this ${window} window · ${f.count(used)} used · refills ${refills}`,
      leftOfWindow: (left: number, per: number) => `${f.count(left)} of ${f.count(per)}`,
    },
    /** Which access roles are checked free (src/render/access.ts): status and settings. */
    access: {
      unlinked: 'no linked Discord role',
      badId: 'its linked Discord role is not a role id',
      gone: 'its linked Discord role is no longer on this server',
      unknownRole: 'not among the community roles',
      unread: 'the community roles could not be read',
      discordRole: (id: string) => `Discord role ${id}`,
      checkedFree: (roles: string) => `Checked free (linked Discord role): ${roles}`,
      costLookup: (roles: string) => `Cost a member lookup: ${roles}`,
      linkTip: 'Link these to a Discord role in the community server to check them free.',
    },
    /** /rollcall-admin's own controls (its sentences are in `sentences`). */
    admin: {
      setupTitle: 'Link Rollcall to your community',
      tokenLabel: "The community server's API token",
      replaceToken: 'Replace token',
      unlink: 'Unlink',
      noRoleNeeded: 'none (no role needed)',
    },
  };
}

/** Every section of words, as English has them (the shape each catalogue's `words` returns). */
export type Sections = ReturnType<typeof english>;
