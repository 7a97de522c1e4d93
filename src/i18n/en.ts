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
    /** Leaves of absence: /loa lists, one LOA, its "Open…" option (src/render/loa.ts, commands/loa.ts). */
    loa: {
      title: 'Leaves of absence',
      /** The title of one member's LOAs: "Leaves of absence of member 66c7…". */
      titleOfMember: (memberId: string) => `Leaves of absence of member ${memberId}`,
      /** The title of `/loa list status:`: "Leaves of absence · Pending review". */
      titleFiltered: (filter: string) => `Leaves of absence · ${filter}`,
      /** How each `/loa list status:` filter is titled. */
      filters: { pending: 'Pending review', active: 'Active: on leave now', ended: 'Ended' },
      /** The list's total in the footer: "150 LOAs". */
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
      empty: 'No leaves of absence found.',
      /** An LOA's state as Rollcall reads it (src/reports/leave.ts loaStateAt). */
      states: {
        cancelled: 'Cancelled',
        denied: 'Denied',
        ended: 'Ended',
        expired: 'Expired',
        active: 'Active',
        approved: 'Approved',
        pendingReview: 'Pending review',
      },
      /** One LOA's title: "LOA 66c7… · Active". */
      detailTitle: (id: string, state: string) => `LOA ${id} · ${state}`,
      member: 'Member',
      statusCode: 'Status code',
      startType: 'Start type',
      requested: 'Requested',
      starts: 'Starts',
      ends: 'Ends',
      started: 'Started',
      ended: 'Ended',
      length: 'Length',
      reviewed: 'Reviewed',
      reviewedBy: 'Reviewed by',
      endedBy: 'Ended by',
      cancelled: 'Cancelled',
      expired: 'Expired',
      denyReason: 'Deny reason',
      reasonHistory: 'Reason history',
      extensionRequests: 'Extension requests',
      /** A code beside what the community's own LOAs say of it: "3 (reads as approved)". */
      readsAs: (code: string, reading: string) => `${code} (reads as ${reading})`,
      /** What a status code or start type reads as (src/reports/leave.ts). */
      readings: {
        approved: 'approved',
        denied: 'denied',
        startingWhenRequested: 'starting when requested',
        startingLater: 'starting later',
      },
      /** In an entry of the reason history or the extension requests: "end 10 Mar → 14 Mar". */
      entryEnd: (from: string, to: string) => `end ${from} → ${to}`,
      /** "reviewed 6 Mar 2026 by @Sam": `what` is the entry's key in words (API data). */
      entryAtBy: (what: string, day: string, by: string) => `${what} ${day} by ${by}`,
      /** "3 Mar–10 Mar 2026" in an "Open…" label. */
      dateRange: (from: string, to: string) => `${from}–${to}`,
      dateFrom: (day: string) => `from ${day}`,
      dateUntil: (day: string) => `until ${day}`,
      /** The kind word an "Open…" option starts with. */
      optionKind: 'LOA',
      /** An "Open…" option's second line when the LOA has no reason. */
      optionId: (id: string) => `id ${id}`,
      /** Buttons on one LOA. */
      memberShortcut: 'Member',
      membersLoas: "Member's LOAs",
    },
    /** Shifts: /shift lists, one shift, their "Open…" options (src/render/shift.ts, commands/shift.ts). */
    shift: {
      title: 'Shifts',
      /** The list's total in the footer: "1,204 shifts". */
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'shift', other: 'shifts' })}`,
      empty: 'No shifts found.',
      states: { active: 'Active', ended: 'Ended', unknown: 'Unknown' },
      /** One shift's title: "Shift 66c7… · Active". */
      detailTitle: (id: string, state: string) => `Shift ${id} · ${state}`,
      /** A list row's type and wave: "patrol (wave 2)". */
      typeInWave: (type: string, wave: string) => `${type} (wave ${wave})`,
      member: 'Member',
      type: 'Type',
      wave: 'Wave',
      autoEnd: 'Auto end',
      started: 'Started',
      ended: 'Ended',
      stillOnDuty: 'Still on duty',
      endedBy: 'Ended by',
      length: 'Length',
      breaks: 'Breaks',
      netTime: 'Net time on duty',
      breakEntries: 'Break entries',
      /** The length of a running shift: "2h so far". */
      soFar: (length: string) => `${length} so far`,
      breakCount: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'break', other: 'breaks' })}`,
      /** "2 breaks (times unreadable)". */
      timesUnreadable: (breaks: string) => `${breaks} (times unreadable)`,
      onBreakNow: 'on break now',
      oneNeverEnded: 'one never ended',
      unreadable: (n: number) => `${f.count(n)} unreadable`,
      /** Net time when some breaks could not be read: "at most 1h 20m". */
      atMost: (length: string) => `at most ${length}`,
      /** The kind word an "Open…" option starts with. */
      optionKind: 'Shift',
      /** An "Open…" option naming a member the directory does not know: "Member 66c7…". */
      optionMember: (memberId: string) => `Member ${memberId}`,
      /** The second line of a member's "Open…" option in /shift totals. */
      theirShifts: 'Their shifts in this period',
      membersLoas: "Member's LOAs",
    },
    /** Members: /member list, one member and their staff record (src/render/member.ts, commands/member.ts). */
    member: {
      title: 'Members',
      /** The list's total in the footer: "312 members". */
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'member', other: 'members' })}`,
      empty: 'No members found.',
      /** In a list row: the join date ("joined 3 Mar 2026"). */
      joinedOn: (day: string) => `joined ${day}`,
      noRolesInRow: 'no roles',
      /** One member's title: "Member 66c7…". */
      detailTitle: (id: string) => `Member ${id}`,
      id: 'Id',
      joined: 'Joined',
      roleCount: 'Role count',
      roles: 'Roles',
      linkedRoles: 'Linked Discord roles',
      none: 'None',
      /** The staff record's period: "This week (23 Nov 2026 – 29 Nov 2026, UTC)". */
      thisWeek: (from: string, to: string, timeZone: string) => `This week (${from} – ${to}, ${timeZone})`,
      /** Time on duty in the period: "4h 6m in 3 shifts". */
      timeInShifts: (time: string, shifts: number) =>
        `${time} in ${f.count(shifts)} ${f.plural(shifts, { one: 'shift', other: 'shifts' })}`,
      /** Their place among staff: "#2 of 14". */
      rank: (place: number, of: number) => `#${f.count(place)} of ${f.count(of)}`,
      noTimeOnDuty: 'no time on duty',
      onDutyNow: 'on duty now',
      quota: 'Quota',
      quotaMet: '✅ met',
      quotaNotMet: '❌ not met',
      quotaExempt: '🌴 exempt (on leave)',
      /** "2h of 5h". */
      quotaDone: (done: string, required: string) => `${done} of ${required}`,
      onLeave: 'On leave',
      nextLeave: 'Next leave',
      noReturnDate: 'no return date',
      /** On leave now: "until <date>". */
      leaveUntil: (back: string) => `until ${back}`,
      /** Leave to come: "from <date> · back <date>". */
      leaveFromBack: (start: string, back: string) => `from ${start} · back ${back}`,
      /** In the footer of a staff record: "report data 12 min old". */
      reportDataAge: (age: string) => `report data ${age} old`,
      /** An "Open…" option naming a member the directory does not know: "Member 66c7…". */
      optionMember: (memberId: string) => `Member ${memberId}`,
      /** An "Open…" option's second line for a member without roles. */
      noRoles: 'No roles',
      /** Buttons on a member's record. */
      loas: 'LOAs',
      shiftsThisWeek: 'Shifts this week',
      backToLoa: '↩ Back to LOA',
    },
    /** Roles: /role list and one role (src/render/role.ts). */
    role: {
      title: 'Roles',
      /** The list's total in the footer: "24 roles". */
      count: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'role', other: 'roles' })}`,
      empty: 'No roles found.',
      /** In a list row: "linked @Moderator", "created 3 Mar 2026". */
      linkedTo: (role: string) => `linked ${role}`,
      createdOn: (day: string) => `created ${day}`,
      /** One role's title: "Role Moderator". */
      detailTitle: (name: string) => `Role ${name}`,
      id: 'Id',
      colour: 'Colour',
      linkedRole: 'Linked Discord role',
      permissions: 'Permissions',
      extraPermissions: 'Extra permissions',
      created: 'Created',
    },
    /**
     * What every record view says around the API's data: the footer's server, and values whose inner
     * shape the API does not describe (src/render/entries.ts, open-values.ts, inline-list.ts).
     */
    records: {
      /** A record's footer: "Server 66c7…". */
      server: (id: string) => `Server ${id}`,
      yes: 'yes',
      no: 'no',
      /** An empty list or object. */
      none: 'None',
      /** An empty list inside a value. */
      noneInValue: 'none',
      entries: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'entry', other: 'entries' })}`,
      items: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'item', other: 'items' })}`,
      fields: (n: number) => `${f.count(n)} ${f.plural(n, { one: 'field', other: 'fields' })}`,
      /** Under the first entries shown: "… and 3 more". */
      andMore: (n: number) => `… and ${f.count(n)} more`,
      /** After the first keys of an object: "… and 3 more fields". */
      andMoreFields: (n: number) =>
        `… and ${f.count(n)} more ${f.plural(n, { one: 'field', other: 'fields' })}`,
      /** After the items that fit: "Moderator, Admin +3 more". */
      plusMore: (n: number) => `+${f.count(n)} more`,
      /** After the first pairs of an entry: "(+3 more)". */
      pairsMore: (n: number) => `(+${f.count(n)} more)`,
      /** When not even one item fits: "12 in total". */
      inTotal: (n: number) => `${f.count(n)} in total`,
    },
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
