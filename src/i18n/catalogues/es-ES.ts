/** Spanish (Spain; Latin America reads it too): the commands' texts keyed by their place in the command JSON, the words by section and key (as src/i18n/en.ts). */
import type { Catalogue } from '../catalogue.js';
import type { Area, Section } from '../en.js';
import type { Formats } from '../formats.js';
import { channelMention, dateTime, fromNow, typed, userMention } from '../markup.js';

const common = (f: Formats): Section<'common'> => ({
  yes: 'Sí',
  no: 'No',
  never: 'nunca',
  underAMinute: 'menos de un minuto',
  minutes: (n) => `${f.count(n)} min`,
  hours: (n) => `${f.count(n)} h`,
  days: (n) => `${f.count(n)} d`,
});

const page = (f: Formats): Section<'page'> => ({
  pageOf: (page, pages) => `Página ${f.count(page)} de ${f.count(pages)}`,
  shownOf: (shown, total, command) =>
    `${f.count(shown)} de ${f.count(total)} mostrados · todos con ${command}`,
  incomplete: 'aún no se leyeron todas las páginas: los totales pueden ser bajos',
  shiftsLeftOut: (n) =>
    `${f.count(n)} ${f.plural(n, { one: 'turno sin contar', other: 'turnos sin contar' })} (sin inicio o fin válido)`,
  spentUntil: (utc) => `la cuota mensual de API de este servidor está agotada hasta el ${utc} UTC`,
  savingFor: (age) => `ahorrando la cuota mensual de API de este servidor: datos nuevos en ${age}`,
  apiUnavailable: 'API no disponible: datos guardados del',
  dataAsOf: 'Datos del',
  savedAsOf: 'Datos guardados del',
  savedAgedAsOf: (age) => `Datos guardados (de hace ${age}) del`,
});

const paging = (f: Formats): Section<'paging'> => ({
  refresh: '🔄 Actualizar',
  exportCsv: '📄 Exportar CSV',
  backToList: '↩ Volver a la lista',
  open: 'Abrir…',
  goToPage: 'Ir a la página',
  pageNumber: 'Número de página',
  pageRangeHint: (last) => `1 a ${f.count(last)}`,
});

const inputSentences = (f: Formats): Area<'inputSentences'> => ({
  notFound: 'No se encontró nada con ese id en este servidor de la comunidad.',
  memberNotFound: 'Ese usuario de Discord no es miembro del servidor de la comunidad.',
  memberIdNotFound: 'No se encontró ningún miembro con ese id en este servidor de la comunidad.',
  loaNotFound: 'No se encontró ninguna LOA con ese id en este servidor de la comunidad.',
  logNotFound: 'No se encontró ningún registro de moderación con ese id en este servidor de la comunidad.',
  shiftNotFound: 'No se encontró ningún turno con ese id en este servidor de la comunidad.',
  roleNotFound: 'No se encontró ningún rol con ese id o nombre en este servidor de la comunidad.',
  applicationNotFound:
    'No se encontró ninguna solicitud con ese id o título en este servidor de la comunidad.',
  joinRequestNotFound:
    'No se encontró ninguna solicitud de ingreso de ese usuario en este servidor de la comunidad.',
  nameMatchesSeveral: (name, _plural, candidates, more) =>
    `${typed(name)} es el nombre de ${f.count(candidates.length + more)} elementos: ${candidates.join(', ')}${more > 0 ? ` y ${f.count(more)} más` : ''}. Elige uno de la lista o indica su id.`,
  cannotOpen:
    'Ese elemento no se puede abrir: la API del servidor de la comunidad le dio un id que Rollcall no puede pedir. Sigue apareciendo en la lista.',
  auditEntryMoved:
    'Esa entrada del registro de auditoría ya no está en la página donde aparecía; ejecuta /audit-log list de nuevo.',
  userOrId: (idName) => `Indica un usuario de Discord o un id (${idName}): uno de los dos, no ambos.`,
  giveId: (what) => `Indica el id (${what}).`,
  badId: (what, max) =>
    `Ese no es un id válido (${what}): usa hasta ${f.count(max)} letras, dígitos, guiones o guiones bajos.`,
  idName: 'id',
  loaIdName: 'id de la ausencia (LOA)',
  memberIdName: 'id de miembro',
  shiftIdName: 'id del turno',
  logIdName: 'id del registro',
  userIdName: 'id de usuario',
  roleIdName: 'id del rol',
  applicationIdName: 'id de la solicitud',
  rolesName: 'roles',
  applicationFormsName: 'formularios de solicitud',
  recordsName: 'registros',
  giveUsername: 'Indica el nombre de juego.',
  badUsername: (max) =>
    `Ese no es un nombre de jugador válido: usa hasta ${f.count(max)} caracteres visibles.`,
  notYours:
    'Estos controles pertenecen al moderador que ejecutó el comando; ejecútalo tú para pasar las páginas.',
  expired: 'Estos controles han caducado; ejecuta el comando de nuevo.',
  oldVersion: 'Estos controles son de una versión anterior de Rollcall; ejecuta el comando de nuevo.',
  unknownCommand:
    'Esta versión de Rollcall no conoce ese comando; puede que haya que volver a registrar los comandos.',
  cannotPostIn: (channelId, missing) =>
    `Rollcall no puede publicar en <#${channelId}> (falta: ${f.list(missing)}); dale ${missing.length === 1 ? 'ese permiso' : 'esos permisos'} allí o elige otro canal. No se ha guardado nada.`,
  chartCannotPost: (channelId, missing) =>
    `Rollcall no puede publicar el gráfico del resumen en <#${channelId}> (falta: ${f.list(missing)}); dale ${missing.length === 1 ? 'ese permiso' : 'esos permisos'} allí, elige otro canal o desactiva los gráficos. No se ha guardado nada.`,
  formNotThisServer: 'Ese canal no es de este servidor; elige uno de los suyos. No se ha guardado nada.',
  formForged:
    'El formulario envió un valor que no ofrece; ábrelo de nuevo y elige de él. No se ha guardado nada.',
  notAChoice: (option, choices) =>
    `Ese valor no es una de las opciones de \`${option}\`; elige una de ${choices.map((c) => `\`${c}\``).join(', ')}. No se hizo nada.`,
  optionOutOfRange: (option, min, max, whole) =>
    `\`${option}\` admite un ${whole ? 'número entero' : 'número'} de ${f.count(min)} a ${f.count(max)}. No se hizo nada.`,
  badOptionValue: (option) => `Ese no es un valor que admita \`${option}\`. No se hizo nada.`,
  pageRange: (last) =>
    last === 1
      ? 'Esta lista solo tiene la página 1.'
      : `Indica un número de página del 1 al ${f.count(last)}.`,
  badSince:
    'Ese since no es válido: indica una fecha (2026-11-01, UTC) o un periodo hasta ahora (12h, 7d, 30d, 4w).',
  badReport: 'Ese enlace de informe ya no es válido; ejecuta el comando de nuevo.',
  badWave: 'La oleada es un número entero de 0 a 100000.',
  noPlayerLogs: 'No hay registros de ese jugador.',
  playerLogsNotSent: (total) =>
    `La API del servidor de la comunidad cuenta ${f.count(total)} ${f.plural(total, { one: 'registro', other: 'registros' })} de ese jugador, pero no envió ninguno; inténtalo de nuevo en un momento.`,
  noPlayerNames: 'Ese mensaje no nombra a ningún jugador; usa Escribir un nombre… o /log user.',
  reportRoleUnknown: 'Ningún rol de la comunidad tiene ese nombre o ID; /role list los muestra.',
  badDays: 'El número de días es un número entero de 1 a 365.',
});

const accessSentences = (f: Formats): Area<'accessSentences'> => ({
  badRequest:
    'La API del servidor de la comunidad rechazó la petición por no ser válida; revisa el id o nombre que diste.',
  unauthorized:
    'La API del servidor de la comunidad rechazó el token de Rollcall (no válido o caducado). Pide a un administrador del servidor que actualice API_TOKEN.',
  forbidden:
    'El token de API de Rollcall no tiene permiso para esto. Pide a un administrador del servidor que dé ese permiso al dueño del token.',
  rateLimited: (seconds) =>
    `La API del servidor de la comunidad está ocupada con las peticiones de Rollcall; inténtalo de nuevo en ${f.count(seconds)} s.`,
  unavailable:
    'La API del servidor de la comunidad no responde ahora mismo; inténtalo de nuevo en un minuto.',
  allowanceMark: (used, points, resetAtSeconds) =>
    used >= points
      ? `Rollcall ha gastado las ${f.count(points)} peticiones a la API de este mes de este servidor de la comunidad; muestra datos guardados hasta que la cuota se renueve ${dateTime(resetAtSeconds)}.`
      : `Rollcall ha gastado ${f.count(used)} de las ${f.count(points)} peticiones a la API de este mes de este servidor de la comunidad; se muestran datos guardados más a menudo hasta que la cuota se renueve ${dateTime(resetAtSeconds)}.`,
  allowanceSpent: (resetAtSeconds) =>
    `La cuota mensual de API de este servidor de la comunidad está agotada y Rollcall no tiene una copia guardada de esto; podrá leer datos nuevos ${dateTime(resetAtSeconds)} (${fromNow(resetAtSeconds)}).`,
  reportPaced: (nextAtSeconds) =>
    `Rollcall aún no ha leído los datos de esta comunidad para los informes: para que la cuota mensual de API dure todo el mes los lee página a página, y puede empezar ${fromNow(nextAtSeconds)}.`,
  malformed:
    'La API del servidor de la comunidad envió una respuesta que Rollcall no pudo leer; inténtalo de nuevo en un minuto.',
  tooLarge:
    'La API del servidor de la comunidad envió una respuesta demasiado grande para Rollcall; un administrador del servidor puede subir API_MAX_RESPONSE_BYTES.',
  internal: 'Algo falló por parte de Rollcall; se ha registrado. Inténtalo de nuevo.',
  dmOnly: 'Rollcall solo funciona dentro del Discord del servidor de la comunidad, no en mensajes directos.',
  wrongGuild: 'Rollcall no está configurado en este servidor.',
  storeUnavailable:
    'Rollcall no puede acceder a su base de datos ahora mismo; inténtalo de nuevo en un minuto.',
  notLinked:
    'Rollcall aún no está vinculado a ninguna comunidad en este servidor; un administrador (Gestionar servidor) debe ejecutar /rollcall-admin setup.',
  tokenRejected:
    'El token de API de este servidor fue rechazado; un administrador debe ejecutar /rollcall-admin setup.',
  tokenHeld: (nextAtSeconds) =>
    `La API del servidor de la comunidad acaba de rechazar el token de API de este servidor; Rollcall lo volverá a intentar por sí mismo ${fromNow(nextAtSeconds)}. Un admin solo tiene que ejecutar /rollcall-admin setup si sigue rechazado entonces.`,
  tokenUnreadable:
    'El token de API guardado de este servidor no se puede leer; un administrador debe ejecutar /rollcall-admin setup de nuevo.',
  accessNoDiscordRole:
    'Rollcall es para quienes tienen ciertos roles de Discord en este servidor, y no tienes ninguno: un administrador del servidor puede darte uno.',
  accessNoLinkedRole: (roles) =>
    `Rollcall es para quienes tienen ${roles.length === 1 ? 'el rol' : 'los roles'} de la comunidad ${roles.join(', ')}, y no tienes ninguno de los roles de Discord vinculados: si tienes uno en el servidor de la comunidad, pide a sus administradores que te den aquí el rol de Discord vinculado.`,
  accessNotMember:
    'Rollcall no ha encontrado ningún miembro de la comunidad vinculado a tu cuenta de Discord: vincula tu cuenta de Discord a tu ficha de miembro en el servidor de la comunidad y vuelve a intentarlo.',
  accessNoRole:
    'Tu ficha de miembro en el servidor de la comunidad no tiene ninguno de los roles de acceso de Rollcall: pide uno a un administrador del servidor de la comunidad y vuelve a intentarlo.',
  accessHeld: (untilSeconds) =>
    `Se te ha rechazado varias veces seguidas, así que Rollcall volverá a comprobarte ${fromNow(untilSeconds)}; si mientras tanto te han dado un rol de acceso, contará entonces.`,
  accessMisconfigured: (setting, value, discordId, discordSetting) =>
    discordId
      ? `El ajuste de acceso ${setting} de Rollcall contiene ${typed(value, 100)}, que no es un rol de la comunidad: parece un ID de rol de Discord, y los roles de Discord van en ${discordSetting}. Un administrador del servidor debe corregir el ajuste; hasta entonces no se deja entrar a nadie.`
      : `El ajuste de acceso ${setting} de Rollcall contiene ${typed(value, 100)}, el nombre de un rol: espera IDs de roles de la comunidad (/rollcall status muestra el correcto). Un administrador del servidor debe corregir el ajuste; hasta entonces no se deja entrar a nadie.`,
  accessFirstChecksSpent: (resetAtSeconds, discordSetting) =>
    `Rollcall no puede comprobarte antes del ${dateTime(resetAtSeconds)}: se han agotado las comprobaciones de este mes de personas a las que aún no ha dejado entrar (a quien dejó entrar este mes se le sigue comprobando). Para comprobaciones gratuitas, un administrador del servidor puede vincular el rol de acceso a un rol de Discord en el servidor de la comunidad, o elegir roles de Discord con ${discordSetting}.`,
  accessNotSpender: (discordSetting) =>
    `Rollcall solo gasta una comprobación en quien tiene un rol de Discord que el servidor de la comunidad vincula a uno de sus roles; tú no tienes ninguno, y aún no te ha dejado entrar. Un administrador del servidor de la comunidad puede vincular sus roles a roles de Discord de este servidor (entonces se comprueba a quienes los tengan), o un administrador del servidor puede elegir roles de Discord con ${discordSetting}.`,
  accessNoLinks: (discordSetting) =>
    `Rollcall solo gasta una comprobación en quien tiene un rol de Discord que el servidor de la comunidad vincula a uno de sus roles, y esta comunidad no vincula ninguno de sus roles a un rol de Discord de este servidor, así que Rollcall no comprueba a nadie a quien no haya dejado entrar antes. Un administrador del servidor de la comunidad puede vincular sus roles a roles de Discord de este servidor, o un administrador del servidor puede elegir roles de Discord con ${discordSetting}.`,
  accessRolesUnread: (retryAtSeconds) =>
    `Rollcall no puede leer ahora los roles del servidor de la comunidad, así que no sabe si tienes un rol de Discord vinculado a uno de ellos, y hasta entonces no comprueba a nadie a quien no haya dejado entrar antes; vuelve a intentarlo ${fromNow(retryAtSeconds)}.`,
  meNotMember:
    'Ningún miembro de la comunidad de este servidor está vinculado a tu cuenta de Discord, así que Rollcall no tiene aquí ningún registro tuyo (si eres del equipo de esta comunidad, vincula tu cuenta de Discord a tu registro de miembro en su servidor de la comunidad; Rollcall vuelve a mirar el mes que viene).',
  meNotSpender:
    'Rollcall busca el registro de quien tiene un rol de Discord que el servidor de la comunidad vincula a uno de sus roles, y tú no tienes ninguno: un administrador del servidor de la comunidad puede vincular sus roles a roles de Discord de este servidor.',
  meNoLinks:
    'Rollcall busca el registro de quien tiene un rol de Discord que el servidor de la comunidad vincula a uno de sus roles, y esta comunidad no vincula ninguno de sus roles a un rol de Discord de este servidor, así que no busca a nadie: un administrador del servidor de la comunidad puede vincular sus roles a roles de Discord de aquí.',
  meRolesUnread: (retryAtSeconds) =>
    `Rollcall no puede leer ahora los roles del servidor de la comunidad, así que no sabe si puede buscar tu registro; vuelve a intentarlo ${fromNow(retryAtSeconds)}.`,
  meSpent: (resetAtSeconds) =>
    `Rollcall no puede buscar tu registro antes del ${dateTime(resetAtSeconds)}: la parte de la cuota mensual de la API de este servidor de la comunidad reservada para buscar personas está agotada.`,
  accessUnchecked: (reason) =>
    `Rollcall no puede comprobar tu acceso de equipo ahora mismo, así que se niega por seguridad. ${reason}`,
  accessChecksSpent: (resetAtSeconds) =>
    `Rollcall no puede comprobar tu acceso de equipo hasta ${dateTime(resetAtSeconds)}: la parte de la cuota mensual de API de este servidor de la comunidad reservada a comprobar accesos está agotada.`,
  accessRolesTip:
    'Un rol de acceso vinculado a un rol de Discord de este servidor (el servidor de la comunidad mantiene ambos a la par) se comprueba gratis con los roles que trae cada interacción, y un rol retirado cuenta al instante. Cada uno de los demás cuesta una petición a la API por comprobación, de una décima parte de la cuota mensual: vincúlalo a un rol de Discord en el servidor de la comunidad, o elige con discord-roles (los roles de este servidor).',
  accessRolesChecked: (free, lookups) =>
    [
      ...(free.length > 0 ? [`Se comprueban gratis (rol de Discord vinculado): ${free.join(', ')}.`] : []),
      ...(lookups.length > 0 ? [`Cuestan una consulta de miembro: ${lookups.join(', ')}.`] : []),
    ].join('\n'),
  restarting: 'Rollcall se está reiniciando; ejecuta el comando de nuevo en un minuto.',
  settingsUnreadable:
    'La configuración de Rollcall de este servidor no se puede leer, así que Rollcall se niega por seguridad; un administrador debe guardarla de nuevo con /rollcall-admin settings.',
  serverInstallOnly:
    'Rollcall solo responde a través de la aplicación que añadió este servidor, no de una aplicación añadida a tu propia cuenta.',
  searchNeeds: (possibleAtSeconds) =>
    `Buscar en los registros de este jugador necesita al menos 1 petición a la API del servidor de la comunidad (ninguna de sus páginas de registros está guardada), pero no se puede gastar ninguna de la cuota de este mes; será posible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  searchPartial: (searched, pages, needed, possibleAtSeconds) =>
    `Se ${f.plural(searched, { one: 'buscó en', other: 'buscó en las' })} ${f.count(searched)} ${f.plural(searched, { one: 'página guardada', other: 'páginas guardadas' })} de ${f.count(pages)}; una búsqueda completa necesita ${f.count(needed)} ${f.plural(needed, { one: 'petición más', other: 'peticiones más' })} a la API del servidor de la comunidad, posible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  reportsUnavailable: 'Los informes no están disponibles en este servidor.',
  queued: (position, etaSeconds) =>
    `Esperando la cuota de API: eres el ${f.ordinal(position)} en la cola, unos ${
      etaSeconds < 57.5
        ? `${f.count(Math.max(5, Math.ceil(etaSeconds / 5) * 5))} s`
        : `${f.count(Math.max(1, Math.round(etaSeconds / 60)))} min`
    }.`,
  inactiveExportReading: (read, total, roles) =>
    `Todavía no hay nada que exportar: saber quién ha dejado de estar activo requiere todas las páginas de turnos, ausencias${roles ? ', miembros y roles' : ' y miembros'}, y Rollcall ha leído ${total === undefined ? f.count(read) : `${f.count(read)} de ${f.count(total)}`} hasta ahora; vuelve a exportar cuando se hayan leído todas.`,
});

const linkSentences = (f: Formats): Area<'linkSentences'> => ({
  adminOnly:
    'Solo los miembros con el permiso Gestionar servidor pueden configurar Rollcall en este servidor.',
  setupLinked: (communityId, roleCount) =>
    `Vinculado: este servidor lee ahora el servidor de la comunidad ${communityId ?? (roleCount === 0 ? '(desconocido: no tiene roles)' : '(desconocido)')} (${f.count(roleCount)} ${f.plural(roleCount, { one: 'rol', other: 'roles' })}).`,
  setupRejected:
    'La API del servidor de la comunidad rechazó ese token (401): comprueba que se copió entero y que sigue siendo válido. No se guardó nada.',
  setupForbidden:
    'Ese token no tiene permiso para leer los datos del servidor de la comunidad (403). No se guardó nada.',
  setupUnavailable:
    'La API del servidor de la comunidad no responde, así que no se pudo comprobar el token. No se guardó nada; inténtalo de nuevo en un minuto.',
  setupEmpty: 'Pega el token de API en el campo. No se guardó nada.',
  unlinked: 'Desvinculado: el token de API y la configuración de este servidor se han borrado.',
  linkState: (link) =>
    [
      `Vinculado al servidor de la comunidad ${link.communityId ?? '(desconocido)'} desde ${dateTime(link.linkedAt)}, por ${userMention(link.linkedBy)}.`,
      `Huella del token: ${link.fingerprint}`,
      link.invalidAt
        ? `La API rechazó este token ${fromNow(link.invalidAt)}; se rechaza a los moderadores hasta que se sustituya.`
        : 'Estado: en uso.',
    ].join('\n'),
  nothingToUnlink:
    'No hay ningún token de API vinculado en este servidor; la configuración guardada aquí se ha borrado.',
  setupMalformed:
    'Eso no es un token de API: un token solo tiene letras, dígitos y símbolos, sin espacios ni saltos de línea. No se guardó nada.',
  setupSaving: (left, points, nextAtSeconds) =>
    left <= 0
      ? `A ese token no le quedan peticiones de API este mes (su cuota mensual de ${f.count(points)} está agotada), así que no se pudo comprobar con una petición. No se guardó nada; inténtalo de nuevo ${fromNow(nextAtSeconds)}.`
      : `A ese token le quedan ${f.count(left)} de sus ${f.count(points)} peticiones de API este mes, todas reservadas para lo que los moderadores aún no han leído, así que no se pudo comprobar con una petición. No se guardó nada; inténtalo de nuevo ${fromNow(nextAtSeconds)}.`,
  setupTooOften: (checks, minutes) =>
    `Este servidor ha comprobado ${f.count(checks)} tokens en los últimos minutos; inténtalo de nuevo en ${f.count(minutes)} min. No se guardó nada.`,
});

const settingsSentences = (f: Formats): Area<'settingsSentences'> => ({
  settingsState: (s) =>
    [
      `Respuestas: ${s.visibility === 'public' ? 'públicas' : 'privadas'} por defecto (los moderadores aún pueden elegir con la opción public).`,
      `Acceso: ${
        s.accessRoles.length > 0
          ? `quienes tengan el rol o los roles de la comunidad ${s.accessRoles.join(', ')}${s.requireMember ? ', que son miembros del servidor de la comunidad, como este bot exige en todos los servidores (ACCESS_REQUIRE_MEMBER)' : ''}`
          : s.requireMember
            ? 'solo los miembros del servidor de la comunidad, como este bot exige en todos los servidores (ACCESS_REQUIRE_MEMBER); los permisos de los comandos siguen aplicándose'
            : 'todos los que permitan los permisos de los comandos'
      }.`,
      `Roles de Discord: ${(s.discordRoles ?? []).length > 0 ? `solo quienes tengan ${(s.discordRoles ?? []).join(', ')} en este servidor` : 'no hace falta ningún rol de Discord'}.`,
      `Límites de API: ${s.limits ?? 'los predeterminados del bot'}.`,
    ].join('\n'),
  settingsSaved: 'Configuración guardada.',
  badLimits: (problem) => {
    const detail = () => {
      if (problem.kind === 'none') return 'no se indica ningún límite';
      const which = problem.of === 1 ? 'el límite' : `el ${f.ordinal(problem.place)} límite`;
      const limit = problem.quote === undefined ? which : `${which} («${typed(problem.quote, 40)}»)`;
      return {
        shape: `${limit} no es un número de peticiones, una barra y un periodo`,
        unit: `${limit} tiene una unidad de tiempo distinta de \`s\`, \`m\`, \`h\`, \`d\` o \`month\``,
        zero: `${limit} no permite ninguna petición, y un límite debe permitir al menos 1`,
        window: `${limit} tiene un periodo fuera del intervalo de 1 segundo a 24 días (para la cuota mensual, escribe \`month\`)`,
        twoMonths: `${limit} es un segundo límite mensual, y solo se admite uno`,
      }[problem.kind];
    };
    return `Esos límites de API no son válidos: ${detail()} (por ejemplo 100/month,30/1m, o default). No se guardó nada.`;
  },
  accessRoleIsDiscord: (names, discordSetting) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'es un rol' : 'son roles'} de Discord de este servidor (o un ID de rol de Discord), no de la comunidad: los roles de la comunidad se nombran como los nombra el servidor de la comunidad, y los roles de Discord van en ${discordSetting}. No se ha guardado nada.`,
  unknownRoles: (names) =>
    `Ningún rol de la comunidad se llama ${names.map((n) => typed(n)).join(', ')}; indica nombres o ids de roles del servidor de la comunidad, o none. No se guardó nada.`,
  labelsState: (tables) =>
    tables.some((t) => t.labels.length > 0)
      ? tables
          .filter((t) => t.labels.length > 0)
          .map((t) => `${t.name}: ${t.labels.map(([code, label]) => `${code} = ${label}`).join(', ')}`)
          .join('\n')
      : 'Ningún código tiene etiqueta en este servidor: los códigos se muestran como números. Nombra uno con /rollcall-admin labels table code label.',
  labelSaved: (code, shown) => `Guardado: el código ${code} se muestra ahora como ${shown}.`,
  labelCleared: (code) => `Quitado: el código ${code} vuelve a mostrarse como su número.`,
  labelsTableCleared: (table) =>
    `Quitadas todas las etiquetas de ${table}: esos códigos vuelven a mostrarse como números.`,
  labelNeedsTable: 'Elige para qué códigos es la etiqueta (la opción table). No se guardó nada.',
  labelNeedsCode:
    'Indica el código que quieres nombrar (la opción code), o usa clear sin código para vaciar toda la tabla. No se guardó nada.',
  labelBadCode: 'El código debe ser un número entero, como 3 o -1 (hasta diez dígitos). No se guardó nada.',
  labelNeedsText: 'Indica la etiqueta (la opción label), o activa clear para quitar una. No se guardó nada.',
  labelBoth: 'Indica una etiqueta o clear, no las dos cosas. No se guardó nada.',
  labelBadLength: (max) =>
    `Una etiqueta tiene de 1 a ${f.count(max)} caracteres visibles. No se guardó nada.`,
  labelBadText:
    'Una etiqueta es texto simple: sin caracteres markdown (` * _ ~ | \\ [ ]), menciones (< > @), enlaces ni caracteres invisibles. No se guardó nada.',
  unknownDiscordRoles: (names) =>
    `Este servidor no tiene ningún rol llamado ${names.map((n) => typed(n)).join(', ')}; elige roles de la lista mientras escribes, o none. No se guardó nada.`,
  botDiscordRoles: (names) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'es el rol de un bot, que solo tiene ese bot y que no se puede dar' : 'son roles de bots, que solo tienen esos bots y que no se pueden dar'} a ningún miembro; elige otro rol, o none. No se guardó nada.`,
  everyoneDiscordRole: (name) =>
    `${typed(name)} representa a todos en este servidor, así que el acceso no se puede limitar a él; elige otro rol, o none. No se guardó nada.`,
  tooManyRoles: (max) => `Indica como mucho ${f.count(max)} roles de cada tipo. No se guardó nada.`,
  labelTooMany: (max) =>
    `Una tabla tiene como mucho ${f.count(max)} etiquetas; quita alguna primero. No se guardó nada.`,
  accessNobodyPasses:
    'Nadie a quien Rollcall no haya dejado entrar antes pasará la comprobación de acceso hasta que se vincule un rol: solo se gasta una comprobación en quien tiene un rol de Discord que el servidor de la comunidad vincula a uno de sus roles, y no vincula ninguno (tampoco estos roles de acceso) a un rol de Discord de este servidor; vincula un rol de acceso a un rol de Discord de este servidor en el panel del servidor de la comunidad y luego ejecuta /rollcall-admin settings para que Rollcall vuelva a leer los roles, o elige discord-roles y pon access-roles en none.',
});

const reportSentences = (f: Formats): Area<'reportSentences'> => ({
  badTimeZone: (zone) =>
    `${typed(zone)} no es una zona horaria que Rollcall conozca; usa un nombre IANA como Europe/London, America/New_York o UTC. No se guardó nada.`,
  badQuotaHours:
    'Una cuota es un número de horas mayor que 0 y como mucho 168, con como mucho dos decimales. No se guardó nada.',
  tooManyQuotas: 'Como mucho 25 roles pueden tener cuota; quita uno primero. No se guardó nada.',
  unknownRole: 'Ningún rol de la comunidad tiene ese nombre o id. No se guardó nada.',
  quotaNeedsBoth: 'Indica quota-role y quota-hours (0 horas quita la cuota). No se guardó nada.',
  reportSettingsState: (s) =>
    [
      `Zona horaria: ${s.timeZone}.`,
      `Las semanas empiezan el ${({ monday: 'lunes', tuesday: 'martes', wednesday: 'miércoles', thursday: 'jueves', friday: 'viernes', saturday: 'sábado', sunday: 'domingo' } as Record<string, string>)[s.weekStart] ?? s.weekStart}.`,
      `Cuotas: ${s.quotas.length > 0 ? s.quotas.join(', ') : 'ninguna'}.`,
    ].join('\n'),
  digestNoChannel: (channelId) =>
    `Rollcall no puede publicar el resumen en ${channelMention(channelId)}: el canal ya no existe o no es un canal de texto de este servidor; elige otro.`,
  digestMissing: (channelId, missing) =>
    `Rollcall no puede publicar el resumen en ${channelMention(channelId)}: falta ${f.list(missing)}.`,
  digestFailed:
    'El último resumen no se pudo publicar (Discord o la API no respondieron); se intentará el siguiente.',
  digestNeedsChannel:
    'Un resumen necesita un canal, un horario y una hora (y un día si es semanal). No se guardó nada.',
  digestState: (d) =>
    d === undefined
      ? 'Resumen: ninguno.'
      : `Resumen: ${d.when} en ${channelMention(d.channelId)}: ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
});

const csvExport = (f: Formats): Section<'export'> => ({
  done: (e) =>
    `${f.plural(e.rows, { one: 'Exportada', other: 'Exportadas' })} ${f.count(e.rows)} ${f.plural(e.rows, { one: 'fila', other: 'filas' })} en ${f.count(e.files)} ${f.plural(e.files, { one: 'archivo CSV', other: 'archivos CSV' })}; ${f.plural(e.requests, { one: 'hizo', other: 'hicieron' })} falta ${f.count(e.requests)} ${f.plural(e.requests, { one: 'petición', other: 'peticiones' })} a la API del servidor de la comunidad (datos de ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Solo las primeras ${f.count(e.capped)} de ${f.count(e.total)} filas: una exportación lee como mucho esas.`}`,
  needs: (needed, spare, possibleAtSeconds) =>
    `Exportar toda esta lista necesita ${f.count(needed)} ${f.plural(needed, { one: 'petición más', other: 'peticiones más' })} a la API del servidor de la comunidad (páginas que Rollcall no ha guardado), pero solo se pueden gastar ${f.count(spare)} de la cuota de este mes; será posible ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  tooLarge: (rows) =>
    `Esta lista (${f.count(rows)} filas) es demasiado grande para enviarla como archivos CSV dentro del límite de subida de Discord; acótala primero.`,
  fileName: (base, part, parts) => (parts > 1 ? `${base}-parte${part}de${parts}.csv` : `${base}.csv`),
});

const loa = (f: Formats): Section<'loa'> => ({
  title: 'Ausencias',
  titleOfMember: (memberId) => `Ausencias del miembro ${memberId}`,
  titleFiltered: (filter) => `Ausencias · ${filter}`,
  filters: {
    pending: 'Pendientes de revisión',
    active: 'Activas: de ausencia ahora',
    ended: 'Terminadas',
  },
  count: (n) => `${f.count(n)} LOA`,
  empty: 'No se encontraron ausencias.',
  waiting: (waited) => `esperando ${waited}`,
  waitNotKnown: 'espera desconocida',
  overdue: (hours) => `⏰ más de ${f.count(hours)} h`,
  queueTitle: 'Esperando revisión',
  queueEmpty: 'Nada espera revisión.',
  queueOldest: (who, waited, partial) =>
    `${partial ? 'La más antigua de las leídas' : 'La más antigua'}: ${who}, esperando ${waited}.`,
  queueOverdue: (n, hours, partial) =>
    `⏰ ${f.count(n)}${partial ? ' de las leídas' : ''} esperaron más de ${f.count(hours)} h.`,
  states: {
    cancelled: 'Cancelada',
    denied: 'Denegada',
    ended: 'Terminada',
    expired: 'Caducada',
    active: 'Activa',
    approved: 'Aprobada',
    pendingReview: 'Pendiente de revisión',
  },
  detailTitle: (id, state) => `LOA ${id} · ${state}`,
  member: 'Miembro',
  statusCode: 'Código de estado',
  startType: 'Tipo de inicio',
  requested: 'Solicitada',
  starts: 'Empieza',
  ends: 'Termina',
  started: 'Empezó',
  ended: 'Terminó',
  length: 'Duración',
  reviewed: 'Revisada',
  reviewedBy: 'Revisada por',
  endedBy: 'Terminada por',
  cancelled: 'Cancelada',
  expired: 'Caducada',
  denyReason: 'Motivo de la denegación',
  reasonHistory: 'Historial del motivo',
  extensionRequests: 'Solicitudes de prórroga',
  readsAs: (code, reading) => `${code} (se lee como ${reading})`,
  reviewOutcome: {
    approved: (code) => `${code} (aprobada)`,
    denied: (code) => `${code} (denegada)`,
  },
  readings: {
    approved: 'aprobada',
    denied: 'denegada',
    startingWhenRequested: 'empieza al solicitarla',
    startingLater: 'empieza más tarde',
  },
  entryEnd: (from, to) => `fin ${from} → ${to}`,
  entryAtBy: (what, day, by) => `${what} ${day} por ${by}`,
  entryAt: (what, day) => `${what}: ${day}`,
  entryBy: (what, by) => `${what}: ${by}`,
  entryValue: (what, value) => `${what}: ${value}`,
  dateRange: (from, to) => `${from}–${to}`,
  dateFrom: (day) => `desde el ${day}`,
  dateUntil: (day) => `hasta el ${day}`,
  optionKind: 'LOA',
  optionId: (id) => `id ${id}`,
  memberShortcut: 'Miembro',
  membersLoas: 'LOA del miembro',
});

const shift = (f: Formats): Section<'shift'> => ({
  title: 'Turnos',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'turno', other: 'turnos' })}`,
  empty: 'No se encontraron turnos.',
  states: { active: 'Activo', ended: 'Terminado', unknown: 'Desconocido' },
  detailTitle: (id, state) => `Turno ${id} · ${state}`,
  typeInWave: (type, wave) => `${type} (oleada ${wave})`,
  member: 'Miembro',
  type: 'Tipo',
  wave: 'Oleada',
  autoEnd: 'Fin automático',
  started: 'Empezó',
  ended: 'Terminó',
  stillOnDuty: 'Sigue de servicio',
  endedBy: 'Terminado por',
  length: 'Duración',
  breaks: 'Pausas',
  netTime: 'Tiempo neto de servicio',
  breakEntries: 'Registros de pausas',
  soFar: (length) => `${length} hasta ahora`,
  breakCount: (n) => `${f.count(n)} ${f.plural(n, { one: 'pausa', other: 'pausas' })}`,
  timesUnreadable: (breaks) => `${breaks} (horas ilegibles)`,
  onBreakNow: 'en pausa ahora',
  oneNeverEnded: 'una nunca terminó',
  unreadable: (n) => `${f.count(n)} ${f.plural(n, { one: 'ilegible', other: 'ilegibles' })}`,
  atMost: (length) => `como máximo ${length}`,
  optionKind: 'Turno',
  optionMember: (memberId) => `Miembro ${memberId}`,
  theirShifts: 'Sus turnos en este periodo',
  membersLoas: 'LOA del miembro',
});

const member = (f: Formats): Section<'member'> => ({
  title: 'Miembros',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'miembro', other: 'miembros' })}`,
  empty: 'No se encontraron miembros.',
  joinedOn: (day) => `se unió el ${day}`,
  noRolesInRow: 'sin roles',
  detailTitle: (id) => `Miembro ${id}`,
  id: 'Id',
  joined: 'Se unió',
  discordUser: 'Usuario de Discord',
  roles: 'Roles',
  linkedRoles: 'Roles de Discord vinculados',
  none: 'Ninguno',
  thisWeek: (from, to, timeZone) => `Esta semana (${from} – ${to}, ${timeZone})`,
  timeInShifts: (time, shifts) =>
    `${time} en ${f.count(shifts)} ${f.plural(shifts, { one: 'turno', other: 'turnos' })}`,
  rank: (place, of) => `${f.ordinal(place)} de ${f.count(of)}`,
  noTimeOnDuty: 'sin tiempo de servicio',
  timeInShiftsSoFar: (time, shifts) =>
    `al menos ${time} en ${f.count(shifts)} ${f.plural(shifts, { one: 'turno', other: 'turnos' })} hasta ahora`,
  rankNotKnownYet: 'puesto aún desconocido',
  quotaNotMetSoFar: 'no cumplida hasta ahora',
  notKnownYet: 'aún no se sabe',
  onDutyNow: 'de servicio ahora',
  quota: 'Cuota',
  quotaMet: 'cumplida',
  quotaNotMet: 'no cumplida',
  quotaExempt: 'exento (de ausencia)',
  quotaDone: (done, required) => `${done} de ${required}`,
  onLeave: 'De ausencia',
  nextLeave: 'Próxima ausencia',
  noReturnDate: 'sin fecha de vuelta',
  leaveUntil: (back) => `hasta ${back}`,
  leaveFromBack: (start, back) => `desde ${start} · vuelve ${back}`,
  timeOnDuty: 'Tiempo de servicio',
  standingReportsOff: 'No se muestra: los informes no están disponibles en este servidor.',
  standingNotRead:
    'Aún no se sabe: Rollcall todavía no ha leído los datos de informes de esta comunidad. Se leen cuando se pide un informe (como /shift totals), una página cada vez, al ritmo que permite la cuota mensual de la API.',
  standingPartsNotRead: (readSoFar) =>
    `Aún no se sabe: todavía no se ha leído nada de los turnos, las LOA y los miembros de esta comunidad. ${readSoFar}`,
  standingMemberId: 'No se muestra: el id de este miembro no sirve para buscarlo en los datos de informes.',
  standingFailed:
    'No se pudo calcular: algo falló al leer los datos de informes (queda registrado para el operador). El resto de la ficha es tal como se leyó.',
  reportDataAge: (age) => `datos de informes de hace ${age}`,
  optionMember: (memberId) => `Miembro ${memberId}`,
  noRoles: 'Sin roles',
  loas: 'LOA',
  shiftsThisWeek: 'Turnos de esta semana',
  backToLoa: '↩ Volver a la LOA',
  backToRecord: '↩ Volver a la ficha del staff',
});

const role = (f: Formats): Section<'role'> => ({
  title: 'Roles',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'rol', other: 'roles' })}`,
  empty: 'No se encontraron roles.',
  linkedTo: (role) => `vinculado a ${role}`,
  createdOn: (day) => `creado el ${day}`,
  detailTitle: (name) => `Rol ${name}`,
  id: 'Id',
  colour: 'Color',
  linkedRole: 'Rol de Discord vinculado',
  permissions: 'Permisos',
  extraPermissions: 'Permisos adicionales',
  created: 'Creado',
});

const records = (f: Formats): Section<'records'> => ({
  server: (id) => `Servidor ${id}`,
  yes: 'sí',
  no: 'no',
  none: 'Ninguno',
  noneInValue: 'ninguno',
  entries: (n) => `${f.count(n)} ${f.plural(n, { one: 'entrada', other: 'entradas' })}`,
  items: (n) => `${f.count(n)} ${f.plural(n, { one: 'elemento', other: 'elementos' })}`,
  fields: (n) => `${f.count(n)} ${f.plural(n, { one: 'campo', other: 'campos' })}`,
  andMore: (n) => `… y ${f.count(n)} más`,
  andMoreFields: (n) => `… y ${f.count(n)} ${f.plural(n, { one: 'campo', other: 'campos' })} más`,
  plusMore: (n) => `+${f.count(n)} más`,
  pairsMore: (n) => `(+${f.count(n)} más)`,
  inTotal: (n) => `${f.count(n)} en total`,
});

const log = (f: Formats): Section<'log'> => ({
  title: 'Registros de moderación',
  titleOf: (who) => `Registros de moderación de ${who}`,
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'registro', other: 'registros' })}`,
  empty: 'No se encontraron registros de moderación.',
  noneAmongSearched:
    'Ninguno de los registros buscados coincide. No se buscó en todos los registros y la API no da un orden, así que puede haber una coincidencia entre los demás.',
  typeOf: (type) => `tipo ${type}`,
  detailTitle: (id, type) => `Registro ${id} · tipo ${type}`,
  text: 'Texto',
  description: 'Descripción',
  gameUsername: 'Nombre en el juego',
  gameId: 'Id de juego',
  type: 'Tipo',
  typeId: 'Id del tipo',
  created: 'Creado',
  createdBy: 'Creado por',
  completedBy: 'Completado por',
  hidden: 'Oculto',
  hiddenBy: 'Ocultado por',
  expired: 'Caducado',
  expiredAt: 'Caducó el',
  expiredBy: 'Caducado por',
  temporaryBan: 'Baneo temporal',
  proof: 'Pruebas',
  editedBy: 'Editado por',
  server: (id) => `Servidor ${id}`,
  banStillInEffect: (until) => `Baneo temporal hasta ${until}\nSigue vigente`,
  banTimePassed: (until) => `Baneo temporal hasta ${until}\nLa hora de desbaneo ya pasó`,
  banExpired: (until) =>
    `${until === undefined ? 'Baneo temporal' : `Baneo temporal hasta ${until}`}\nNo está en vigor: la entrada está marcada como expirada`,
  banNoUnbanTime: 'Baneo temporal, sin hora de desbaneo',
  banUnbanTime: (until) => `Baneo temporal, desbaneo ${until}`,
  notBannedUnbanSet: (until) => `No (hora de desbaneo fijada: ${until})`,
  unbanTime: (until) => `Desbaneo ${until}`,
  openKind: 'Registro',
  openType: (type) => `Tipo ${type}`,
  allLogsOfPlayer: 'Todos los registros de este jugador',
  notFound: 'No se encontró ningún registro de moderación con ese id en este servidor de la comunidad.',
  since: (time) => `desde ${time}`,
  savedPagesSearched: (searched, pages) =>
    `buscadas ${f.count(searched)} de ${f.count(pages)} páginas guardadas`,
  firstSearched: (n) => `buscados los primeros ${f.count(n)} registros`,
  savedPagesOnly: 'Solo páginas guardadas',
  searchPartial: (searched, pages, needed, at) =>
    `Se buscó en ${f.count(searched)} ${f.plural(searched, { one: 'página guardada', other: 'páginas guardadas' })} de ${f.count(pages)}; una búsqueda completa necesita ${f.count(needed)} ${f.plural(needed, { one: 'solicitud', other: 'solicitudes' })} más a la API del servidor de la comunidad, posible <t:${at}:f> (<t:${at}:R>).`,
});

const auditLog = (f: Formats): Section<'auditLog'> => ({
  title: 'Registro de auditoría',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'entrada', other: 'entradas' })}`,
  empty: 'No se encontraron entradas del registro de auditoría.',
  typeOf: (type) => `tipo ${type}`,
  by: (user) => `por ${user}`,
  detailTitle: (id, type) => `Entrada del registro de auditoría ${id} · tipo ${type}`,
  description: 'Descripción',
  type: 'Tipo',
  user: 'Usuario',
  application: 'Solicitud',
  time: 'Hora',
  server: (id) => `Servidor ${id}`,
  pageOf: (page) => `Página ${f.count(page)} del registro de auditoría`,
  openKind: 'Entrada de auditoría',
  openType: (type) => `Tipo ${type}`,
});

const application = (f: Formats): Section<'application'> => ({
  title: 'Solicitudes',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'solicitud', other: 'solicitudes' })}`,
  empty: 'No se encontraron solicitudes.',
  open: 'Abierta',
  closed: 'Cerrada',
  untitled: 'Sin título',
  updated: (day) => `actualizada ${day}`,
  detailTitle: (title) => `Solicitud: ${title}`,
  id: 'Id',
  acceptingResponses: 'Acepta respuestas',
  banAppeal: 'Apelación de baneo',
  cooldown: 'Tiempo de espera',
  maxLogs: 'Máx. registros',
  minMembership: 'Antigüedad mín. en Discord',
  resultsChannel: 'Canal de resultados',
  eventsChannel: 'Canal de eventos',
  gameGroup: 'Grupo del juego',
  created: 'Creada',
  lastUpdated: 'Última actualización',
  banner: 'Banner',
  settings: 'Ajustes',
  onApproval: 'Al aprobar',
  onDenial: 'Al rechazar',
  reviewers: 'Revisores',
  applicants: 'Solicitantes',
  mentionedOnSubmit: 'Mencionados al enviar',
  closedMessage: 'Mensaje de cierre',
  submissionMessage: 'Mensaje de envío',
  sections: 'Secciones',
  questions: 'Preguntas',
  presets: 'Plantillas',
  adds: 'Añade',
  removes: 'Quita',
  review: 'Revisan',
  reviewOnly: 'Solo revisan',
  mustHave: 'Deben tener',
  mustNotHave: 'No deben tener',
  setting: {
    requireChatMember: 'Debe estar en el servidor de Discord',
    collectGameAccount: 'Recoge la cuenta del juego',
    stageResponses: 'Respuestas por etapas',
    requireApprovedReason: 'Motivo obligatorio para aprobar',
    requiredDenialReason: 'Motivo obligatorio para rechazar',
    revealReviewer: 'Revela quién revisa',
    resultsMentionUser: 'Los resultados mencionan al solicitante',
    inviteOnApproval: 'Invitación al aprobar',
    banAppealNote: 'Nota de apelación de baneo',
  },
  server: (id) => `Servidor ${id}`,
  notFound: 'No se encontró ninguna solicitud con ese id o título en este servidor de la comunidad.',
});

const joinRequest = (_f: Formats): Section<'joinRequest'> => ({
  title: 'Solicitud de ingreso',
  user: 'Usuario',
  userId: 'Id del usuario',
  joinCode: 'Código de ingreso',
  requested: 'Solicitada',
  server: (id) => `Servidor ${id}`,
  memberRecord: 'Ficha del miembro',
  notFound: 'No se encontró ninguna solicitud de ingreso de ese usuario en este servidor de la comunidad.',
});

const player = (f: Formats): Section<'player'> => ({
  title: (username) => `Jugador ${username}`,
  entries: 'Entradas',
  countsOfRead: (n) => `(recuento de las ${f.count(n)} leídas, orden desconocido)`,
  byType: 'Por tipo',
  temporaryBan: 'Baneo temporal',
  banInEffectUntil: (until) => `Vigente hasta ${until}`,
  noBanInEffect: 'Ninguno vigente',
  banWithoutEnd: (when) => `Un baneo temporal del ${when} no tiene hora de desbaneo: puede seguir vigente`,
  banUndecided: (read, total, at, atMost) =>
    `Se desconoce: ninguno vigente entre las ${f.count(read)} de ${f.count(total)} entradas leídas${at === undefined ? '' : `; ${atMost === undefined ? 'el resto se puede leer' : `las primeras ${f.count(atMost)} se pueden leer`} <t:${at}:f> (<t:${at}:R>)`}`,
  hidden: 'Ocultas',
  expired: 'Caducadas',
  newestShown: (n) => `Se muestran las ${f.count(n)} más recientes`,
  newestOfRead: (n, read) => `Se muestran las ${f.count(n)} más recientes de las ${f.count(read)} leídas`,
  allTheirLogs: 'Todos sus registros',
  checkPlayer: 'Revisar jugador',
  gameUsername: 'Nombre en el juego',
  typeUsername: 'Escribir un nombre…',
  namedTitle: 'Jugadores nombrados en este mensaje',
  usernames: (n) => `${f.count(n)} ${f.plural(n, { one: 'nombre', other: 'nombres' })}`,
  noUsername: 'No se encontró ningún nombre.',
  theirRecord: 'Su historial de moderación',
});

const people = (_f: Formats): Section<'people'> => ({
  member: (id) => `miembro ${id}`,
});

const labels = (_f: Formats): Section<'labels'> => ({
  table: {
    logTypes: 'Tipo de registro',
    loaStatus: 'Estado de LOA',
    loaStartType: 'Tipo de inicio de LOA',
    auditTypes: 'Tipo de auditoría',
    banAppeal: 'Apelación de baneo',
  },
});

const reports = (f: Formats): Section<'reports'> => ({
  period: {
    thisWeek: 'Esta semana',
    lastWeek: 'La semana pasada',
    last7Days: 'Últimos 7 días',
    last30Days: 'Últimos 30 días',
    thisMonth: 'Este mes',
    lastMonth: 'El mes pasado',
  },
  periodSpan: (name, from, to, zone) => `${name} (${from} – ${to}, ${zone})`,
  filterType: (type) => `tipo ${type}`,
  filterWave: (wave) => `oleada ${f.count(wave)}`,
  totalsTitle: (period) => `Tiempo de servicio · ${period}`,
  memberTitle: (memberId, period) => `Miembro ${memberId} · ${period}`,
  members: (n) => `${f.count(n)} ${f.plural(n, { one: 'miembro', other: 'miembros' })}`,
  shifts: (n) => `${f.count(n)} ${f.plural(n, { one: 'turno', other: 'turnos' })}`,
  loas: (n) => `${f.count(n)} ${f.plural(n, { one: 'ausencia', other: 'ausencias' })}`,
  atMost: (time) => `como mucho ${time}`,
  longest: (time) => `el más largo ${time}`,
  onDutyNowCount: (n) => `${f.count(n)} de servicio ahora`,
  noShifts: 'No hay turnos en este periodo.',
  memberTotal: (time, shifts, longest, approximate) =>
    `${approximate ? 'Como mucho ' : ''}${time} de servicio en ${f.count(shifts)} ${f.plural(shifts, { one: 'turno', other: 'turnos' })} (el más largo: ${longest}).`,
  andMore: (n) => `… y ${f.count(n)} más`,
  onLeaveTitle: 'Ausentes ahora',
  leaveStartingTitle: (days) =>
    `Ausencias que empiezan en un plazo de ${f.count(days)} ${f.plural(days, { one: 'día', other: 'días' })}`,
  noReturnDate: 'sin fecha de regreso',
  back: (when) => `vuelve ${when}`,
  fromBack: (start, back) => `desde ${start} · vuelve ${back}`,
  nobodyOnLeave: 'Nadie está ausente ahora.',
  noLeaveStarts: 'No empieza ninguna ausencia en ese plazo.',
  quotaTitle: (period) => `Revisión de cuotas · ${period}`,
  pass: 'cumple',
  fail: 'no cumple',
  onLeave: 'ausente',
  doneOf: (done, required) => `${done} de ${required}`,
  quotaSummary: (pass, fail, leave) =>
    `${f.count(pass)} cumplen · ${f.count(fail)} no cumplen · ${f.count(leave)} ausentes`,
  noQuotaRoles: (where) => `Ningún miembro tiene un rol con cuota (${where}).`,
  quotasSetByAdmins: 'los admins fijan las cuotas con /rollcall-admin reports',
  quotasSetInEnvironment: 'las cuotas se fijan en el entorno de Rollcall (REPORTS_QUOTAS)',
  onDutyTitle: 'De servicio ahora',
  startedAgo: (when) => `empezó ${when}`,
  onDutyFor: (time) => `${time} de servicio`,
  nobodyOnDuty: 'Nadie está de servicio ahora.',
  inactiveTitle: (days) =>
    `Sin turno desde hace más de ${f.count(days)} ${f.plural(days, { one: 'día', other: 'días' })}`,
  leaveLeftOut: 'ausentes omitidos',
  neverOnDuty: 'nunca de servicio',
  lastShift: (when) => `último turno ${when}`,
  onLeaveNoReturn: 'ausente, sin fecha de regreso',
  onLeaveUntil: (when) => `ausente hasta ${when}`,
  everyoneActive: 'Todos los miembros tuvieron un turno en ese plazo.',
  inactiveNeedsEveryPage: (read, total, roles) =>
    `Saber quién ha dejado de estar activo requiere todas las páginas de turnos, ausencias${roles ? ', miembros y roles' : ' y miembros'}, y Rollcall ha leído ${total === undefined ? f.count(read) : `${f.count(read)} de ${f.count(total)}`} hasta ahora (una página cada vez, al ritmo que permite la cuota mensual de la API). Hasta entonces no se muestra a nadie: vuelve a preguntar más tarde.`,
  readSoFar: (read, total, next) =>
    `Rollcall ha leído ${total === undefined ? f.count(read) : `${f.count(read)} de ${f.count(total)}`} páginas hasta ahora (una página cada vez, al ritmo que permite la cuota mensual de la API): vuelve a preguntar ${next === undefined ? 'más tarde' : `después de ${next}`}.`,
  notKnownYet: (readSoFar) => `Aún no se sabe: ${readSoFar}`,
  partialRows: (readSoFar) => `⚠️ Parcial: puede haber más en páginas aún no leídas. ${readSoFar}`,
  soFar: (total) => `${total} hasta ahora`,
  failSoFar: 'no cumple hasta ahora',
  quotaSummarySoFar: (pass, fail, leave) =>
    `${f.count(pass)} cumplen · ${f.count(fail)} no cumplen hasta ahora · ${f.count(leave)} ausentes`,
  runningLong: (days) =>
    `⚠️ en curso desde hace ${f.count(days)} ${f.plural(days, { one: 'día', other: 'días' })} (puede que el cierre automático haya fallado)`,
  memberOption: (memberId) => `Miembro ${memberId}`,
  theirShifts: 'Sus turnos en este periodo',
  theirRecord: 'Su ficha',
  neverOnDutyOption: 'Nunca de servicio',
});

const digest = (f: Formats): Section<'digest'> => ({
  allowanceMark: (used, points, reset) =>
    `Rollcall ha gastado ${f.count(used)} de las ${f.count(points)} peticiones a la API de este mes de este servidor de la comunidad; se muestran datos guardados más a menudo hasta que la cuota se renueve <t:${reset}:f>.`,
  allowanceSpent: (points, reset) =>
    `Rollcall ha gastado las ${f.count(points)} peticiones a la API de este mes de este servidor de la comunidad; muestra datos guardados hasta que la cuota se renueve <t:${reset}:f>.`,
  language: (name) => `Idioma del resumen: ${name}.`,
  serverDefault: (name) => `el del servidor (${name})`,
});

const help = (_f: Formats): Section<'help'> => ({
  title: 'Comandos de Rollcall',
  intro:
    'Acceso de solo lectura a los registros del servidor de la comunidad. Las listas se pasan con los botones de abajo; ' +
    '«Abrir…» muestra un registro. Añade `public:True` a cualquier comando para publicar la respuesta en el canal ' +
    '(si no, solo la ves tú).',
  memberMenus: 'Clic derecho en un miembro → Aplicaciones',
  messageMenus: 'Clic derecho en un mensaje → Aplicaciones',
  messageMenuLine: 'los jugadores que nombra y el historial de cada uno',
  moreCommands: 'Más comandos',
  sampleUser: '@usuario',
});

const status = (f: Formats): Section<'status'> => ({
  title: 'Estado de Rollcall',
  footer: 'Recuentos desde que Rollcall arrancó',
  api: 'API',
  reachable: '🟢 Accesible',
  notReachable: '🔴 No accesible',
  roundTrip: 'Ida y vuelta',
  milliseconds: (ms) => `${f.count(ms)} ms`,
  savedProbe: (relative) => `respuesta guardada de ${relative}: ninguna petición gastada`,
  cache: 'Caché',
  backendMemory: 'En memoria',
  backendRedis: 'Redis',
  backendOff: 'Desactivada',
  healthy: 'funciona',
  notAnswering: 'no responde',
  hitRate: 'Tasa de aciertos de la caché',
  noReadsYet: 'aún no hay lecturas',
  hits: (percent, hits, reads) =>
    `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 }).format(percent)} % (${f.count(hits)} de ${f.count(reads)} lecturas)`,
  requestsMade: 'Peticiones a la API hechas',
  rateLimited: 'Respuestas con límite de ritmo',
  staleServed: 'Datos guardados servidos (API caída)',
  coalesced: 'Peticiones compartidas',
  version: 'Versión',
  uptime: 'Tiempo activo',
  accessRoles: 'Roles de acceso',
  accessRules: 'Reglas de acceso',
  lastRefusals: 'Últimos rechazos (este proceso)',
  problem: 'Problema',
  leftAsCounted: 'Peticiones restantes (según el último recuento aquí)',
  leftThisMonth: 'Quedan este mes',
  allowedNow: 'Permitido ahora',
  leftOf: (left, points) => `${f.count(left)} de ${f.count(points)}`,
  noMonthlyLimit: 'Sin límite mensual',
  savedOnlyUntil: (when) => `Solo datos guardados, hasta ${when}`,
  nothingUntil: (when, limit) => `Nada hasta ${when} (${limit})`,
  upToReads: (n) => `Hasta ${f.count(n)} lecturas nuevas`,
  anyRead: 'Cualquier lectura (sin límite fijado)',
  readsAndRefresh: (reads, next) => `${reads}; actualización de datos guardados: ${next}`,
  dueNow: 'toca una ahora',
  next: (when) => `la siguiente ${when}`,
  monthName: (limit) => `Cuota de API (${limit})`,
  monthLine: (left, points, used, resets) =>
    `Quedan ${f.count(left)} de ${f.count(points)} este mes · ${f.count(used)} usadas · se renueva ${resets}`,
  paceSpent: 'Ritmo: agotado; se muestran datos guardados hasta que se renueve',
  paceLine: (every, next) =>
    `Ritmo: una actualización de datos guardados cada ${every} (20 % reservado para lecturas nuevas) · ${next}`,
  windowName: (limit) => `Límite de peticiones (${limit})`,
  windowLine: (left, window, used, refills) =>
    `Quedan ${left} en esta ventana de ${window} · ${f.count(used)} usadas · se recarga ${refills}`,
  leftOfWindow: (left, per) => `${f.count(left)} de ${f.count(per)}`,
});

const access = (f: Formats): Section<'access'> => ({
  unlinked: 'sin rol de Discord vinculado',
  badId: 'su rol de Discord vinculado no es un id de rol',
  notOnServer: (id) =>
    `su rol de Discord vinculado ${id} no es un rol de este servidor (debe existir en cada servidor que atiende Rollcall)`,
  unknownRole: 'no está entre los roles de la comunidad',
  discordId:
    'un ID de rol de Discord, no un rol de la comunidad: los roles de Discord van en el ajuste de roles de Discord',
  roleName: (id) => `el nombre de un rol, no su ID: el rol de la comunidad con ese nombre es ${id}`,
  unread: 'no se han podido leer los roles de la comunidad',
  rolesRead: (count, when) => `Lista de roles (${count} roles) leída ${when};`,
  firstRoles: (count) => `los primeros ${f.count(count)}`,
  rolesNext: (when) => `se vuelve a leer a más tardar ${when}, o con el próximo /rollcall status.`,
  rolesFailing: (when) =>
    `no se ha podido volver a leer (la API del servidor de la comunidad no responde): nuevo intento ${when}.`,
  rolesSpent: (when) => `no se ha vuelto a leer: la cuota de la API para ello está agotada hasta ${when}.`,
  rolesPaced: (when) => `aún no se ha vuelto a leer: el ritmo del mes lo permite ${when}.`,
  rolesUnread: (reason, when) =>
    `No se han podido leer los roles de la comunidad, así que cada rol de acceso cuesta una consulta de miembro: ${reason} Nuevo intento ${when}.`,
  ruleDiscordRoles: (setting, ids) =>
    `Roles de Discord (${setting}): ${ids}: comprobados gratis en cada interacción.`,
  ruleMember: 'Solo miembros del servidor de la comunidad: una consulta de miembro por comprobación.',
  ruleRoles: (setting) => `Roles de la comunidad (${setting}):`,
  ruleNone: 'Ninguna: todos los que permiten los permisos de los comandos.',
  quotaNotRoles: (setting, roles) =>
    `${setting} nombra roles que no son roles de la comunidad, así que sus cuotas no cuentan a nadie: ${roles}.`,
  quotaDiscordId: 'un ID de rol de Discord: las cuotas usan IDs de roles de la comunidad',
  noRefusals: 'Ninguno desde que se inició este proceso.',
  refusalLine: (cause, count, when) => `${cause}: ${f.count(count)} (último ${when})`,
  cause: {
    'discord-role': 'ningún rol de Discord del ajuste de roles de Discord',
    'linked-role': 'ninguno de los roles de Discord vinculados',
    'not-member': 'ningún miembro de la comunidad vinculado a su cuenta de Discord',
    'no-access-role': 'un miembro sin rol de acceso',
    held: 'rechazado una y otra vez (sin consulta)',
    misconfigured: 'el ajuste de acceso no nombra ningún rol de la comunidad',
    'first-checks-spent': 'agotadas las primeras comprobaciones del mes',
    'unlinked-user': 'ningún rol de Discord vinculado a un rol de la comunidad (sin consulta)',
    'no-links':
      'ningún rol de la comunidad vinculado a un rol de Discord de este servidor (nadie nuevo consultado)',
    'roles-unread': 'los roles de la comunidad ilegibles (nadie nuevo consultado)',
    'checks-spent': 'agotada la parte de las comprobaciones de acceso',
    unchecked: 'la API del servidor de la comunidad no responde',
  },
  discordRole: (id) => `rol de Discord ${id}`,
  checkedFree: (roles) => `Comprobados gratis (rol de Discord vinculado): ${roles}`,
  costLookup: (roles) => `Cuestan una consulta de miembro: ${roles}`,
  linkTip: 'Vincúlalos a un rol de Discord en el servidor de la comunidad para comprobarlos gratis.',
});

const admin = (f: Formats): Section<'admin'> => ({
  setupTitle: 'Vincular Rollcall a tu comunidad',
  tokenLabel: 'El token de API del servidor de la comunidad',
  replaceToken: 'Reemplazar token',
  unlink: 'Desvincular',
  noRoleNeeded: 'none (no hace falta rol)',
  digestDaily: (hour) => `cada día a las ${hour}`,
  digestWeekly: (day, hour) => `cada ${day} a las ${hour}`,
  weekday: {
    monday: 'lunes',
    tuesday: 'martes',
    wednesday: 'miércoles',
    thursday: 'jueves',
    friday: 'viernes',
    saturday: 'sábado',
    sunday: 'domingo',
  },
  report: {
    totals: 'tiempo de servicio',
    quota: 'resultados de cuotas',
    leave: 'de ausencia ahora',
  },
  form: {
    reportsTitle: 'Ajustes de los informes',
    digestChannel: 'Canal del resumen',
    digestChannelHint: 'Vacío: sin resumen. Uno nuevo necesita su frecuencia y su hora (opciones).',
    reminderChannel: 'Canal de recordatorios de ausencia',
    weekStart: 'Primer día de la semana',
    language: 'Idioma del resumen',
    serverLanguage: 'El del servidor',
    switches: 'Recordatorios y gráficos',
    reminders: 'Publicar recordatorios de ausencia',
    pings: 'Los recordatorios mencionan al miembro',
    charts: 'Gráficos en informes y resúmenes',
    settingsTitle: 'Ajustes del servidor',
    accessRoles: 'Roles de la comunidad con acceso',
    accessRolesHint: 'Ninguno elegido: no hace falta rol de la comunidad.',
    accessRolesTyped: 'Nombres o ids, separados por comas (demasiados roles para una lista). Vacío: ninguno.',
    staleRole: (id) => `${id} (no está en la lista de roles)`,
    discordRoles: 'Roles de Discord con acceso',
    discordRolesHint: 'Ninguno elegido: no hace falta rol de Discord.',
    visibility: 'Respuestas por defecto',
    private: 'Privadas (solo las ve quien pregunta)',
    public: 'Publicadas para todos',
    limits: 'Límites de API',
    limitsHint: 'Como 100/month,30/1m. Vacío: los del bot.',
    changed: (items) => `Cambiado: ${items}.`,
    nothingChanged: 'No ha cambiado nada.',
    item: {
      digest: 'canal del resumen',
      reminders: 'recordatorios de ausencia',
      weekStart: 'primer día de la semana',
      language: 'idioma del resumen',
      charts: 'gráficos',
      accessRoles: 'roles de la comunidad con acceso',
      discordRoles: 'roles de Discord con acceso',
      visibility: 'visibilidad por defecto',
      limits: 'límites de API',
    },
  },
  reviewAfter: (hours) =>
    hours === undefined
      ? 'Cola de revisión: una LOA pendiente nunca se marca.'
      : `Cola de revisión: se marca una LOA pendiente que espera más de ${f.count(hours)} h.`,
});

const reminders = (f: Formats): Section<'reminders'> => ({
  returningTitle: 'Vuelven esta semana',
  startingTitle: 'Empiezan esta semana',
  returningEmpty: 'Nadie vuelve de una ausencia esta semana.',
  startingEmpty: 'Ninguna ausencia empieza esta semana.',
  alsoReturning: (n) => `+ ${f.count(n)} ausentes ahora que vuelven esta semana: ver «Vuelven esta semana».`,
  returningRow: (who, back) => `${who} · vuelve ${back}`,
  startingRow: (who, from, back) => `${who} · desde ${from} · vuelve ${back}`,
  noReturnDate: 'sin fecha de vuelta',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'ausencia', other: 'ausencias' })}`,
  reminder: (who, back) => `Una ausencia termina mañana: ${who} vuelve ${back}.`,
  state: (r) =>
    r === undefined
      ? 'Recordatorios de ausencia: desactivados.'
      : `Recordatorios de ausencia: en ${channelMention(r.channelId)}, el día antes de que termine una ausencia (${r.pings ? 'mencionando al miembro' : 'sin mención'}).${r.problem ? `\n⚠️ ${r.problem}` : ''}`,
  needsChannel:
    'Los recordatorios de ausencia necesitan un canal (reminder-channel). No se ha guardado nada.',
  noChannel: (channelId) =>
    `Rollcall no puede publicar recordatorios de ausencia en ${channelMention(channelId)}: el canal ya no existe o no es un canal de texto de este servidor; elige otro.`,
  missing: (channelId, missing) =>
    `Rollcall no puede publicar recordatorios de ausencia en ${channelMention(channelId)}: falta ${f.list(missing)}.`,
  failed:
    'No se pudo publicar el último recordatorio de ausencia (Discord no respondió); se intentará el siguiente.',
  refused: (channelId, permissions) =>
    `Discord rechazó el último recordatorio de ausencia en ${channelMention(channelId)} (403): a Rollcall le falta ${permissions.join(' o ')} allí; dale ese permiso y se intentará el siguiente.`,
});

const charts = (f: Formats): Section<'charts'> => ({
  totalsTitle: (period) => `Tiempo de servicio · ${period}`,
  quotaTitle: (period) => `Horas frente a la cuota · ${period}`,
  memberTitle: (who) => `${who} · tiempo de servicio por día, últimas cuatro semanas`,
  digestDaysTitle: 'Tiempo de servicio del equipo por día, semana pasada',
  digestLeaveTitle: 'De ausencia, próxima semana',
  hours: 'Horas',
  quota: 'Cuota',
  pass: 'cumplida',
  fail: 'no cumplida',
  onLeave: 'de ausencia',
  onDuty: 'de servicio',
  firstOf: (shown, total) => `Los primeros ${f.count(shown)} de ${f.count(total)}`,
  noData: 'Sin gráfico: no hay nada que dibujar.',
  unavailable: 'Sin gráfico: ahora no se pudieron dibujar gráficos.',
  tooLarge: 'Sin gráfico: la imagen sería demasiado grande para enviarla.',
  off: 'Gráficos: desactivados (respuestas y resúmenes van sin ellos).',
});

export const esES = {
  locale: 'es-ES',
  alsoFor: ['es-419'],
  ordinal: (n) => `${n}.º`,
  units: { d: ' d', h: ' h', m: ' min', s: ' s' },
  invalidDate: (raw) => `${raw} (no es una fecha válida)`,
  commands: {
    'Staff record.name': 'Ficha del staff',
    'LOAs.name': 'Ausencias (LOA)',
    'Join request.name': 'Solicitud de ingreso',
    'Check player.name': 'Revisar jugador',
    'loa.description': 'Ausencias (LOA) del servidor de la comunidad',
    'loa.list.description':
      'Listar las LOA (recientes primero) o las de un estado (pendientes: antiguas primero)',
    'loa.list.options.status.description':
      'Solo pendientes de revisión, de ausencia ahora (activas) o terminadas',
    'loa.list.options.status.choices.pending.name': 'Pendiente de revisión',
    'loa.list.options.status.choices.active.name': 'Activa (de ausencia ahora)',
    'loa.list.options.status.choices.ended.name': 'Terminada',
    'loa.list.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'loa.view.description': 'Mostrar una LOA',
    'loa.view.options.id.description': 'El id de la LOA',
    'loa.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'loa.member.description': 'Listar las LOA de un miembro',
    'loa.member.options.user.description': 'El miembro en Discord',
    'loa.member.options.member-id.description':
      'El id del miembro en el servidor de la comunidad (en lugar de un usuario de Discord)',
    'loa.member.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'loa.active.description': 'Quién está ausente ahora, con fechas de regreso',
    'loa.active.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'loa.upcoming.description': 'Ausencias que empiezan en los próximos días',
    'loa.upcoming.options.days.description': 'Cuántos días por delante (por defecto 7)',
    'loa.upcoming.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'log.description': 'Registros de moderación del servidor de la comunidad',
    'log.view.description': 'Mostrar un registro de moderación',
    'log.view.options.id.description': 'El id del registro',
    'log.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'log.user.description': 'Listar los registros de moderación de un jugador, por nombre de juego',
    'log.user.options.username.description': 'El nombre de juego del jugador (no su nombre de Discord)',
    'log.user.options.type.description': 'Solo registros de este código de tipo',
    'log.user.options.since.description':
      'Solo registros desde una fecha (2026-11-01, UTC) o un periodo hasta ahora (7d, 30d)',
    'log.user.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'audit-log.description': 'Registro de auditoría del servidor de la comunidad',
    'audit-log.list.description':
      'Listar entradas del registro de auditoría; abre una para ver todos sus detalles',
    'audit-log.list.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'shift.description': 'Turnos de servicio en el servidor de la comunidad',
    'shift.list.description': 'Listar todos los turnos',
    'shift.list.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'shift.view.description': 'Mostrar un turno, con su duración y pausas',
    'shift.view.options.id.description': 'El id del turno',
    'shift.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'shift.active.description': 'Quién está de servicio ahora: cada turno en curso, el más largo primero',
    'shift.active.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'shift.totals.description': 'Miembros por tiempo de servicio (sin pausas) en un periodo, o un miembro',
    'shift.totals.options.period.description': 'El periodo, en la zona horaria del servidor',
    'shift.totals.options.period.choices.this-week.name': 'Esta semana',
    'shift.totals.options.period.choices.last-week.name': 'La semana pasada',
    'shift.totals.options.period.choices.7-days.name': 'Últimos 7 días',
    'shift.totals.options.period.choices.30-days.name': 'Últimos 30 días',
    'shift.totals.options.period.choices.this-month.name': 'Este mes',
    'shift.totals.options.period.choices.last-month.name': 'El mes pasado',
    'shift.totals.options.type.description': 'Solo turnos de este tipo',
    'shift.totals.options.wave.description': 'Solo turnos de esta oleada',
    'shift.totals.options.user.description': 'El miembro en Discord',
    'shift.totals.options.member-id.description':
      'Solo este miembro: su id en el servidor de la comunidad (en lugar de un usuario de Discord)',
    'shift.totals.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'role.description': 'Roles del servidor de la comunidad',
    'role.list.description': 'Listar todos los roles',
    'role.list.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'role.view.description': 'Mostrar un rol',
    'role.view.options.role.description': 'Escribe el nombre del rol y elígelo, o da el id del rol',
    'role.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'me.description': 'Tu propio registro del equipo (solo tú lo ves)',
    'member.description': 'Miembros del servidor de la comunidad',
    'member.list.description': 'Listar todos los miembros',
    'member.list.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'member.view.description': 'Mostrar un miembro, por usuario de Discord o id de miembro',
    'member.view.options.user.description': 'El miembro en Discord',
    'member.view.options.member-id.description':
      'El id del miembro en el servidor de la comunidad (en lugar de un usuario de Discord)',
    'member.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'application.description': 'Formularios de solicitud del servidor de la comunidad',
    'application.list.description': 'Listar todos los formularios de solicitud',
    'application.list.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'application.view.description': 'Mostrar un formulario de solicitud y su configuración',
    'application.view.options.application.description':
      'Escribe el título y elígelo, o da el id de la solicitud',
    'application.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'join-request.description': 'Solicitudes de ingreso al servidor de la comunidad',
    'join-request.view.description':
      'Mostrar la solicitud de ingreso de un usuario, por usuario de Discord o id',
    'join-request.view.options.user.description': 'El usuario en Discord',
    'join-request.view.options.user-id.description':
      'El id del usuario (en lugar de elegir un usuario de Discord)',
    'join-request.view.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'quota.description': 'Cuotas de actividad del servidor de la comunidad',
    'quota.check.description':
      'Exigido frente a hecho por cada miembro con un rol con cuota; los ausentes quedan exentos',
    'quota.check.options.period.description': 'El periodo, en la zona horaria del servidor',
    'quota.check.options.period.choices.this-week.name': 'Esta semana',
    'quota.check.options.period.choices.last-week.name': 'La semana pasada',
    'quota.check.options.period.choices.7-days.name': 'Últimos 7 días',
    'quota.check.options.period.choices.30-days.name': 'Últimos 30 días',
    'quota.check.options.period.choices.this-month.name': 'Este mes',
    'quota.check.options.period.choices.last-month.name': 'El mes pasado',
    'quota.check.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'quota.inactive.description':
      'Miembros sin turno desde hace unos días, o nunca; los de ausencia se omiten',
    'quota.inactive.options.days.description': 'Sin turno desde hace más de estos días (14 por defecto)',
    'quota.inactive.options.role.description': 'Solo miembros con este rol de la comunidad (nombre o ID)',
    'quota.inactive.options.include-leave.description':
      'Incluir también a quienes están de ausencia, con su regreso (por defecto: se omiten)',
    'quota.inactive.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'rollcall.description': 'Acerca de Rollcall: sus comandos y su estado',
    'rollcall.help.description': 'Listar cada comando con un ejemplo',
    'rollcall.help.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'rollcall.status.description': 'Comprobar la conexión con la API, la caché y la cuota de API restante',
    'rollcall.status.options.public.description':
      'Publicar la respuesta en el canal para todos (por defecto: solo la ves tú)',
    'rollcall-admin.description': 'Vincular este servidor con su servidor de la comunidad (administradores)',
    'rollcall-admin.setup.description':
      'Vincular este servidor con el token de API de su comunidad, o ver y cambiar el vínculo',
    'rollcall-admin.settings.description':
      'Mostrar o cambiar la configuración de este servidor (sin opciones: verla)',
    'rollcall-admin.settings.options.visibility.description':
      'Si las respuestas son privadas o se publican para todos por defecto',
    'rollcall-admin.settings.options.visibility.choices.private.name': 'privadas',
    'rollcall-admin.settings.options.visibility.choices.public.name': 'públicas',
    'rollcall-admin.settings.options.access-roles.description':
      'Roles de la comunidad (nombres o ids, separados por comas) que pueden usar Rollcall; none: todos',
    'rollcall-admin.settings.options.limits.description':
      'Los límites de API del plan de la comunidad, como 100/month,30/1m; default: los del bot',
    'rollcall-admin.settings.options.discord-roles.description':
      'Roles de este servidor (por nombre, separados por comas) que pueden usar Rollcall; none',
    'rollcall-admin.settings.options.show.description':
      'True muestra los ajustes como texto en lugar de abrir el formulario',
    'rollcall-admin.labels.description':
      'Nombrar los códigos de la comunidad (tipos de registro, estado de LOA…); sin opción: verlos',
    'rollcall-admin.labels.options.table.description': 'Qué códigos',
    'rollcall-admin.labels.options.table.choices.logTypes.name': 'Tipo de registro',
    'rollcall-admin.labels.options.table.choices.loaStatus.name': 'Estado de LOA',
    'rollcall-admin.labels.options.table.choices.loaStartType.name': 'Tipo de inicio de LOA',
    'rollcall-admin.labels.options.table.choices.auditTypes.name': 'Tipo de auditoría',
    'rollcall-admin.labels.options.table.choices.banAppeal.name': 'Apelación de baneo',
    'rollcall-admin.labels.options.code.description': 'El número del código, como 3',
    'rollcall-admin.labels.options.label.description':
      'Cómo lo llama la comunidad (de 1 a 40 caracteres, texto simple)',
    'rollcall-admin.labels.options.clear.description':
      'Quitar la etiqueta del código (sin código: todas las de la tabla)',
    'rollcall-admin.unlink.description': 'Borrar el token de API y la configuración de este servidor',
    'rollcall-admin.reports.description':
      'Ver o cambiar la configuración de informes: zona horaria, inicio de semana, cuotas, resumen',
    'rollcall-admin.reports.options.time-zone.description':
      'La zona horaria de la comunidad, un nombre IANA como Europe/London',
    'rollcall-admin.reports.options.week-start.description': 'El primer día de la semana',
    'rollcall-admin.reports.options.week-start.choices.monday.name': 'lunes',
    'rollcall-admin.reports.options.week-start.choices.tuesday.name': 'martes',
    'rollcall-admin.reports.options.week-start.choices.wednesday.name': 'miércoles',
    'rollcall-admin.reports.options.week-start.choices.thursday.name': 'jueves',
    'rollcall-admin.reports.options.week-start.choices.friday.name': 'viernes',
    'rollcall-admin.reports.options.week-start.choices.saturday.name': 'sábado',
    'rollcall-admin.reports.options.week-start.choices.sunday.name': 'domingo',
    'rollcall-admin.reports.options.quota-role.description':
      'Un rol de la comunidad (nombre o id) cuyos miembros tienen una cuota',
    'rollcall-admin.reports.options.quota-hours.description':
      'Horas de servicio que debe ese rol por periodo de informe (0 quita su cuota)',
    'rollcall-admin.reports.options.digest.description':
      'Publicar informes en un canal según un horario (desactivado lo detiene)',
    'rollcall-admin.reports.options.digest.choices.daily.name': 'diario',
    'rollcall-admin.reports.options.digest.choices.weekly.name': 'semanal',
    'rollcall-admin.reports.options.digest.choices.off.name': 'desactivado',
    'rollcall-admin.reports.options.digest-channel.description': 'El canal donde se publica el resumen',
    'rollcall-admin.reports.options.digest-hour.description':
      'La hora (0-23, zona horaria de informes del servidor) a la que se publica el resumen',
    'rollcall-admin.reports.options.digest-day.description': 'El día en que se publica un resumen semanal',
    'rollcall-admin.reports.options.digest-day.choices.monday.name': 'lunes',
    'rollcall-admin.reports.options.digest-day.choices.tuesday.name': 'martes',
    'rollcall-admin.reports.options.digest-day.choices.wednesday.name': 'miércoles',
    'rollcall-admin.reports.options.digest-day.choices.thursday.name': 'jueves',
    'rollcall-admin.reports.options.digest-day.choices.friday.name': 'viernes',
    'rollcall-admin.reports.options.digest-day.choices.saturday.name': 'sábado',
    'rollcall-admin.reports.options.digest-day.choices.sunday.name': 'domingo',
    'rollcall-admin.reports.options.digest-reports.description':
      'Qué informes contiene el resumen (por defecto los tres)',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota,leave.name':
      'totales, cuota, ausencias',
    'rollcall-admin.reports.options.digest-reports.choices.totals.name': 'totales',
    'rollcall-admin.reports.options.digest-reports.choices.quota.name': 'cuota',
    'rollcall-admin.reports.options.digest-reports.choices.leave.name': 'ausencias',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota.name': 'totales, cuota',
    'rollcall-admin.reports.options.digest-reports.choices.totals,leave.name': 'totales, ausencias',
    'rollcall-admin.reports.options.digest-reports.choices.quota,leave.name': 'cuota, ausencias',
    'rollcall-admin.reports.options.language.description':
      'El idioma en que se publican los resúmenes (por defecto: el del servidor)',
    'rollcall-admin.reports.options.language.choices.server.name': 'el del servidor',
    'rollcall-admin.reports.options.language.choices.en.name': 'English',
    'rollcall-admin.reports.options.language.choices.de.name': 'Deutsch',
    'rollcall-admin.reports.options.language.choices.es-ES.name': 'Español',
    'rollcall-admin.reports.options.language.choices.fr.name': 'Français',
    'rollcall-admin.reports.options.language.choices.pt-BR.name': 'Português (Brasil)',
    'rollcall-admin.reports.options.reminder-channel.description':
      'Publicar aquí un recordatorio el día antes de que termine una ausencia',
    'rollcall-admin.reports.options.reminder-pings.description':
      'Si el recordatorio menciona con ping al miembro que nombra (por defecto no)',
    'rollcall-admin.reports.options.show.description':
      'True muestra los ajustes como texto en lugar de abrir el formulario',
    'rollcall-admin.reports.options.reminders-off.description':
      'True desactiva los recordatorios de ausencias',
    'rollcall-admin.reports.options.review-after-hours.description':
      'Horas que una LOA pendiente puede esperar antes de marcarse (0: nunca)',
    'rollcall-admin.reports.options.charts.description':
      'Si las respuestas de informes y los resúmenes llevan gráficos (por defecto sí)',
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
