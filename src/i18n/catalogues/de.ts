/** German: the commands' texts keyed by their place in the command JSON, the words by section and key (as src/i18n/en.ts). */
import type { Catalogue } from '../catalogue.js';
import type { Area, Section } from '../en.js';
import type { Formats } from '../formats.js';
import { channelMention, dateTime, fromNow, typed, userMention } from '../markup.js';

const common = (f: Formats): Section<'common'> => ({
  yes: 'Ja',
  no: 'Nein',
  never: 'nie',
  underAMinute: 'unter einer Minute',
  minutes: (n) => `${f.count(n)} Min.`,
  hours: (n) => `${f.count(n)} Std.`,
  days: (n) => `${f.count(n)} T`,
});

const page = (f: Formats): Section<'page'> => ({
  pageOf: (page, pages) => `Seite ${f.count(page)} von ${f.count(pages)}`,
  shownOf: (shown, total, command) => `${f.count(shown)} von ${f.count(total)} gezeigt · alle mit ${command}`,
  incomplete: 'noch nicht alle Seiten gelesen: Summen können zu niedrig sein',
  shiftsLeftOut: (n) =>
    `${f.count(n)} ${f.plural(n, { one: 'Schicht', other: 'Schichten' })} nicht gezählt (kein gültiger Beginn oder kein gültiges Ende)`,
  spentUntil: (utc) => `das monatliche API-Kontingent dieses Servers ist bis ${utc} UTC aufgebraucht`,
  savingFor: (age) => `das monatliche API-Kontingent dieses Servers wird geschont: neue Daten in ${age}`,
  apiUnavailable: 'API nicht erreichbar: gespeicherte Daten vom',
  dataAsOf: 'Daten vom',
  savedAsOf: 'Gespeicherte Daten vom',
  savedAgedAsOf: (age) => `Gespeicherte Daten (${age} alt) vom`,
});

const paging = (f: Formats): Section<'paging'> => ({
  refresh: '🔄 Aktualisieren',
  exportCsv: '📄 Als CSV exportieren',
  backToList: '↩ Zurück zur Liste',
  open: 'Öffnen…',
  goToPage: 'Gehe zu Seite',
  pageNumber: 'Seitenzahl',
  pageRangeHint: (last) => `1 bis ${f.count(last)}`,
});

const inputSentences = (f: Formats): Area<'inputSentences'> => ({
  notFound: 'Auf diesem Community-Server wurde nichts mit dieser ID gefunden.',
  memberNotFound: 'Dieser Discord-Nutzer ist kein Mitglied des Community-Servers.',
  memberIdNotFound: 'Auf diesem Community-Server wurde kein Mitglied mit dieser ID gefunden.',
  loaNotFound: 'Auf diesem Community-Server wurde keine LOA mit dieser ID gefunden.',
  logNotFound: 'Auf diesem Community-Server wurde kein Moderationsprotokoll mit dieser ID gefunden.',
  shiftNotFound: 'Auf diesem Community-Server wurde keine Schicht mit dieser ID gefunden.',
  roleNotFound: 'Auf diesem Community-Server wurde keine Rolle mit dieser ID oder diesem Namen gefunden.',
  applicationNotFound:
    'Auf diesem Community-Server wurde keine Bewerbung mit dieser ID oder diesem Titel gefunden.',
  joinRequestNotFound: 'Auf diesem Community-Server wurde keine Beitrittsanfrage dieses Nutzers gefunden.',
  nameMatchesSeveral: (name, _plural, candidates, more) =>
    `${typed(name)} ist der Name von ${f.count(candidates.length + more)} Einträgen: ${candidates.join(', ')}${more > 0 ? ` und ${f.count(more)} weiteren` : ''}. Wähle einen aus der Liste oder gib seine ID an.`,
  cannotOpen:
    'Dieser Eintrag lässt sich nicht öffnen: Die API des Community-Servers hat ihm eine ID gegeben, die Rollcall nicht abfragen kann. Er steht weiterhin in der Liste.',
  auditEntryMoved:
    'Dieser Audit-Log-Eintrag steht nicht mehr auf der Seite, auf der er aufgeführt war; führe /audit-log list erneut aus.',
  userOrId: (idName) => `Gib entweder einen Discord-Nutzer oder eine ID (${idName}) an, nicht beides.`,
  giveId: (what) => `Gib die ID an (${what}).`,
  badId: (what, max) =>
    `Das ist keine gültige ID (${what}): Nutze bis zu ${f.count(max)} Buchstaben, Ziffern, Binde- oder Unterstriche.`,
  idName: 'ID',
  loaIdName: 'LOA-ID',
  memberIdName: 'Mitglieds-ID',
  shiftIdName: 'Schicht-ID',
  logIdName: 'Log-ID',
  userIdName: 'Nutzer-ID',
  roleIdName: 'Rollen-ID',
  applicationIdName: 'Bewerbungs-ID',
  rolesName: 'Rollen',
  applicationFormsName: 'Bewerbungsformulare',
  recordsName: 'Einträge',
  giveUsername: 'Gib den Spielernamen an.',
  badUsername: (max) => `Das ist kein gültiger Spielername: Nutze bis zu ${f.count(max)} sichtbare Zeichen.`,
  notYours:
    'Diese Schaltflächen gehören dem Moderator, der den Befehl ausgeführt hat; führe ihn selbst aus, um zu blättern.',
  expired: 'Diese Schaltflächen sind abgelaufen; führe den Befehl erneut aus.',
  oldVersion:
    'Diese Schaltflächen stammen von einer älteren Version von Rollcall; führe den Befehl erneut aus.',
  unknownCommand:
    'Dieser Befehl ist dieser Version von Rollcall unbekannt; die Befehle müssen eventuell neu registriert werden.',
  cannotPostIn: (channelId, missing) =>
    `Rollcall kann in <#${channelId}> nicht posten (es fehlt: ${f.list(missing)}); gib ihm dort ${missing.length === 1 ? 'diese Berechtigung' : 'diese Berechtigungen'} oder wähle einen anderen Kanal. Es wurde nichts gespeichert.`,
  chartCannotPost: (channelId, missing) =>
    `Rollcall kann das Diagramm des Digests in <#${channelId}> nicht posten (es fehlt: ${f.list(missing)}); gib ihm dort ${missing.length === 1 ? 'diese Berechtigung' : 'diese Berechtigungen'}, wähle einen anderen Kanal oder schalte die Diagramme aus. Es wurde nichts gespeichert.`,
  formNotThisServer:
    'Dieser Kanal gehört nicht zu diesem Server; wähle einen seiner eigenen. Es wurde nichts gespeichert.',
  formForged:
    'Das Formular hat einen Wert gesendet, den es nicht anbietet; öffne es erneut und wähle daraus. Es wurde nichts gespeichert.',
  notAChoice: (option, choices) =>
    `Dieser Wert ist keine der Auswahlmöglichkeiten von \`${option}\`; wähle eine von ${choices.map((c) => `\`${c}\``).join(', ')}. Es wurde nichts getan.`,
  optionOutOfRange: (option, min, max, whole) =>
    `\`${option}\` erwartet eine ${whole ? 'ganze Zahl' : 'Zahl'} von ${f.count(min)} bis ${f.count(max)}. Es wurde nichts getan.`,
  badOptionValue: (option) => `Diesen Wert nimmt \`${option}\` nicht an. Es wurde nichts getan.`,
  pageRange: (last) =>
    last === 1 ? 'Diese Liste hat nur Seite 1.' : `Gib eine Seitenzahl von 1 bis ${f.count(last)} ein.`,
  badSince:
    'Das ist kein gültiges since: Gib ein Datum (2026-11-01, UTC) oder einen Zeitraum bis jetzt an (12h, 7d, 30d, 4w).',
  badReport: 'Dieser Berichtslink ist nicht mehr gültig; führe den Befehl erneut aus.',
  badWave: 'Die Welle ist eine ganze Zahl von 0 bis 100000.',
  noPlayerLogs: 'Keine Protokolle für diesen Spieler.',
  playerLogsNotSent: (total) =>
    `Die API des Community-Servers zählt ${f.count(total)} ${f.plural(total, { one: 'Protokoll', other: 'Protokolle' })} für diesen Spieler, hat aber keines davon gesendet; versuche es gleich noch einmal.`,
  noPlayerNames: 'Diese Nachricht nennt keinen Spielernamen; nutze Spielernamen eingeben… oder /log user.',
  reportRoleUnknown: 'Keine Community-Rolle hat diesen Namen oder diese ID; /role list zeigt sie.',
  badDays: 'Die Anzahl der Tage ist eine ganze Zahl von 1 bis 365.',
});

const accessSentences = (f: Formats): Area<'accessSentences'> => ({
  badRequest:
    'Die API des Community-Servers hat die Anfrage als ungültig abgelehnt; prüfe die angegebene ID oder den Namen.',
  unauthorized:
    'Die API des Community-Servers hat das Token von Rollcall abgelehnt (ungültig oder abgelaufen). Bitte einen Server-Admin, API_TOKEN zu erneuern.',
  forbidden:
    'Dem API-Token von Rollcall fehlt dafür die Berechtigung. Bitte einen Server-Admin, dem Inhaber des Tokens diese Berechtigung zu geben.',
  rateLimited: (seconds) =>
    `Die API des Community-Servers ist mit den Anfragen von Rollcall ausgelastet; versuche es in ${f.count(seconds)} s erneut.`,
  unavailable: 'Die API des Community-Servers antwortet gerade nicht; versuche es in einer Minute erneut.',
  allowanceMark: (used, points, resetAtSeconds) =>
    used >= points
      ? `Rollcall hat alle ${f.count(points)} monatlichen API-Anfragen dieses Community-Servers verbraucht; es zeigt gespeicherte Daten, bis das Kontingent ${dateTime(resetAtSeconds)} neu beginnt.`
      : `Rollcall hat ${f.count(used)} der ${f.count(points)} monatlichen API-Anfragen dieses Community-Servers verbraucht; gespeicherte Daten werden öfter gezeigt, bis das Kontingent ${dateTime(resetAtSeconds)} neu beginnt.`,
  allowanceSpent: (resetAtSeconds) =>
    `Das monatliche API-Kontingent dieses Community-Servers ist verbraucht und Rollcall hat keine gespeicherte Kopie davon; neue Daten kann es ab ${dateTime(resetAtSeconds)} (${fromNow(resetAtSeconds)}) lesen.`,
  reportPaced: (nextAtSeconds) =>
    `Rollcall hat die Daten dieser Community für Berichte noch nicht gelesen: Damit das monatliche API-Kontingent reicht, liest es sie seitenweise und kann ${fromNow(nextAtSeconds)} beginnen.`,
  malformed:
    'Die API des Community-Servers hat eine Antwort geschickt, die Rollcall nicht lesen konnte; versuche es in einer Minute erneut.',
  tooLarge:
    'Die API des Community-Servers hat eine zu große Antwort geschickt; ein Server-Admin kann API_MAX_RESPONSE_BYTES erhöhen.',
  internal: 'Bei Rollcall ist etwas schiefgelaufen; es wurde protokolliert. Versuche es erneut.',
  dmOnly: 'Rollcall funktioniert nur im Discord des Community-Servers, nicht in Direktnachrichten.',
  wrongGuild: 'Rollcall ist auf diesem Server nicht eingerichtet.',
  storeUnavailable: 'Rollcall erreicht seine Datenbank gerade nicht; versuche es in einer Minute erneut.',
  notLinked:
    'Rollcall ist auf diesem Server noch mit keiner Community verbunden; ein Server-Admin (Server verwalten) muss /rollcall-admin setup ausführen.',
  tokenRejected:
    'Das API-Token dieses Servers wurde abgelehnt; ein Admin muss /rollcall-admin setup ausführen.',
  tokenHeld: (nextAtSeconds) =>
    `Die API des Community-Servers hat das API-Token dieses Servers gerade abgelehnt; Rollcall versucht es ${fromNow(nextAtSeconds)} von selbst erneut. Ein Admin muss /rollcall-admin setup nur ausführen, wenn es dann immer noch abgelehnt wird.`,
  tokenUnreadable:
    'Das gespeicherte API-Token dieses Servers ist nicht lesbar; ein Admin muss /rollcall-admin setup erneut ausführen.',
  accessNoDiscordRole:
    'Rollcall ist für Inhaber bestimmter Discord-Rollen auf diesem Server, und du hast keine davon: Ein Server-Admin kann dir eine geben.',
  accessNoLinkedRole: (roles) =>
    `Rollcall ist für Inhaber der Community-Rolle${roles.length === 1 ? '' : 'n'} ${roles.join(', ')}, und du hast keine der damit verknüpften Discord-Rollen: Hast du eine davon auf dem Community-Server, bitte dessen Admins, dir hier die verknüpfte Discord-Rolle zu geben.`,
  accessNotMember:
    'Rollcall hat kein Community-Mitglied gefunden, das mit deinem Discord-Konto verknüpft ist: Verknüpfe dein Discord-Konto auf dem Community-Server mit deinem Mitgliedseintrag und versuche es dann erneut.',
  accessNoRole:
    'Dein Mitgliedseintrag auf dem Community-Server hat keine der Zugriffsrollen von Rollcall: Bitte einen Admin des Community-Servers um eine und versuche es dann erneut.',
  accessHeld: (untilSeconds) =>
    `Du wurdest mehrmals hintereinander abgelehnt, daher prüft Rollcall dich ${fromNow(untilSeconds)} erneut; hast du inzwischen eine Zugriffsrolle bekommen, zählt sie dann.`,
  accessMisconfigured: (setting, value, discordId, discordSetting) =>
    discordId
      ? `Die Zugriffseinstellung ${setting} von Rollcall enthält ${typed(value, 100)}, und das ist keine Community-Rolle: Es sieht nach einer Discord-Rollen-ID aus, und Discord-Rollen gehören in ${discordSetting}. Ein Server-Admin muss die Einstellung korrigieren; bis dahin wird niemand eingelassen.`
      : `Die Zugriffseinstellung ${setting} von Rollcall enthält ${typed(value, 100)}, den Namen einer Rolle: Sie erwartet IDs von Community-Rollen (/rollcall status zeigt die richtige). Ein Server-Admin muss die Einstellung korrigieren; bis dahin wird niemand eingelassen.`,
  accessFirstChecksSpent: (resetAtSeconds, discordSetting) =>
    `Rollcall kann dich nicht vor ${dateTime(resetAtSeconds)} prüfen: Die Prüfungen dieses Monats für Personen, die es noch nicht eingelassen hat, sind verbraucht (wer diesen Monat eingelassen wurde, wird weiter geprüft). Für kostenlose Prüfungen kann ein Server-Admin die Zugriffsrolle im Community-Server mit einer Discord-Rolle verknüpfen oder mit ${discordSetting} Discord-Rollen wählen.`,
  accessNotSpender: (discordSetting) =>
    `Rollcall verbraucht eine Prüfung nur für jemanden mit einer Discord-Rolle, die der Community-Server mit einer seiner Rollen verknüpft; du hast keine, und dich hat es noch nicht eingelassen. Ein Admin des Community-Servers kann dessen Rollen mit Discord-Rollen dieses Servers verknüpfen (deren Inhaber werden dann geprüft), oder ein Server-Admin kann mit ${discordSetting} Discord-Rollen wählen.`,
  accessNoLinks: (discordSetting) =>
    `Rollcall verbraucht eine Prüfung nur für jemanden mit einer Discord-Rolle, die der Community-Server mit einer seiner Rollen verknüpft, und diese Community verknüpft keine ihrer Rollen mit einer Discord-Rolle dieses Servers: Daher prüft Rollcall niemanden, den es noch nicht eingelassen hat. Ein Admin des Community-Servers kann dessen Rollen mit Discord-Rollen dieses Servers verknüpfen, oder ein Server-Admin kann mit ${discordSetting} Discord-Rollen wählen.`,
  accessRolesUnread: (retryAtSeconds) =>
    `Rollcall kann die Rollen des Community-Servers gerade nicht lesen und daher nicht erkennen, ob du eine damit verknüpfte Discord-Rolle hast; bis dahin prüft es niemanden, den es noch nicht eingelassen hat. Versuche es ${fromNow(retryAtSeconds)} erneut.`,
  meNotMember:
    'Mit deinem Discord-Konto ist kein Mitglied der Community dieses Servers verknüpft, daher hat Rollcall hier keinen Eintrag von dir (gehörst du zum Team dieser Community, verknüpfe dein Discord-Konto auf ihrem Community-Server mit deinem Mitgliedseintrag; Rollcall sieht nächsten Monat erneut nach).',
  meNotSpender:
    'Rollcall sucht den Eintrag von Personen mit einer Discord-Rolle, die der Community-Server mit einer seiner Rollen verknüpft, und du hast keine: Ein Admin des Community-Servers kann dessen Rollen mit Discord-Rollen dieses Servers verknüpfen.',
  meNoLinks:
    'Rollcall sucht den Eintrag von Personen mit einer Discord-Rolle, die der Community-Server mit einer seiner Rollen verknüpft, und diese Community verknüpft keine ihrer Rollen mit einer Discord-Rolle dieses Servers, daher sucht Rollcall niemanden: Ein Admin des Community-Servers kann dessen Rollen mit Discord-Rollen hier verknüpfen.',
  meRolesUnread: (retryAtSeconds) =>
    `Rollcall kann die Rollen des Community-Servers gerade nicht lesen und daher nicht erkennen, ob es deinen Eintrag suchen darf; versuche es ${fromNow(retryAtSeconds)} erneut.`,
  meSpent: (resetAtSeconds) =>
    `Rollcall kann deinen Eintrag nicht vor ${dateTime(resetAtSeconds)} suchen: Der Anteil des monatlichen API-Kontingents dieses Community-Servers für das Nachschlagen von Personen ist verbraucht.`,
  accessUnchecked: (reason) =>
    `Rollcall kann deinen Team-Zugang gerade nicht prüfen und lehnt daher sicherheitshalber ab. ${reason}`,
  accessChecksSpent: (resetAtSeconds) =>
    `Rollcall kann deinen Team-Zugang erst ab ${dateTime(resetAtSeconds)} prüfen: Der Anteil des monatlichen API-Kontingents dieses Community-Servers für Zugangsprüfungen ist verbraucht.`,
  accessRolesTip:
    'Eine Zugriffsrolle, die mit einer Discord-Rolle dieses Servers verknüpft ist (der Community-Server hält beide gleich), wird kostenlos anhand der Rollen geprüft, die jede Interaktion mitbringt, und eine entzogene Rolle zählt sofort. Jede andere kostet für die Prüfung einer Person eine API-Anfrage, aus einem Zehntel des Monatskontingents: verknüpfe sie im Community-Server mit einer Discord-Rolle oder wähle stattdessen mit discord-roles (die Rollen dieses Servers).',
  accessRolesChecked: (free, lookups) =>
    [
      ...(free.length > 0 ? [`Kostenlos geprüft (verknüpfte Discord-Rolle): ${free.join(', ')}.`] : []),
      ...(lookups.length > 0 ? [`Kosten eine Mitgliedsabfrage: ${lookups.join(', ')}.`] : []),
    ].join('\n'),
  restarting: 'Rollcall startet neu; führe den Befehl in einer Minute erneut aus.',
  settingsUnreadable:
    'Die Rollcall-Einstellungen dieses Servers sind nicht lesbar, daher lehnt Rollcall sicherheitshalber ab; ein Admin muss sie mit /rollcall-admin settings erneut speichern.',
  serverInstallOnly:
    'Rollcall antwortet nur über die App, die dieser Server hinzugefügt hat, nicht über eine App in deinem eigenen Konto.',
  searchNeeds: (possibleAtSeconds) =>
    `Die Suche in den Protokollen dieses Spielers braucht mindestens 1 Anfrage an die API des Community-Servers (keine seiner Protokollseiten ist gespeichert), aber vom Kontingent dieses Monats ist keine übrig; möglich ist sie ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  searchPartial: (searched, pages, needed, possibleAtSeconds) =>
    `${f.count(searched)} gespeicherte ${f.plural(searched, { one: 'Seite', other: 'Seiten' })} von ${f.count(pages)} durchsucht; eine vollständige Suche braucht ${f.count(needed)} weitere ${f.plural(needed, { one: 'Anfrage', other: 'Anfragen' })} an die API des Community-Servers, möglich ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  reportsUnavailable: 'Berichte sind auf diesem Server nicht verfügbar.',
  queued: (position, etaSeconds) =>
    `Warten auf das API-Kontingent: Du bist ${f.ordinal(position)} in der Schlange, etwa ${
      etaSeconds < 57.5
        ? `${f.count(Math.max(5, Math.ceil(etaSeconds / 5) * 5))} s`
        : `${f.count(Math.max(1, Math.round(etaSeconds / 60)))} Min.`
    }.`,
  inactiveExportReading: (read, total, roles) =>
    `Noch gibt es nichts zu exportieren: Wer still geworden ist, lässt sich erst mit allen Seiten der Schichten, Abwesenheiten${roles ? ', Mitglieder und Rollen' : ' und Mitglieder'} sagen, und Rollcall hat bisher ${total === undefined ? f.count(read) : `${f.count(read)} von ${f.count(total)}`} gelesen; exportiere erneut, sobald alle Seiten gelesen sind.`,
});

const linkSentences = (f: Formats): Area<'linkSentences'> => ({
  adminOnly:
    'Nur Mitglieder mit der Berechtigung „Server verwalten“ können Rollcall auf diesem Server einrichten.',
  setupLinked: (communityId, roleCount) =>
    `Verbunden: Dieser Server liest jetzt den Community-Server ${communityId ?? (roleCount === 0 ? '(unbekannt: er hat keine Rollen)' : '(unbekannt)')} (${f.count(roleCount)} ${f.plural(roleCount, { one: 'Rolle', other: 'Rollen' })}).`,
  setupRejected:
    'Die API des Community-Servers hat dieses Token abgelehnt (401): Prüfe, ob es vollständig kopiert wurde und noch gültig ist. Nichts wurde gespeichert.',
  setupForbidden:
    'Diesem Token fehlt die Berechtigung, die Daten des Community-Servers zu lesen (403). Nichts wurde gespeichert.',
  setupUnavailable:
    'Die API des Community-Servers antwortet nicht, daher konnte das Token nicht geprüft werden. Nichts wurde gespeichert; versuche es in einer Minute erneut.',
  setupEmpty: 'Füge das API-Token in das Feld ein. Nichts wurde gespeichert.',
  unlinked: 'Getrennt: API-Token und Einstellungen dieses Servers sind gelöscht.',
  linkState: (link) =>
    [
      `Verbunden mit Community-Server ${link.communityId ?? '(unbekannt)'} seit ${dateTime(link.linkedAt)}, von ${userMention(link.linkedBy)}.`,
      `Token-Fingerabdruck: ${link.fingerprint}`,
      link.invalidAt
        ? `Die API hat dieses Token ${fromNow(link.invalidAt)} abgelehnt; Moderatoren werden abgewiesen, bis es ersetzt ist.`
        : 'Status: in Gebrauch.',
    ].join('\n'),
  nothingToUnlink:
    'Auf diesem Server ist kein API-Token verbunden; hier gespeicherte Einstellungen werden gelöscht.',
  setupMalformed:
    'Das ist kein API-Token: Ein Token besteht nur aus Buchstaben, Ziffern und Symbolen, ohne Leerzeichen oder Zeilenumbruch. Nichts wurde gespeichert.',
  setupSaving: (left, points, nextAtSeconds) =>
    left <= 0
      ? `Diesem Token bleiben diesen Monat keine API-Anfragen (sein monatliches Kontingent von ${f.count(points)} ist verbraucht), daher konnte es nicht mit einer Anfrage geprüft werden. Nichts wurde gespeichert; versuche es ${fromNow(nextAtSeconds)} erneut.`
      : `Diesem Token bleiben diesen Monat ${f.count(left)} seiner ${f.count(points)} API-Anfragen, alle als Reserve für das, was Moderatoren noch nicht gelesen haben, daher konnte es nicht mit einer Anfrage geprüft werden. Nichts wurde gespeichert; versuche es ${fromNow(nextAtSeconds)} erneut.`,
  setupTooOften: (checks, minutes) =>
    `Auf diesem Server wurden in den letzten Minuten ${f.count(checks)} Tokens geprüft; versuche es in ${f.count(minutes)} Min. erneut. Nichts wurde gespeichert.`,
});

const settingsSentences = (f: Formats): Area<'settingsSentences'> => ({
  settingsState: (s) =>
    [
      `Antworten: standardmäßig ${s.visibility === 'public' ? 'öffentlich' : 'privat'} (Moderatoren können mit der Option public weiterhin wählen).`,
      `Zugriff: ${
        s.accessRoles.length > 0
          ? `Inhaber der Community-Rolle(n) ${s.accessRoles.join(', ')}${s.requireMember ? ', die Mitglieder des Community-Servers sind, wie dieser Bot es auf jedem Server verlangt (ACCESS_REQUIRE_MEMBER)' : ''}`
          : s.requireMember
            ? 'nur Mitglieder des Community-Servers, wie dieser Bot es auf jedem Server verlangt (ACCESS_REQUIRE_MEMBER); die Befehlsberechtigungen gelten weiterhin'
            : 'alle, die die Befehlsberechtigungen zulassen'
      }.`,
      `Discord-Rollen: ${(s.discordRoles ?? []).length > 0 ? `nur Inhaber von ${(s.discordRoles ?? []).join(', ')} auf diesem Server` : 'keine Discord-Rolle nötig'}.`,
      `API-Limits: ${s.limits ?? 'die Standardwerte des Bots'}.`,
    ].join('\n'),
  settingsSaved: 'Einstellungen gespeichert.',
  badLimits: (problem) => {
    const detail = () => {
      if (problem.kind === 'none') return 'es ist kein Limit angegeben';
      const which = problem.of === 1 ? 'das Limit' : `das ${f.ordinal(problem.place)} Limit`;
      const limit = problem.quote === undefined ? which : `${which} („${typed(problem.quote, 40)}“)`;
      return {
        shape: `${limit} ist keine Anzahl Anfragen mit Schrägstrich und Zeitraum`,
        unit: `${limit} hat eine andere Zeiteinheit als \`s\`, \`m\`, \`h\`, \`d\` oder \`month\``,
        zero: `${limit} erlaubt keine einzige Anfrage, ein Limit muss aber mindestens 1 erlauben`,
        window: `${limit} hat einen Zeitraum außerhalb von 1 Sekunde bis 24 Tagen (für das Monatskontingent \`month\` schreiben)`,
        twoMonths: `${limit} ist ein zweites Monatslimit, erlaubt ist aber nur eines`,
      }[problem.kind];
    };
    return `Diese API-Limits sind ungültig: ${detail()} (zum Beispiel 100/month,30/1m oder default). Nichts wurde gespeichert.`;
  },
  accessRoleIsDiscord: (names, discordSetting) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'ist eine Discord-Rolle' : 'sind Discord-Rollen'} dieses Servers (oder eine Discord-Rollen-ID), keine Community-Rolle: Community-Rollen werden so genannt, wie der Community-Server sie nennt, und Discord-Rollen gehören in ${discordSetting}. Nichts wurde gespeichert.`,
  unknownRoles: (names) =>
    `Keine Community-Rolle heißt ${names.map((n) => typed(n)).join(', ')}; gib Rollennamen oder IDs vom Community-Server an, oder none. Nichts wurde gespeichert.`,
  labelsState: (tables) =>
    tables.some((t) => t.labels.length > 0)
      ? tables
          .filter((t) => t.labels.length > 0)
          .map((t) => `${t.name}: ${t.labels.map(([code, label]) => `${code} = ${label}`).join(', ')}`)
          .join('\n')
      : 'Auf diesem Server hat kein Code eine Bezeichnung: Codes werden als Zahlen gezeigt. Benenne einen mit /rollcall-admin labels table code label.',
  labelSaved: (code, shown) => `Gespeichert: Code ${code} wird jetzt als ${shown} gezeigt.`,
  labelCleared: (code) => `Entfernt: Code ${code} wird wieder als Zahl gezeigt.`,
  labelsTableCleared: (table) =>
    `Alle Bezeichnungen für ${table} entfernt: Diese Codes werden wieder als Zahlen gezeigt.`,
  labelNeedsTable:
    'Wähle, für welche Codes die Bezeichnung gilt (die Option table). Nichts wurde gespeichert.',
  labelNeedsCode:
    'Gib den zu benennenden Code an (die Option code), oder nutze clear ohne Code, um die ganze Tabelle zu leeren. Nichts wurde gespeichert.',
  labelBadCode:
    'Der Code muss eine ganze Zahl sein, wie 3 oder -1 (bis zu zehn Ziffern). Nichts wurde gespeichert.',
  labelNeedsText:
    'Gib die Bezeichnung an (die Option label), oder setze clear, um eine zu entfernen. Nichts wurde gespeichert.',
  labelBoth: 'Gib entweder label oder clear an, nicht beides. Nichts wurde gespeichert.',
  labelBadLength: (max) =>
    `Eine Bezeichnung hat 1 bis ${f.count(max)} sichtbare Zeichen. Nichts wurde gespeichert.`,
  labelBadText:
    'Eine Bezeichnung ist reiner Text: keine Markdown-Zeichen (` * _ ~ | \\ [ ]), Erwähnungen (< > @), Links oder unsichtbaren Zeichen. Nichts wurde gespeichert.',
  unknownDiscordRoles: (names) =>
    `Dieser Server hat keine Rolle namens ${names.map((n) => typed(n)).join(', ')}; wähle Rollen beim Tippen aus der Liste, oder none. Nichts wurde gespeichert.`,
  botDiscordRoles: (names) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'ist die Rolle eines Bots, die nur dieser Bot hat und die keinem Mitglied gegeben werden kann' : 'sind Rollen von Bots, die nur diese Bots haben und die keinem Mitglied gegeben werden können'}; wähle eine andere Rolle, oder none. Nichts wurde gespeichert.`,
  everyoneDiscordRole: (name) =>
    `${typed(name)} steht für alle auf diesem Server, also kann der Zugang nicht darauf beschränkt werden; wähle eine andere Rolle, oder none. Nichts wurde gespeichert.`,
  tooManyRoles: (max) => `Gib höchstens ${f.count(max)} Rollen jeder Art an. Nichts wurde gespeichert.`,
  labelTooMany: (max) =>
    `Eine Tabelle fasst höchstens ${f.count(max)} Bezeichnungen; entferne zuerst welche. Nichts wurde gespeichert.`,
  accessNobodyPasses:
    'Niemand, den Rollcall noch nicht eingelassen hat, besteht die Zugriffsprüfung, bis eine Rolle verknüpft ist: Eine Prüfung wird nur für jemanden mit einer Discord-Rolle verbraucht, die der Community-Server mit einer seiner Rollen verknüpft, und er verknüpft keine (auch diese Zugriffsrollen nicht) mit einer Discord-Rolle dieses Servers; verknüpfe im Panel des Community-Servers eine Zugriffsrolle mit einer Discord-Rolle dieses Servers und führe dann /rollcall-admin settings aus, damit Rollcall die Rollen neu liest, oder wähle discord-roles und setze access-roles auf none.',
});

const reportSentences = (f: Formats): Area<'reportSentences'> => ({
  badTimeZone: (zone) =>
    `${typed(zone)} ist keine Zeitzone, die Rollcall kennt; nutze einen IANA-Namen wie Europe/London, America/New_York oder UTC. Nichts wurde gespeichert.`,
  badQuotaHours:
    'Eine Quote ist eine Stundenzahl über 0 und höchstens 168, mit höchstens zwei Nachkommastellen. Nichts wurde gespeichert.',
  tooManyQuotas:
    'Höchstens 25 Rollen können eine Quote haben; entferne zuerst eine. Nichts wurde gespeichert.',
  unknownRole: 'Keine Community-Rolle hat diesen Namen oder diese ID. Nichts wurde gespeichert.',
  quotaNeedsBoth:
    'Gib quota-role und quota-hours an (0 Stunden entfernt die Quote). Nichts wurde gespeichert.',
  reportSettingsState: (s) =>
    [
      `Zeitzone: ${s.timeZone}.`,
      `Wochen beginnen am ${({ monday: 'Montag', tuesday: 'Dienstag', wednesday: 'Mittwoch', thursday: 'Donnerstag', friday: 'Freitag', saturday: 'Samstag', sunday: 'Sonntag' } as Record<string, string>)[s.weekStart] ?? s.weekStart}.`,
      `Quoten: ${s.quotas.length > 0 ? s.quotas.join(', ') : 'keine'}.`,
    ].join('\n'),
  digestNoChannel: (channelId) =>
    `Rollcall kann den Digest nicht in ${channelMention(channelId)} posten: Der Kanal existiert nicht mehr oder ist kein Textkanal dieses Servers; wähle einen anderen.`,
  digestMissing: (channelId, missing) =>
    `Rollcall kann den Digest nicht in ${channelMention(channelId)} posten: Es fehlt ${f.list(missing)}.`,
  digestFailed:
    'Der letzte Digest konnte nicht gepostet werden (Discord oder die API hat nicht geantwortet); der nächste wird versucht.',
  digestNeedsChannel:
    'Ein Digest braucht einen Kanal, einen Zeitplan und eine Stunde (und bei wöchentlichem einen Tag). Nichts wurde gespeichert.',
  digestState: (d) =>
    d === undefined
      ? 'Digest: keiner.'
      : `Digest: ${d.when} in ${channelMention(d.channelId)}: ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
});

const csvExport = (f: Formats): Section<'export'> => ({
  done: (e) =>
    `${f.count(e.rows)} ${f.plural(e.rows, { one: 'Zeile', other: 'Zeilen' })} in ${f.count(e.files)} ${f.plural(e.files, { one: 'CSV-Datei', other: 'CSV-Dateien' })} exportiert; dafür ${f.plural(e.requests, { one: 'war', other: 'waren' })} ${f.count(e.requests)} ${f.plural(e.requests, { one: 'Anfrage', other: 'Anfragen' })} an die API des Community-Servers nötig (Datenstand: ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Nur die ersten ${f.count(e.capped)} von ${f.count(e.total)} Zeilen: Ein Export liest höchstens so viele.`}`,
  needs: (needed, spare, possibleAtSeconds) =>
    `Diese ganze Liste zu exportieren braucht ${f.count(needed)} weitere ${f.plural(needed, { one: 'Anfrage', other: 'Anfragen' })} an die API des Community-Servers (Seiten, die Rollcall nicht gespeichert hat), aber vom Kontingent dieses Monats ${f.plural(spare, { one: 'ist', other: 'sind' })} nur ${f.count(spare)} übrig; möglich ist es ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  tooLarge: (rows) =>
    `Diese Liste (${f.count(rows)} Zeilen) ist zu groß, um sie innerhalb des Upload-Limits von Discord als CSV-Dateien zu senden; grenze sie zuerst ein.`,
  fileName: (base, part, parts) => (parts > 1 ? `${base}-teil${part}von${parts}.csv` : `${base}.csv`),
});

const loa = (f: Formats): Section<'loa'> => ({
  title: 'Abwesenheiten',
  titleOfMember: (memberId) => `Abwesenheiten von Mitglied ${memberId}`,
  titleFiltered: (filter) => `Abwesenheiten · ${filter}`,
  filters: { pending: 'Prüfung ausstehend', active: 'Aktiv: gerade abwesend', ended: 'Beendet' },
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
  empty: 'Keine Abwesenheiten gefunden.',
  waiting: (waited) => `wartet seit ${waited}`,
  waitNotKnown: 'Wartezeit unbekannt',
  overdue: (hours) => `⏰ über ${f.count(hours)} Std.`,
  queueTitle: 'Wartet auf Prüfung',
  queueEmpty: 'Nichts wartet auf Prüfung.',
  queueOldest: (who, waited, partial) =>
    `${partial ? 'Älteste der gelesenen' : 'Älteste'}: ${who}, wartet seit ${waited}.`,
  queueOverdue: (n, hours, partial) =>
    `⏰ ${f.count(n)}${partial ? ' der gelesenen' : ''} warten länger als ${f.count(hours)} Std.`,
  states: {
    cancelled: 'Storniert',
    denied: 'Abgelehnt',
    ended: 'Beendet',
    expired: 'Abgelaufen',
    active: 'Aktiv',
    approved: 'Genehmigt',
    pendingReview: 'Prüfung ausstehend',
  },
  detailTitle: (id, state) => `LOA ${id} · ${state}`,
  member: 'Mitglied',
  statusCode: 'Statuscode',
  startType: 'Starttyp',
  requested: 'Beantragt',
  starts: 'Beginnt',
  ends: 'Endet',
  started: 'Begonnen',
  ended: 'Beendet',
  length: 'Dauer',
  reviewed: 'Geprüft',
  reviewedBy: 'Geprüft von',
  endedBy: 'Beendet von',
  cancelled: 'Storniert',
  expired: 'Abgelaufen',
  denyReason: 'Ablehnungsgrund',
  reasonHistory: 'Verlauf des Grundes',
  extensionRequests: 'Verlängerungsanträge',
  readsAs: (code, reading) => `${code} (gilt als ${reading})`,
  reviewOutcome: {
    approved: (code) => `${code} (genehmigt)`,
    denied: (code) => `${code} (abgelehnt)`,
  },
  readings: {
    approved: 'genehmigt',
    denied: 'abgelehnt',
    startingWhenRequested: 'Beginn mit dem Antrag',
    startingLater: 'späterer Beginn',
  },
  entryEnd: (from, to) => `Ende ${from} → ${to}`,
  entryAtBy: (what, day, by) => `${what} ${day} von ${by}`,
  entryAt: (what, day) => `${what}: ${day}`,
  entryBy: (what, by) => `${what}: ${by}`,
  entryValue: (what, value) => `${what}: ${value}`,
  dateRange: (from, to) => `${from}–${to}`,
  dateFrom: (day) => `ab ${day}`,
  dateUntil: (day) => `bis ${day}`,
  optionKind: 'LOA',
  optionId: (id) => `ID ${id}`,
  memberShortcut: 'Mitglied',
  membersLoas: 'LOAs des Mitglieds',
});

const shift = (f: Formats): Section<'shift'> => ({
  title: 'Schichten',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'Schicht', other: 'Schichten' })}`,
  empty: 'Keine Schichten gefunden.',
  states: { active: 'Aktiv', ended: 'Beendet', unknown: 'Unbekannt' },
  detailTitle: (id, state) => `Schicht ${id} · ${state}`,
  typeInWave: (type, wave) => `${type} (Welle ${wave})`,
  member: 'Mitglied',
  type: 'Typ',
  wave: 'Welle',
  autoEnd: 'Automatisches Ende',
  started: 'Begonnen',
  ended: 'Beendet',
  stillOnDuty: 'Noch im Dienst',
  endedBy: 'Beendet von',
  length: 'Dauer',
  breaks: 'Pausen',
  netTime: 'Netto-Dienstzeit',
  breakEntries: 'Pauseneinträge',
  soFar: (length) => `${length} bisher`,
  breakCount: (n) => `${f.count(n)} ${f.plural(n, { one: 'Pause', other: 'Pausen' })}`,
  timesUnreadable: (breaks) => `${breaks} (Zeiten nicht lesbar)`,
  onBreakNow: 'gerade in der Pause',
  oneNeverEnded: 'eine nie beendet',
  unreadable: (n) => `${f.count(n)} nicht lesbar`,
  atMost: (length) => `höchstens ${length}`,
  optionKind: 'Schicht',
  optionMember: (memberId) => `Mitglied ${memberId}`,
  theirShifts: 'Schichten des Mitglieds in diesem Zeitraum',
  membersLoas: 'LOAs des Mitglieds',
});

const member = (f: Formats): Section<'member'> => ({
  title: 'Mitglieder',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'Mitglied', other: 'Mitglieder' })}`,
  empty: 'Keine Mitglieder gefunden.',
  joinedOn: (day) => `beigetreten ${day}`,
  noRolesInRow: 'keine Rollen',
  detailTitle: (id) => `Mitglied ${id}`,
  id: 'ID',
  joined: 'Beigetreten',
  discordUser: 'Discord-Nutzer',
  roles: 'Rollen',
  linkedRoles: 'Verknüpfte Discord-Rollen',
  none: 'Keine',
  thisWeek: (from, to, timeZone) => `Diese Woche (${from} – ${to}, ${timeZone})`,
  timeInShifts: (time, shifts) =>
    `${time} in ${f.count(shifts)} ${f.plural(shifts, { one: 'Schicht', other: 'Schichten' })}`,
  rank: (place, of) => `Platz ${f.count(place)} von ${f.count(of)}`,
  noTimeOnDuty: 'keine Dienstzeit',
  timeInShiftsSoFar: (time, shifts) =>
    `bisher mindestens ${time} in ${f.count(shifts)} ${f.plural(shifts, { one: 'Schicht', other: 'Schichten' })}`,
  rankNotKnownYet: 'Platz noch nicht bekannt',
  quotaNotMetSoFar: 'bisher nicht erfüllt',
  notKnownYet: 'noch nicht bekannt',
  onDutyNow: 'gerade im Dienst',
  quota: 'Quote',
  quotaMet: 'erfüllt',
  quotaNotMet: 'nicht erfüllt',
  quotaExempt: 'befreit (abwesend)',
  quotaDone: (done, required) => `${done} von ${required}`,
  onLeave: 'Abwesend',
  nextLeave: 'Nächste Abwesenheit',
  noReturnDate: 'kein Rückkehrdatum',
  leaveUntil: (back) => `bis ${back}`,
  leaveFromBack: (start, back) => `ab ${start} · zurück ${back}`,
  timeOnDuty: 'Dienstzeit',
  standingReportsOff: 'Nicht angezeigt: Berichte sind auf diesem Server nicht verfügbar.',
  standingNotRead:
    'Noch nicht bekannt: Rollcall hat die Berichtsdaten dieser Community noch nicht gelesen. Sie werden gelesen, sobald ein Bericht angefordert wird (etwa /shift totals), seitenweise, wie es das monatliche API-Kontingent erlaubt.',
  standingPartsNotRead: (readSoFar) =>
    `Noch nicht bekannt: Von den Schichten, LOAs und Mitgliedern dieser Community ist noch nichts gelesen. ${readSoFar}`,
  standingMemberId:
    'Nicht angezeigt: Mit der ID dieses Mitglieds lässt sich in den Berichtsdaten nichts nachschlagen.',
  standingFailed:
    'Konnte nicht berechnet werden: Beim Lesen der Berichtsdaten ist etwas schiefgegangen (für den Betreiber protokolliert). Der Rest der Akte ist wie gelesen.',
  reportDataAge: (age) => `Berichtsdaten ${age} alt`,
  optionMember: (memberId) => `Mitglied ${memberId}`,
  noRoles: 'Keine Rollen',
  loas: 'LOAs',
  shiftsThisWeek: 'Schichten diese Woche',
  backToLoa: '↩ Zurück zur LOA',
  backToRecord: '↩ Zurück zur Team-Akte',
});

const role = (f: Formats): Section<'role'> => ({
  title: 'Rollen',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'Rolle', other: 'Rollen' })}`,
  empty: 'Keine Rollen gefunden.',
  linkedTo: (role) => `verknüpft mit ${role}`,
  createdOn: (day) => `erstellt ${day}`,
  detailTitle: (name) => `Rolle ${name}`,
  id: 'ID',
  colour: 'Farbe',
  linkedRole: 'Verknüpfte Discord-Rolle',
  permissions: 'Berechtigungen',
  extraPermissions: 'Zusätzliche Berechtigungen',
  created: 'Erstellt',
});

const records = (f: Formats): Section<'records'> => ({
  server: (id) => `Server ${id}`,
  yes: 'ja',
  no: 'nein',
  none: 'Keine',
  noneInValue: 'keine',
  entries: (n) => `${f.count(n)} ${f.plural(n, { one: 'Eintrag', other: 'Einträge' })}`,
  items: (n) => `${f.count(n)} ${f.plural(n, { one: 'Element', other: 'Elemente' })}`,
  fields: (n) => `${f.count(n)} ${f.plural(n, { one: 'Feld', other: 'Felder' })}`,
  andMore: (n) => `… und ${f.count(n)} weitere`,
  andMoreFields: (n) =>
    `… und ${f.count(n)} ${f.plural(n, { one: 'weiteres Feld', other: 'weitere Felder' })}`,
  plusMore: (n) => `+${f.count(n)} weitere`,
  pairsMore: (n) => `(+${f.count(n)} weitere)`,
  inTotal: (n) => `${f.count(n)} insgesamt`,
});

const log = (f: Formats): Section<'log'> => ({
  title: 'Moderationsprotokolle',
  titleOf: (who) => `Moderationsprotokolle von ${who}`,
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'Protokoll', other: 'Protokolle' })}`,
  empty: 'Keine Moderationsprotokolle gefunden.',
  noneAmongSearched:
    'Keines der durchsuchten Protokolle passt. Nicht jedes Protokoll wurde durchsucht, und die API nennt keine Reihenfolge: ein Treffer kann unter den übrigen sein.',
  typeOf: (type) => `Typ ${type}`,
  detailTitle: (id, type) => `Protokoll ${id} · Typ ${type}`,
  text: 'Text',
  description: 'Beschreibung',
  gameUsername: 'Spielername',
  gameId: 'Spiel-ID',
  type: 'Typ',
  typeId: 'Typ-ID',
  created: 'Erstellt',
  createdBy: 'Erstellt von',
  completedBy: 'Abgeschlossen von',
  hidden: 'Verborgen',
  hiddenBy: 'Verborgen von',
  expired: 'Abgelaufen',
  expiredAt: 'Abgelaufen am',
  expiredBy: 'Als abgelaufen markiert von',
  temporaryBan: 'Zeitweiliger Bann',
  proof: 'Beweise',
  editedBy: 'Bearbeitet von',
  server: (id) => `Server ${id}`,
  banStillInEffect: (until) => `Zeitweiliger Bann bis ${until}\nNoch in Kraft`,
  banTimePassed: (until) => `Zeitweiliger Bann bis ${until}\nEntbannungszeit ist verstrichen`,
  banExpired: (until) =>
    `${until === undefined ? 'Zeitweiliger Bann' : `Zeitweiliger Bann bis ${until}`}\nNicht in Kraft: der Eintrag ist als abgelaufen markiert`,
  banNoUnbanTime: 'Zeitweiliger Bann, keine Entbannungszeit gesetzt',
  banUnbanTime: (until) => `Zeitweiliger Bann, Entbannungszeit ${until}`,
  notBannedUnbanSet: (until) => `Nein (Entbannungszeit gesetzt: ${until})`,
  unbanTime: (until) => `Entbannungszeit ${until}`,
  openKind: 'Protokoll',
  openType: (type) => `Typ ${type}`,
  allLogsOfPlayer: 'Alle Protokolle dieses Spielers',
  notFound: 'Auf diesem Community-Server wurde kein Moderationsprotokoll mit dieser ID gefunden.',
  since: (time) => `seit ${time}`,
  savedPagesSearched: (searched, pages) =>
    `${f.count(searched)} von ${f.count(pages)} gespeicherten Seiten durchsucht`,
  firstSearched: (n) => `die ersten ${f.count(n)} Protokolle durchsucht`,
  savedPagesOnly: 'Nur gespeicherte Seiten',
  searchPartial: (searched, pages, needed, at) =>
    `Durchsucht: ${f.count(searched)} ${f.plural(searched, { one: 'gespeicherte Seite', other: 'gespeicherte Seiten' })} von ${f.count(pages)}; eine vollständige Suche braucht ${f.count(needed)} weitere ${f.plural(needed, { one: 'Anfrage', other: 'Anfragen' })} an die API des Community-Servers, möglich <t:${at}:f> (<t:${at}:R>).`,
});

const auditLog = (f: Formats): Section<'auditLog'> => ({
  title: 'Audit-Log',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'Eintrag', other: 'Einträge' })}`,
  empty: 'Keine Audit-Log-Einträge gefunden.',
  typeOf: (type) => `Typ ${type}`,
  by: (user) => `von ${user}`,
  detailTitle: (id, type) => `Audit-Log-Eintrag ${id} · Typ ${type}`,
  description: 'Beschreibung',
  type: 'Typ',
  user: 'Nutzer',
  application: 'Bewerbung',
  time: 'Zeit',
  server: (id) => `Server ${id}`,
  pageOf: (page) => `Seite ${f.count(page)} des Audit-Logs`,
  openKind: 'Audit-Eintrag',
  openType: (type) => `Typ ${type}`,
});

const application = (f: Formats): Section<'application'> => ({
  title: 'Bewerbungen',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'Bewerbung', other: 'Bewerbungen' })}`,
  empty: 'Keine Bewerbungen gefunden.',
  open: 'Offen',
  closed: 'Geschlossen',
  untitled: 'Ohne Titel',
  updated: (day) => `aktualisiert ${day}`,
  detailTitle: (title) => `Bewerbung: ${title}`,
  id: 'ID',
  acceptingResponses: 'Nimmt Antworten an',
  banAppeal: 'Bann-Einspruch',
  cooldown: 'Wartezeit',
  maxLogs: 'Max. Protokolle',
  minMembership: 'Min. Discord-Mitgliedschaft',
  resultsChannel: 'Ergebniskanal',
  eventsChannel: 'Ereigniskanal',
  gameGroup: 'Spielgruppe',
  created: 'Erstellt',
  lastUpdated: 'Zuletzt aktualisiert',
  banner: 'Banner',
  settings: 'Einstellungen',
  onApproval: 'Bei Annahme',
  onDenial: 'Bei Ablehnung',
  reviewers: 'Prüfer',
  applicants: 'Bewerber',
  mentionedOnSubmit: 'Beim Absenden erwähnt',
  closedMessage: 'Nachricht bei geschlossenem Formular',
  submissionMessage: 'Nachricht nach dem Absenden',
  sections: 'Abschnitte',
  questions: 'Fragen',
  presets: 'Vorlagen',
  adds: 'Fügt hinzu',
  removes: 'Entfernt',
  review: 'Prüfen',
  reviewOnly: 'Nur prüfen',
  mustHave: 'Müssen haben',
  mustNotHave: 'Dürfen nicht haben',
  setting: {
    requireChatMember: 'Muss auf dem Discord-Server sein',
    collectGameAccount: 'Erfasst das Spielkonto',
    stageResponses: 'Gestufte Antworten',
    requireApprovedReason: 'Begründung zum Annehmen nötig',
    requiredDenialReason: 'Begründung zum Ablehnen nötig',
    revealReviewer: 'Zeigt den Prüfer',
    resultsMentionUser: 'Ergebnisse erwähnen den Bewerber',
    inviteOnApproval: 'Einladung bei Annahme',
    banAppealNote: 'Hinweis zum Bann-Einspruch',
  },
  server: (id) => `Server ${id}`,
  notFound: 'Auf diesem Community-Server wurde keine Bewerbung mit dieser ID oder diesem Titel gefunden.',
});

const joinRequest = (_f: Formats): Section<'joinRequest'> => ({
  title: 'Beitrittsanfrage',
  user: 'Nutzer',
  userId: 'Nutzer-ID',
  joinCode: 'Beitrittscode',
  requested: 'Angefragt',
  server: (id) => `Server ${id}`,
  memberRecord: 'Mitgliedsakte',
  notFound: 'Auf diesem Community-Server wurde keine Beitrittsanfrage dieses Nutzers gefunden.',
});

const player = (f: Formats): Section<'player'> => ({
  title: (username) => `Spieler ${username}`,
  entries: 'Einträge',
  countsOfRead: (n) => `(gezählt: die ${f.count(n)} gelesenen, Reihenfolge unbekannt)`,
  byType: 'Nach Typ',
  temporaryBan: 'Zeitweiliger Bann',
  banInEffectUntil: (until) => `In Kraft bis ${until}`,
  noBanInEffect: 'Keiner in Kraft',
  banWithoutEnd: (when) =>
    `Ein zeitweiliger Bann vom ${when} hat keine Entbannungszeit: er kann noch in Kraft sein`,
  banUndecided: (read, total, at, atMost) =>
    `Unbekannt: keiner in Kraft unter den ${f.count(read)} von ${f.count(total)} gelesenen Einträgen${at === undefined ? '' : `; ${atMost === undefined ? 'der Rest kann' : `die ersten ${f.count(atMost)} können`} <t:${at}:f> (<t:${at}:R>) gelesen werden`}`,
  hidden: 'Verborgen',
  expired: 'Abgelaufen',
  newestShown: (n) => `Die neuesten ${f.count(n)} angezeigt`,
  newestOfRead: (n, read) => `Die neuesten ${f.count(n)} der ${f.count(read)} gelesenen angezeigt`,
  allTheirLogs: 'Alle Protokolle des Spielers',
  checkPlayer: 'Spieler prüfen',
  gameUsername: 'Spielername',
  typeUsername: 'Spielernamen eingeben…',
  namedTitle: 'In dieser Nachricht genannte Spieler',
  usernames: (n) => `${f.count(n)} ${f.plural(n, { one: 'Spielername', other: 'Spielernamen' })}`,
  noUsername: 'Kein Spielername gefunden.',
  theirRecord: 'Moderationsakte des Spielers',
});

const people = (_f: Formats): Section<'people'> => ({
  member: (id) => `Mitglied ${id}`,
});

const labels = (_f: Formats): Section<'labels'> => ({
  table: {
    logTypes: 'Protokolltyp',
    loaStatus: 'LOA-Status',
    loaStartType: 'LOA-Beginntyp',
    auditTypes: 'Audit-Typ',
    banAppeal: 'Bann-Einspruch',
  },
});

const reports = (f: Formats): Section<'reports'> => ({
  period: {
    thisWeek: 'Diese Woche',
    lastWeek: 'Letzte Woche',
    last7Days: 'Letzte 7 Tage',
    last30Days: 'Letzte 30 Tage',
    thisMonth: 'Dieser Monat',
    lastMonth: 'Letzter Monat',
  },
  periodSpan: (name, from, to, zone) => `${name} (${from} – ${to}, ${zone})`,
  filterType: (type) => `Typ ${type}`,
  filterWave: (wave) => `Welle ${f.count(wave)}`,
  totalsTitle: (period) => `Dienstzeit · ${period}`,
  memberTitle: (memberId, period) => `Mitglied ${memberId} · ${period}`,
  members: (n) => `${f.count(n)} ${f.plural(n, { one: 'Mitglied', other: 'Mitglieder' })}`,
  shifts: (n) => `${f.count(n)} ${f.plural(n, { one: 'Schicht', other: 'Schichten' })}`,
  loas: (n) => `${f.count(n)} ${f.plural(n, { one: 'Abwesenheit', other: 'Abwesenheiten' })}`,
  atMost: (time) => `höchstens ${time}`,
  longest: (time) => `längste ${time}`,
  onDutyNowCount: (n) => `${f.count(n)} gerade im Dienst`,
  noShifts: 'Keine Schichten in diesem Zeitraum.',
  memberTotal: (time, shifts, longest, approximate) =>
    `${approximate ? 'Höchstens ' : ''}${time} im Dienst in ${f.count(shifts)} ${f.plural(shifts, { one: 'Schicht', other: 'Schichten' })} (längste ${longest}).`,
  andMore: (n) => `… und ${f.count(n)} weitere`,
  onLeaveTitle: 'Gerade abwesend',
  leaveStartingTitle: (days) =>
    `Abwesenheiten, die innerhalb von ${f.count(days)} ${f.plural(days, { one: 'Tag', other: 'Tagen' })} beginnen`,
  noReturnDate: 'ohne Rückkehrdatum',
  back: (when) => `zurück ${when}`,
  fromBack: (start, back) => `ab ${start} · zurück ${back}`,
  nobodyOnLeave: 'Gerade ist niemand abwesend.',
  noLeaveStarts: 'In dieser Zeit beginnt keine Abwesenheit.',
  quotaTitle: (period) => `Quotenprüfung · ${period}`,
  pass: 'erfüllt',
  fail: 'nicht erfüllt',
  onLeave: 'abwesend',
  doneOf: (done, required) => `${done} von ${required}`,
  quotaSummary: (pass, fail, leave) =>
    `${f.count(pass)} erfüllt · ${f.count(fail)} nicht erfüllt · ${f.count(leave)} abwesend`,
  noQuotaRoles: (where) => `Kein Mitglied hat eine Rolle mit Quote (${where}).`,
  quotasSetByAdmins: 'Admins legen Quoten mit /rollcall-admin reports fest',
  quotasSetInEnvironment: 'Quoten werden in der Umgebung von Rollcall festgelegt (REPORTS_QUOTAS)',
  onDutyTitle: 'Gerade im Dienst',
  startedAgo: (when) => `begonnen ${when}`,
  onDutyFor: (time) => `${time} im Dienst`,
  nobodyOnDuty: 'Gerade ist niemand im Dienst.',
  inactiveTitle: (days) =>
    `Seit über ${f.count(days)} ${f.plural(days, { one: 'Tag', other: 'Tagen' })} keine Schicht`,
  leaveLeftOut: 'Abwesende ausgelassen',
  neverOnDuty: 'nie im Dienst',
  lastShift: (when) => `letzte Schicht ${when}`,
  onLeaveNoReturn: 'abwesend, ohne Rückkehrdatum',
  onLeaveUntil: (when) => `abwesend bis ${when}`,
  everyoneActive: 'Jedes Mitglied hatte in dieser Zeit eine Schicht.',
  inactiveNeedsEveryPage: (read, total, roles) =>
    `Wer still geworden ist, lässt sich erst mit allen Seiten der Schichten, Abwesenheiten${roles ? ', Mitglieder und Rollen' : ' und Mitglieder'} sagen; Rollcall hat bisher ${total === undefined ? f.count(read) : `${f.count(read)} von ${f.count(total)}`} gelesen (seitenweise, wie es das monatliche API-Kontingent erlaubt). Bis dahin wird niemand aufgeführt: Frag später noch einmal.`,
  readSoFar: (read, total, next) =>
    `Rollcall hat bisher ${total === undefined ? f.count(read) : `${f.count(read)} von ${f.count(total)}`} Seiten gelesen (seitenweise, wie es das monatliche API-Kontingent erlaubt): Frag ${next === undefined ? 'später' : `nach ${next}`} noch einmal.`,
  notKnownYet: (readSoFar) => `Noch nicht bekannt: ${readSoFar}`,
  partialRows: (readSoFar) =>
    `⚠️ Unvollständig: Weiteres kann auf noch nicht gelesenen Seiten stehen. ${readSoFar}`,
  soFar: (total) => `bisher ${total}`,
  failSoFar: 'bisher nicht erfüllt',
  quotaSummarySoFar: (pass, fail, leave) =>
    `${f.count(pass)} erfüllt · ${f.count(fail)} bisher nicht erfüllt · ${f.count(leave)} abwesend`,
  runningLong: (days) =>
    `⚠️ läuft seit ${f.count(days)} ${f.plural(days, { one: 'Tag', other: 'Tagen' })} (automatisches Beenden ist womöglich fehlgeschlagen)`,
  memberOption: (memberId) => `Mitglied ${memberId}`,
  theirShifts: 'Die Schichten in diesem Zeitraum',
  theirRecord: 'Die Akte des Mitglieds',
  neverOnDutyOption: 'Nie im Dienst',
});

const digest = (f: Formats): Section<'digest'> => ({
  allowanceMark: (used, points, reset) =>
    `Rollcall hat ${f.count(used)} der ${f.count(points)} monatlichen API-Anfragen dieses Community-Servers verbraucht; gespeicherte Daten werden öfter gezeigt, bis das Kontingent <t:${reset}:f> neu beginnt.`,
  allowanceSpent: (points, reset) =>
    `Rollcall hat alle ${f.count(points)} monatlichen API-Anfragen dieses Community-Servers verbraucht; es zeigt gespeicherte Daten, bis das Kontingent <t:${reset}:f> neu beginnt.`,
  language: (name) => `Sprache des Digests: ${name}.`,
  serverDefault: (name) => `Standard des Servers (${name})`,
});

const help = (_f: Formats): Section<'help'> => ({
  title: 'Rollcall-Befehle',
  intro:
    'Nur-Lese-Zugriff auf die Akten des Community-Servers. Listen blätterst du mit den Knöpfen darunter; ' +
    '„Öffnen…“ zeigt einen Eintrag. Füge `public:True` zu einem Befehl hinzu, um die Antwort im Kanal zu posten ' +
    '(sonst siehst nur du sie).',
  memberMenus: 'Rechtsklick auf ein Mitglied → Apps',
  messageMenus: 'Rechtsklick auf eine Nachricht → Apps',
  messageMenuLine: 'die darin genannten Spieler und ihre Akten',
  moreCommands: 'Weitere Befehle',
  sampleUser: '@nutzer',
});

const status = (f: Formats): Section<'status'> => ({
  title: 'Rollcall-Status',
  footer: 'Zählungen seit dem Start von Rollcall',
  api: 'API',
  reachable: '🟢 Erreichbar',
  notReachable: '🔴 Nicht erreichbar',
  roundTrip: 'Antwortzeit',
  milliseconds: (ms) => `${f.count(ms)} ms`,
  savedProbe: (relative) => `gespeicherte Antwort von ${relative}: keine Anfrage verbraucht`,
  cache: 'Cache',
  backendMemory: 'Im Arbeitsspeicher',
  backendRedis: 'Redis',
  backendOff: 'Aus',
  healthy: 'funktioniert',
  notAnswering: 'antwortet nicht',
  hitRate: 'Cache-Trefferquote',
  noReadsYet: 'noch keine Lesezugriffe',
  hits: (percent, hits, reads) =>
    `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 }).format(percent)} % (${f.count(hits)} von ${f.count(reads)} Lesezugriffen)`,
  requestsMade: 'API-Anfragen gestellt',
  rateLimited: 'Antworten mit Ratenlimit',
  staleServed: 'Gespeicherte Daten gezeigt (API ausgefallen)',
  coalesced: 'Geteilte Anfragen',
  version: 'Version',
  uptime: 'Laufzeit',
  accessRoles: 'Zugriffsrollen',
  accessRules: 'Zugriffsregeln',
  lastRefusals: 'Letzte Ablehnungen (dieser Prozess)',
  problem: 'Problem',
  leftAsCounted: 'Verbleibende Anfragen (zuletzt hier gezählt)',
  leftThisMonth: 'Übrig in diesem Monat',
  allowedNow: 'Jetzt erlaubt',
  leftOf: (left, points) => `${f.count(left)} von ${f.count(points)}`,
  noMonthlyLimit: 'Kein Monatslimit',
  savedOnlyUntil: (when) => `Nur gespeicherte Daten, bis ${when}`,
  nothingUntil: (when, limit) => `Nichts bis ${when} (${limit})`,
  upToReads: (n) => `Bis zu ${f.count(n)} neue Abrufe`,
  anyRead: 'Jeder Abruf (kein Limit gesetzt)',
  readsAndRefresh: (reads, next) => `${reads}; Auffrischen gespeicherter Daten: ${next}`,
  dueNow: 'eines ist jetzt fällig',
  next: (when) => `nächstes ${when}`,
  monthName: (limit) => `API-Kontingent (${limit})`,
  monthLine: (left, points, used, resets) =>
    `${f.count(left)} von ${f.count(points)} übrig in diesem Monat · ${f.count(used)} verbraucht · beginnt neu ${resets}`,
  paceSpent: 'Tempo: aufgebraucht; gespeicherte Daten werden gezeigt, bis es neu beginnt',
  paceLine: (every, next) =>
    `Tempo: ein Auffrischen gespeicherter Daten alle ${every} (20 % für neue Abrufe reserviert) · ${next}`,
  windowName: (limit) => `Anfragelimit (${limit})`,
  windowLine: (left, window, used, refills) =>
    `${left} übrig in diesem Fenster von ${window} · ${f.count(used)} verbraucht · füllt sich auf ${refills}`,
  leftOfWindow: (left, per) => `${f.count(left)} von ${f.count(per)}`,
});

const access = (f: Formats): Section<'access'> => ({
  unlinked: 'keine verknüpfte Discord-Rolle',
  badId: 'die verknüpfte Discord-Rolle ist keine Rollen-ID',
  notOnServer: (id) =>
    `die verknüpfte Discord-Rolle ${id} ist keine Rolle dieses Servers (sie muss auf jedem Server existieren, den Rollcall bedient)`,
  unknownRole: 'nicht unter den Community-Rollen',
  discordId:
    'eine Discord-Rollen-ID, keine Community-Rolle: Discord-Rollen gehören in die Einstellung der Discord-Rollen',
  roleName: (id) => `der Name einer Rolle, nicht ihre ID: Die Community-Rolle dieses Namens ist ${id}`,
  unread: 'die Community-Rollen konnten nicht gelesen werden',
  rolesRead: (count, when) => `Rollenliste (${count} Rollen) gelesen ${when};`,
  firstRoles: (count) => `die ersten ${f.count(count)}`,
  rolesNext: (when) => `spätestens erneut gelesen ${when} oder beim nächsten /rollcall status.`,
  rolesFailing: (when) =>
    `sie konnte nicht erneut gelesen werden (die API des Community-Servers antwortet nicht): neuer Versuch ${when}.`,
  rolesSpent: (when) => `nicht erneut gelesen: Das API-Kontingent dafür ist verbraucht bis ${when}.`,
  rolesPaced: (when) => `noch nicht erneut gelesen: Das Monatstempo erlaubt es ${when}.`,
  rolesUnread: (reason, when) =>
    `Die Community-Rollen konnten nicht gelesen werden, daher kostet jede Zugriffsrolle eine Mitgliedsabfrage: ${reason} Neuer Versuch ${when}.`,
  ruleDiscordRoles: (setting, ids) =>
    `Discord-Rollen (${setting}): ${ids}: kostenlos anhand jeder Interaktion geprüft.`,
  ruleMember: 'Nur Mitglieder des Community-Servers: eine Mitgliedsabfrage pro Prüfung.',
  ruleRoles: (setting) => `Community-Rollen (${setting}):`,
  ruleNone: 'Keine: alle, die die Befehlsberechtigungen zulassen.',
  quotaNotRoles: (setting, roles) =>
    `${setting} nennt Rollen, die keine Community-Rollen sind, daher zählen ihre Quoten niemanden: ${roles}.`,
  quotaDiscordId: 'eine Discord-Rollen-ID: Quoten nehmen Community-Rollen-IDs',
  noRefusals: 'Keine, seit dieser Prozess läuft.',
  refusalLine: (cause, count, when) => `${cause}: ${f.count(count)} (zuletzt ${when})`,
  cause: {
    'discord-role': 'keine Discord-Rolle aus der Einstellung der Discord-Rollen',
    'linked-role': 'keine der verknüpften Discord-Rollen',
    'not-member': 'kein Community-Mitglied mit ihrem Discord-Konto verknüpft',
    'no-access-role': 'ein Mitglied ohne Zugriffsrolle',
    held: 'immer wieder abgelehnt (ohne Abfrage)',
    misconfigured: 'die Zugriffseinstellung nennt keine Community-Rolle',
    'first-checks-spent': 'die ersten Prüfungen dieses Monats verbraucht',
    'unlinked-user': 'keine mit einer Community-Rolle verknüpfte Discord-Rolle (nicht nachgeschlagen)',
    'no-links':
      'keine Community-Rolle mit einer Discord-Rolle dieses Servers verknüpft (niemand Neues nachgeschlagen)',
    'roles-unread': 'die Community-Rollen nicht lesbar (niemand Neues nachgeschlagen)',
    'checks-spent': 'der Anteil für Zugangsprüfungen verbraucht',
    unchecked: 'die API des Community-Servers antwortet nicht',
  },
  discordRole: (id) => `Discord-Rolle ${id}`,
  checkedFree: (roles) => `Kostenlos geprüft (verknüpfte Discord-Rolle): ${roles}`,
  costLookup: (roles) => `Kosten eine Mitgliedsabfrage: ${roles}`,
  linkTip: 'Verknüpfe sie im Community-Server mit einer Discord-Rolle, damit sie kostenlos geprüft werden.',
});

const admin = (f: Formats): Section<'admin'> => ({
  setupTitle: 'Rollcall mit deiner Community verbinden',
  tokenLabel: 'Der API-Token des Community-Servers',
  replaceToken: 'Token ersetzen',
  unlink: 'Trennen',
  noRoleNeeded: 'none (keine Rolle nötig)',
  digestDaily: (hour) => `täglich um ${hour}`,
  digestWeekly: (day, hour) => `jeden ${day} um ${hour}`,
  weekday: {
    monday: 'Montag',
    tuesday: 'Dienstag',
    wednesday: 'Mittwoch',
    thursday: 'Donnerstag',
    friday: 'Freitag',
    saturday: 'Samstag',
    sunday: 'Sonntag',
  },
  report: {
    totals: 'Dienstzeit',
    quota: 'Quotenergebnisse',
    leave: 'jetzt abwesend',
  },
  form: {
    reportsTitle: 'Berichtseinstellungen',
    digestChannel: 'Kanal der Übersicht',
    digestChannelHint: 'Leer: keine Übersicht. Eine neue braucht Rhythmus und Stunde (Optionen).',
    reminderChannel: 'Kanal der Abwesenheitserinnerungen',
    weekStart: 'Erster Tag der Woche',
    language: 'Sprache der Übersicht',
    serverLanguage: 'Standard des Servers',
    switches: 'Erinnerungen und Diagramme',
    reminders: 'Abwesenheitserinnerungen posten',
    pings: 'Erinnerungen pingen das Mitglied',
    charts: 'Diagramme in Berichten und Übersichten',
    settingsTitle: 'Servereinstellungen',
    accessRoles: 'Community-Rollen mit Zugang',
    accessRolesHint: 'Keine gewählt: keine Community-Rolle nötig.',
    accessRolesTyped: 'Namen oder IDs, kommagetrennt (zu viele Rollen für eine Liste). Leer: keine.',
    staleRole: (id) => `${id} (nicht in der Rollenliste)`,
    discordRoles: 'Discord-Rollen mit Zugang',
    discordRolesHint: 'Keine gewählt: keine Discord-Rolle nötig.',
    visibility: 'Antworten standardmäßig',
    private: 'Privat (nur der Fragende sieht sie)',
    public: 'Für alle gepostet',
    limits: 'API-Limits',
    limitsHint: 'Z. B. 100/month,30/1m. Leer: die des Bots.',
    changed: (items) => `Geändert: ${items}.`,
    nothingChanged: 'Nichts geändert.',
    item: {
      digest: 'Kanal der Übersicht',
      reminders: 'Abwesenheitserinnerungen',
      weekStart: 'erster Tag der Woche',
      language: 'Sprache der Übersicht',
      charts: 'Diagramme',
      accessRoles: 'Community-Rollen mit Zugang',
      discordRoles: 'Discord-Rollen mit Zugang',
      visibility: 'Standardsichtbarkeit',
      limits: 'API-Limits',
    },
  },
  reviewAfter: (hours) =>
    hours === undefined
      ? 'Prüfwarteschlange: eine ausstehende LOA wird nie markiert.'
      : `Prüfwarteschlange: eine ausstehende LOA, die länger als ${f.count(hours)} Std. wartet, wird markiert.`,
});

const reminders = (f: Formats): Section<'reminders'> => ({
  returningTitle: 'Rückkehr diese Woche',
  startingTitle: 'Beginn diese Woche',
  returningEmpty: 'Diese Woche kehrt niemand aus einer Abwesenheit zurück.',
  startingEmpty: 'Diese Woche beginnt keine Abwesenheit.',
  alsoReturning: (n) =>
    `+ ${f.count(n)} gerade abwesend und diese Woche zurück: siehe „Rückkehr diese Woche“.`,
  returningRow: (who, back) => `${who} · zurück ${back}`,
  startingRow: (who, from, back) => `${who} · ab ${from} · zurück ${back}`,
  noReturnDate: 'kein Rückkehrdatum',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
  reminder: (who, back) => `Abwesenheit endet morgen: ${who} ist ${back} zurück.`,
  state: (r) =>
    r === undefined
      ? 'Abwesenheitserinnerungen: aus.'
      : `Abwesenheitserinnerungen: in ${channelMention(r.channelId)}, am Tag vor dem Ende einer Abwesenheit (${r.pings ? 'mit Ping des Mitglieds' : 'ohne Ping'}).${r.problem ? `\n⚠️ ${r.problem}` : ''}`,
  needsChannel: 'Abwesenheitserinnerungen brauchen einen Kanal (reminder-channel). Nichts wurde gespeichert.',
  noChannel: (channelId) =>
    `Rollcall kann keine Abwesenheitserinnerungen in ${channelMention(channelId)} posten: Der Kanal existiert nicht mehr oder ist kein Textkanal dieses Servers; wähle einen anderen.`,
  missing: (channelId, missing) =>
    `Rollcall kann keine Abwesenheitserinnerungen in ${channelMention(channelId)} posten: es fehlt ${f.list(missing)}.`,
  failed:
    'Die letzte Abwesenheitserinnerung konnte nicht gepostet werden (Discord hat nicht geantwortet); die nächste wird versucht.',
  refused: (channelId, permissions) =>
    `Discord hat die letzte Abwesenheitserinnerung in ${channelMention(channelId)} abgelehnt (403): Rollcall fehlt dort ${permissions.join(' oder ')}; gib Rollcall diese Berechtigung, dann wird die nächste versucht.`,
});

const charts = (f: Formats): Section<'charts'> => ({
  totalsTitle: (period) => `Dienstzeit · ${period}`,
  quotaTitle: (period) => `Stunden gegen Quote · ${period}`,
  memberTitle: (who) => `${who} · Dienstzeit pro Tag, letzte vier Wochen`,
  digestDaysTitle: 'Dienstzeit des Teams pro Tag, letzte Woche',
  digestLeaveTitle: 'Abwesend, kommende Woche',
  hours: 'Stunden',
  quota: 'Quote',
  pass: 'erfüllt',
  fail: 'nicht erfüllt',
  onLeave: 'abwesend',
  onDuty: 'im Dienst',
  firstOf: (shown, total) => `Die ersten ${f.count(shown)} von ${f.count(total)}`,
  noData: 'Kein Diagramm: nichts zu zeichnen.',
  unavailable: 'Kein Diagramm: Diagramme konnten gerade nicht gezeichnet werden.',
  tooLarge: 'Kein Diagramm: das Bild wäre zu groß zum Senden.',
  off: 'Diagramme: aus (Antworten und Digests kommen ohne sie).',
});

export const de = {
  locale: 'de',
  ordinal: (n) => `${n}.`,
  units: { d: ' T', h: ' Std.', m: ' Min.', s: ' s' },
  invalidDate: (raw) => `${raw} (kein gültiges Datum)`,
  commands: {
    'Staff record.name': 'Team-Akte',
    'LOAs.name': 'Abwesenheiten',
    'Join request.name': 'Beitrittsanfrage',
    'Check player.name': 'Spieler prüfen',
    'loa.description': 'Abwesenheiten (LOAs) des Community-Servers',
    'loa.list.description':
      'Alle LOAs auflisten (neueste zuerst) oder die eines Zustands (ausstehende: älteste zuerst)',
    'loa.list.options.status.description':
      'Nur ausstehende, gerade laufende (aktive) oder beendete Abwesenheiten',
    'loa.list.options.status.choices.pending.name': 'Prüfung ausstehend',
    'loa.list.options.status.choices.active.name': 'Aktiv (gerade abwesend)',
    'loa.list.options.status.choices.ended.name': 'Beendet',
    'loa.list.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'loa.view.description': 'Eine LOA anzeigen',
    'loa.view.options.id.description': 'Die LOA-ID',
    'loa.view.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'loa.member.description': 'Die LOAs eines Mitglieds auflisten',
    'loa.member.options.user.description': 'Das Mitglied auf Discord',
    'loa.member.options.member-id.description':
      'Die ID des Mitglieds auf dem Community-Server (statt eines Discord-Nutzers)',
    'loa.member.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'loa.active.description': 'Wer gerade abwesend ist, mit Rückkehrdatum',
    'loa.active.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'loa.upcoming.description': 'Abwesenheiten, die in den nächsten Tagen beginnen',
    'loa.upcoming.options.days.description': 'Wie viele Tage voraus (Standard 7)',
    'loa.upcoming.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'log.description': 'Moderationsprotokolle des Community-Servers',
    'log.view.description': 'Ein Moderationsprotokoll anzeigen',
    'log.view.options.id.description': 'Die Protokoll-ID',
    'log.view.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'log.user.description': 'Die Moderationsprotokolle eines Spielers auflisten, nach Spielername',
    'log.user.options.username.description': 'Der Spielername des Spielers (nicht sein Discord-Name)',
    'log.user.options.type.description': 'Nur Protokolle mit diesem Typcode',
    'log.user.options.since.description':
      'Nur Protokolle seit einem Datum (2026-11-01, UTC) oder Zeitraum bis jetzt (7d, 30d)',
    'log.user.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'audit-log.description': 'Audit-Log des Community-Servers',
    'audit-log.list.description': 'Audit-Log-Einträge auflisten; einen öffnen zeigt alle Details',
    'audit-log.list.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'shift.description': 'Dienstschichten im Community-Server',
    'shift.list.description': 'Alle Schichten auflisten',
    'shift.list.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'shift.view.description': 'Eine Schicht anzeigen, mit Dauer und Pausen',
    'shift.view.options.id.description': 'Die Schicht-ID',
    'shift.view.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'shift.active.description': 'Wer gerade im Dienst ist: jede laufende Schicht, die längste zuerst',
    'shift.active.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'shift.totals.description':
      'Mitglieder nach Dienstzeit (ohne Pausen) in einem Zeitraum, oder ein Mitglied',
    'shift.totals.options.period.description': 'Der Zeitraum, in der Zeitzone des Servers',
    'shift.totals.options.period.choices.this-week.name': 'Diese Woche',
    'shift.totals.options.period.choices.last-week.name': 'Letzte Woche',
    'shift.totals.options.period.choices.7-days.name': 'Letzte 7 Tage',
    'shift.totals.options.period.choices.30-days.name': 'Letzte 30 Tage',
    'shift.totals.options.period.choices.this-month.name': 'Dieser Monat',
    'shift.totals.options.period.choices.last-month.name': 'Letzter Monat',
    'shift.totals.options.type.description': 'Nur Schichten dieses Typs',
    'shift.totals.options.wave.description': 'Nur Schichten dieser Welle',
    'shift.totals.options.user.description': 'Das Mitglied auf Discord',
    'shift.totals.options.member-id.description':
      'Nur dieses Mitglied: seine ID auf dem Community-Server (statt eines Discord-Nutzers)',
    'shift.totals.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'role.description': 'Rollen des Community-Servers',
    'role.list.description': 'Alle Rollen auflisten',
    'role.list.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'role.view.description': 'Eine Rolle anzeigen',
    'role.view.options.role.description': 'Rollennamen eintippen und auswählen, oder die Rollen-ID angeben',
    'role.view.options.public.description': 'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'me.description': 'Dein eigener Team-Eintrag (nur du siehst ihn)',
    'member.description': 'Mitglieder des Community-Servers',
    'member.list.description': 'Alle Mitglieder auflisten',
    'member.list.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'member.view.description': 'Ein Mitglied anzeigen, per Discord-Nutzer oder Mitglieds-ID',
    'member.view.options.user.description': 'Das Mitglied auf Discord',
    'member.view.options.member-id.description':
      'Die ID des Mitglieds auf dem Community-Server (statt eines Discord-Nutzers)',
    'member.view.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'application.description': 'Bewerbungsformulare des Community-Servers',
    'application.list.description': 'Alle Bewerbungsformulare auflisten',
    'application.list.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'application.view.description': 'Ein Bewerbungsformular und seine Einstellungen anzeigen',
    'application.view.options.application.description':
      'Titel eintippen und auswählen, oder die Bewerbungs-ID angeben',
    'application.view.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'join-request.description': 'Beitrittsanfragen an den Community-Server',
    'join-request.view.description':
      'Die Beitrittsanfrage eines Nutzers anzeigen, per Discord-Nutzer oder Nutzer-ID',
    'join-request.view.options.user.description': 'Der Nutzer auf Discord',
    'join-request.view.options.user-id.description':
      'Die ID des Nutzers (statt einen Discord-Nutzer auszuwählen)',
    'join-request.view.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'quota.description': 'Aktivitätsquoten des Community-Servers',
    'quota.check.description': 'Soll und Ist je Mitglied mit einer Quoten-Rolle; Abwesende sind befreit',
    'quota.check.options.period.description': 'Der Zeitraum, in der Zeitzone des Servers',
    'quota.check.options.period.choices.this-week.name': 'Diese Woche',
    'quota.check.options.period.choices.last-week.name': 'Letzte Woche',
    'quota.check.options.period.choices.7-days.name': 'Letzte 7 Tage',
    'quota.check.options.period.choices.30-days.name': 'Letzte 30 Tage',
    'quota.check.options.period.choices.this-month.name': 'Dieser Monat',
    'quota.check.options.period.choices.last-month.name': 'Letzter Monat',
    'quota.check.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'quota.inactive.description':
      'Mitglieder ohne Schicht seit einer Anzahl Tagen oder nie; Abwesende ausgelassen',
    'quota.inactive.options.days.description': 'Seit mehr als so vielen Tagen ohne Schicht (Standard 14)',
    'quota.inactive.options.role.description': 'Nur Mitglieder mit dieser Community-Rolle (Name oder ID)',
    'quota.inactive.options.include-leave.description':
      'Auch gerade Abwesende auflisten, mit Rückkehrdatum (Standard: ausgelassen)',
    'quota.inactive.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'rollcall.description': 'Über Rollcall: seine Befehle und sein Zustand',
    'rollcall.help.description': 'Jeden Befehl mit einem Beispiel auflisten',
    'rollcall.help.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'rollcall.status.description': 'API-Verbindung, Cache und verbleibendes API-Kontingent prüfen',
    'rollcall.status.options.public.description':
      'Antwort im Kanal für alle posten (Standard: nur du siehst sie)',
    'rollcall-admin.description': 'Diesen Server mit seinem Community-Server verbinden (Server-Admins)',
    'rollcall-admin.setup.description':
      'Diesen Server per API-Token des Community-Servers verbinden, oder die Verbindung ansehen und ändern',
    'rollcall-admin.settings.description':
      'Einstellungen dieses Servers anzeigen oder ändern (ohne Option: anzeigen)',
    'rollcall-admin.settings.options.visibility.description':
      'Ob Antworten standardmäßig privat sind oder für alle gepostet werden',
    'rollcall-admin.settings.options.visibility.choices.private.name': 'privat',
    'rollcall-admin.settings.options.visibility.choices.public.name': 'öffentlich',
    'rollcall-admin.settings.options.access-roles.description':
      'Community-Rollen (Namen oder IDs, kommagetrennt), deren Inhaber Rollcall nutzen dürfen; none: alle',
    'rollcall-admin.settings.options.limits.description':
      'Die API-Limits des Community-Tarifs, z. B. 100/month,30/1m; default: die des Bots',
    'rollcall-admin.settings.options.discord-roles.description':
      'Rollen dieses Servers (per Name, kommagetrennt), deren Inhaber Rollcall nutzen dürfen; none',
    'rollcall-admin.settings.options.show.description':
      'True zeigt die Einstellungen als Text, statt das Formular zu öffnen',
    'rollcall-admin.labels.description':
      'Die Zahlencodes dieser Community benennen (Protokolltypen, LOA-Status…); ohne Option: anzeigen',
    'rollcall-admin.labels.options.table.description': 'Welche Codes',
    'rollcall-admin.labels.options.table.choices.logTypes.name': 'Protokolltyp',
    'rollcall-admin.labels.options.table.choices.loaStatus.name': 'LOA-Status',
    'rollcall-admin.labels.options.table.choices.loaStartType.name': 'LOA-Beginntyp',
    'rollcall-admin.labels.options.table.choices.auditTypes.name': 'Audit-Typ',
    'rollcall-admin.labels.options.table.choices.banAppeal.name': 'Bann-Einspruch',
    'rollcall-admin.labels.options.code.description': 'Die Codenummer, z. B. 3',
    'rollcall-admin.labels.options.label.description':
      'Wie die Community ihn nennt (1 bis 40 Zeichen, reiner Text)',
    'rollcall-admin.labels.options.clear.description':
      'Die Bezeichnung des Codes entfernen (ohne Code: alle der Tabelle)',
    'rollcall-admin.unlink.description': 'API-Token und Einstellungen dieses Servers löschen',
    'rollcall-admin.reports.description':
      'Berichtseinstellungen anzeigen oder ändern: Zeitzone, Wochenbeginn, Quoten, Digest',
    'rollcall-admin.reports.options.time-zone.description':
      'Die Zeitzone der Community, ein IANA-Name wie Europe/London',
    'rollcall-admin.reports.options.week-start.description': 'Der erste Tag der Woche',
    'rollcall-admin.reports.options.week-start.choices.monday.name': 'Montag',
    'rollcall-admin.reports.options.week-start.choices.tuesday.name': 'Dienstag',
    'rollcall-admin.reports.options.week-start.choices.wednesday.name': 'Mittwoch',
    'rollcall-admin.reports.options.week-start.choices.thursday.name': 'Donnerstag',
    'rollcall-admin.reports.options.week-start.choices.friday.name': 'Freitag',
    'rollcall-admin.reports.options.week-start.choices.saturday.name': 'Samstag',
    'rollcall-admin.reports.options.week-start.choices.sunday.name': 'Sonntag',
    'rollcall-admin.reports.options.quota-role.description':
      'Eine Community-Rolle (Name oder ID), deren Inhaber eine Quote haben',
    'rollcall-admin.reports.options.quota-hours.description':
      'Dienststunden, die die Rolle je Berichtszeitraum schuldet (0 entfernt die Quote)',
    'rollcall-admin.reports.options.digest.description':
      'Berichte nach Zeitplan in einem Kanal posten (aus beendet es)',
    'rollcall-admin.reports.options.digest.choices.daily.name': 'täglich',
    'rollcall-admin.reports.options.digest.choices.weekly.name': 'wöchentlich',
    'rollcall-admin.reports.options.digest.choices.off.name': 'aus',
    'rollcall-admin.reports.options.digest-channel.description': 'Der Kanal, in dem der Digest gepostet wird',
    'rollcall-admin.reports.options.digest-hour.description':
      'Die Stunde (0-23, Berichtszeitzone des Servers), zu der der Digest gepostet wird',
    'rollcall-admin.reports.options.digest-day.description':
      'Der Tag, an dem ein wöchentlicher Digest gepostet wird',
    'rollcall-admin.reports.options.digest-day.choices.monday.name': 'Montag',
    'rollcall-admin.reports.options.digest-day.choices.tuesday.name': 'Dienstag',
    'rollcall-admin.reports.options.digest-day.choices.wednesday.name': 'Mittwoch',
    'rollcall-admin.reports.options.digest-day.choices.thursday.name': 'Donnerstag',
    'rollcall-admin.reports.options.digest-day.choices.friday.name': 'Freitag',
    'rollcall-admin.reports.options.digest-day.choices.saturday.name': 'Samstag',
    'rollcall-admin.reports.options.digest-day.choices.sunday.name': 'Sonntag',
    'rollcall-admin.reports.options.digest-reports.description':
      'Welche Berichte der Digest enthält (Standard: alle drei)',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota,leave.name':
      'Summen, Quote, Abwesenheit',
    'rollcall-admin.reports.options.digest-reports.choices.totals.name': 'Summen',
    'rollcall-admin.reports.options.digest-reports.choices.quota.name': 'Quote',
    'rollcall-admin.reports.options.digest-reports.choices.leave.name': 'Abwesenheit',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota.name': 'Summen, Quote',
    'rollcall-admin.reports.options.digest-reports.choices.totals,leave.name': 'Summen, Abwesenheit',
    'rollcall-admin.reports.options.digest-reports.choices.quota,leave.name': 'Quote, Abwesenheit',
    'rollcall-admin.reports.options.language.description':
      'Die Sprache, in der Digests gepostet werden (Standard des Servers: seine eigene Sprache)',
    'rollcall-admin.reports.options.language.choices.server.name': 'Standard des Servers',
    'rollcall-admin.reports.options.language.choices.en.name': 'English',
    'rollcall-admin.reports.options.language.choices.de.name': 'Deutsch',
    'rollcall-admin.reports.options.language.choices.es-ES.name': 'Español',
    'rollcall-admin.reports.options.language.choices.fr.name': 'Français',
    'rollcall-admin.reports.options.language.choices.pt-BR.name': 'Português (Brasil)',
    'rollcall-admin.reports.options.reminder-channel.description':
      'Hier am Tag vor dem Ende einer Abwesenheit erinnern',
    'rollcall-admin.reports.options.reminder-pings.description':
      'Ob die Erinnerung das genannte Mitglied anpingt (Standard: nein)',
    'rollcall-admin.reports.options.show.description':
      'True zeigt die Einstellungen als Text, statt das Formular zu öffnen',
    'rollcall-admin.reports.options.reminders-off.description':
      'True schaltet die Abwesenheits-Erinnerungen aus',
    'rollcall-admin.reports.options.review-after-hours.description':
      'Stunden, die eine ausstehende LOA warten darf, bevor sie markiert wird (0: nie)',
    'rollcall-admin.reports.options.charts.description':
      'Ob Berichtsantworten und Digests Diagramme zeigen (Standard: an)',
  },
  sections: {
    common,
    page,
    paging,
    sentences: { inputSentences, accessSentences, linkSentences, settingsSentences, reportSentences },
    export: csvExport,
    loa,
    shift,
    member,
    role,
    records,
    log,
    auditLog,
    application,
    joinRequest,
    player,
    people,
    labels,
    reports,
    digest,
    help,
    status,
    access,
    admin,
    reminders,
    charts,
  },
} satisfies Catalogue;
