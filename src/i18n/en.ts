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
    /** Moderation logs (/log, src/render/log.ts). */
    log: {
      title: 'Moderation logs',
      /** The list of one player's logs (or of a search: "Bob_1 · type 3 · since …"). */
      titleOf: (who: string) => `Moderation logs of ${who}`,
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'log', other: 'logs' })}`,
      empty: 'No moderation logs found.',
      /** A log's type in a row or a title: "type 3 (Warning)". */
      typeOf: (type: string) => `type ${type}`,
      detailTitle: (id: string, type: string) => `Log ${id} · type ${type}`,
      text: 'Text',
      description: 'Description',
      gameUsername: 'Game username',
      gameId: 'Game id',
      type: 'Type',
      typeId: 'Type id',
      created: 'Created',
      createdBy: 'Created by',
      completedBy: 'Completed by',
      hidden: 'Hidden',
      hiddenBy: 'Hidden by',
      expired: 'Expired',
      expiredAt: 'Expired at',
      expiredBy: 'Expired by',
      temporaryBan: 'Temporary ban',
      proof: 'Proof',
      editedBy: 'Edited by',
      /** The footer's first words: the community server the record belongs to. */
      server: (id: string) => `Server ${id}`,
      /** The "Temporary ban" field; `until` is a Discord timestamp. */
      banStillInEffect: (until: string) => `Temporary ban until ${until}\nStill in effect`,
      banTimePassed: (until: string) => `Temporary ban until ${until}\nUnban time has passed`,
      banNoUnbanTime: 'Temporary ban, unban time not set',
      banUnbanTime: (until: string) => `Temporary ban, unban time ${until}`,
      notBannedUnbanSet: (until: string) => `No (unban time set: ${until})`,
      unbanTime: (until: string) => `Unban time ${until}`,
      /** "Open…" option: "Log · Type 3 · Bob_1 · 3 Mar 2026". */
      openKind: 'Log',
      openType: (type: string) => `Type ${type}`,
      allLogsOfPlayer: 'All logs of this player',
      notFound: 'No moderation log with that id was found on this community server.',
      /** A search's title parts after the username. */
      since: (time: string) => `since ${time}`,
      savedPagesSearched: (searched: number, pages: number) =>
        `${f.count(searched)} of ${f.count(pages)} saved pages searched`,
      firstSearched: (n: number) => `first ${f.count(n)} logs searched`,
      savedPagesOnly: 'Saved pages only',
      /** Why a search read only saved pages; `at` is when a full search is possible (Unix seconds). */
      searchPartial: (searched: number, pages: number, needed: number, at: number) =>
        `Searched the ${f.count(searched)} saved ${f.plural(searched, { one: 'page', other: 'pages' })} of ${f.count(pages)}; a full search needs ${f.count(needed)} more ${f.plural(needed, { one: 'request', other: 'requests' })} to the community server API, possible <t:${at}:f> (<t:${at}:R>).`,
    },
    /** The audit log (/audit-log, src/render/audit-log.ts). */
    auditLog: {
      title: 'Audit log',
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'entry', other: 'entries' })}`,
      empty: 'No audit log entries found.',
      typeOf: (type: string) => `type ${type}`,
      /** Who did it, in a row or an option: "by <@123>". */
      by: (user: string) => `by ${user}`,
      detailTitle: (id: string, type: string) => `Audit log entry ${id} · type ${type}`,
      description: 'Description',
      type: 'Type',
      user: 'User',
      application: 'Application',
      time: 'Time',
      server: (id: string) => `Server ${id}`,
      /** Where the entry was found: "Page 3 of the audit log". */
      pageOf: (page: number) => `Page ${f.count(page)} of the audit log`,
      openKind: 'Audit entry',
      openType: (type: string) => `Type ${type}`,
    },
    /** Application forms (/application, src/render/application.ts). */
    application: {
      title: 'Applications',
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'application', other: 'applications' })}`,
      empty: 'No applications found.',
      open: 'Open',
      closed: 'Closed',
      untitled: 'Untitled',
      /** `day` is a Discord timestamp. */
      updated: (day: string) => `updated ${day}`,
      detailTitle: (title: string) => `Application: ${title}`,
      id: 'Id',
      acceptingResponses: 'Accepting responses',
      banAppeal: 'Ban appeal',
      cooldown: 'Cooldown',
      maxLogs: 'Max logs',
      minMembership: 'Min. Discord membership',
      resultsChannel: 'Results channel',
      eventsChannel: 'Events channel',
      gameGroup: 'Game group',
      created: 'Created',
      lastUpdated: 'Last updated',
      banner: 'Banner',
      settings: 'Settings',
      onApproval: 'On approval',
      onDenial: 'On denial',
      reviewers: 'Reviewers',
      applicants: 'Applicants',
      mentionedOnSubmit: 'Mentioned on submit',
      closedMessage: 'Closed message',
      submissionMessage: 'Submission message',
      sections: 'Sections',
      questions: 'Questions',
      presets: 'Presets',
      /** The two role lists of one field: "Adds: @a\nRemoves: @b". */
      adds: 'Adds',
      removes: 'Removes',
      review: 'Review',
      reviewOnly: 'Review only',
      mustHave: 'Must have',
      mustNotHave: 'Must not have',
      /** The form's yes/no settings, as the "Settings" field lists them. */
      setting: {
        requireChatMember: 'Must be in the Discord server',
        collectGameAccount: 'Collects the game account',
        stageResponses: 'Staged responses',
        requireApprovedReason: 'Reason required to approve',
        requiredDenialReason: 'Reason required to deny',
        revealReviewer: 'Reveals the reviewer',
        resultsMentionUser: 'Results mention the applicant',
        inviteOnApproval: 'Invite on approval',
        banAppealNote: 'Ban-appeal note',
      },
      server: (id: string) => `Server ${id}`,
      notFound: 'No application with that id or title was found on this community server.',
    },
    /** Join requests (/join-request, src/render/join-request.ts). */
    joinRequest: {
      title: 'Join request',
      user: 'User',
      userId: 'User id',
      joinCode: 'Join code',
      requested: 'Requested',
      server: (id: string) => `Server ${id}`,
      memberRecord: 'Member record',
      notFound: 'No join request from that user was found on this community server.',
    },
    /** "Check player" (commands/player.ts, src/render/player.ts). */
    player: {
      title: (username: string) => `Player ${username}`,
      entries: 'Entries',
      /** After the total when only the newest logs were counted: "250 (counts of the newest 100)". */
      countsOfNewest: (n: number) => `(counts of the newest ${f.count(n)})`,
      byType: 'By type',
      temporaryBan: 'Temporary ban',
      /** `until` is a Discord timestamp. */
      banInEffectUntil: (until: string) => `In effect until ${until}`,
      noBanInEffect: 'None in effect',
      hidden: 'Hidden',
      expired: 'Expired',
      newestShown: (n: number) => `The newest ${f.count(n)} shown`,
      allTheirLogs: 'All their logs',
      /** The modal asking for a username. */
      checkPlayer: 'Check player',
      gameUsername: 'Game username',
      typeUsername: 'Type a username…',
      namedTitle: 'Players named in this message',
      usernames: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'username', other: 'usernames' })}`,
      noUsername: 'No username found.',
      theirRecord: 'Their moderation record',
    },
    /** Members shown by who they are (src/render/people.ts). */
    people: {
      /** A member the directory does not know, in plain text: "member …4748bbfd". */
      member: (id: string) => `member ${id}`,
    },
    /** The code tables a server can name (src/render/labels.ts, /rollcall-admin labels). */
    labels: {
      table: {
        logTypes: 'Log type',
        loaStatus: 'LOA status',
        loaStartType: 'LOA start type',
        auditTypes: 'Audit type',
        banAppeal: 'Ban appeal',
      },
    },
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
