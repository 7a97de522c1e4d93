/** Portuguese (Brazil): the commands' texts keyed by their place in the command JSON, the words by section and key (as src/i18n/en.ts). */
import type { Catalogue } from '../catalogue.js';
import type { Area, Section } from '../en.js';
import type { Formats } from '../formats.js';
import { channelMention, dateTime, fromNow, typed, userMention } from '../markup.js';

const common = (f: Formats): Section<'common'> => ({
  yes: 'Sim',
  no: 'Não',
  never: 'nunca',
  underAMinute: 'menos de um minuto',
  minutes: (n) => `${f.count(n)} min`,
  hours: (n) => `${f.count(n)} h`,
  days: (n) => `${f.count(n)} d`,
});

const page = (f: Formats): Section<'page'> => ({
  pageOf: (page, pages) => `Página ${f.count(page)} de ${f.count(pages)}`,
  shownOf: (shown, total, command) =>
    `${f.count(shown)} de ${f.count(total)} mostrados · todos com ${command}`,
  incomplete: 'nem todas as páginas foram lidas: os totais podem estar baixos',
  shiftsLeftOut: (n) =>
    `${f.count(n)} ${f.plural(n, { one: 'turno não contado', other: 'turnos não contados' })} (sem início ou fim válido)`,
  spentUntil: (utc) => `a cota mensal de API deste servidor acabou até ${utc} UTC`,
  savingFor: (age) => `poupando a cota mensal de API deste servidor: dados novos em ${age}`,
  apiUnavailable: 'API indisponível: dados salvos de',
  dataAsOf: 'Dados de',
  savedAsOf: 'Dados salvos de',
  savedAgedAsOf: (age) => `Dados salvos (de ${age} atrás) de`,
});

const paging = (f: Formats): Section<'paging'> => ({
  refresh: '🔄 Atualizar',
  exportCsv: '📄 Exportar CSV',
  backToList: '↩ Voltar à lista',
  open: 'Abrir…',
  goToPage: 'Ir para a página',
  pageNumber: 'Número da página',
  pageRangeHint: (last) => `1 a ${f.count(last)}`,
});

const inputSentences = (f: Formats): Area<'inputSentences'> => ({
  notFound: 'Nada com esse id foi encontrado neste servidor da comunidade.',
  memberNotFound: 'Esse usuário do Discord não é membro do servidor da comunidade.',
  memberIdNotFound: 'Nenhum membro com esse id foi encontrado neste servidor da comunidade.',
  loaNotFound: 'Nenhuma LOA com esse id foi encontrada neste servidor da comunidade.',
  logNotFound: 'Nenhum registro de moderação com esse id foi encontrado neste servidor da comunidade.',
  shiftNotFound: 'Nenhum turno com esse id foi encontrado neste servidor da comunidade.',
  roleNotFound: 'Nenhum cargo com esse id ou nome foi encontrado neste servidor da comunidade.',
  applicationNotFound: 'Nenhuma inscrição com esse id ou título foi encontrada neste servidor da comunidade.',
  joinRequestNotFound: 'Nenhum pedido de entrada desse usuário foi encontrado neste servidor da comunidade.',
  nameMatchesSeveral: (name, _plural, candidates, more) =>
    `${typed(name)} é o nome de ${f.count(candidates.length + more)} itens: ${candidates.join(', ')}${more > 0 ? ` e mais ${f.count(more)}` : ''}. Escolha um da lista ou informe o id dele.`,
  cannotOpen:
    'Esse item não pode ser aberto: a API do servidor da comunidade deu a ele um id que o Rollcall não consegue pedir. Ele continua na lista.',
  auditEntryMoved:
    'Essa entrada do registro de auditoria não está mais na página em que aparecia; execute /audit-log list de novo.',
  userOrId: (idName) => `Informe um usuário do Discord ou um id (${idName}): um dos dois, não ambos.`,
  giveId: (what) => `Informe o id (${what}).`,
  badId: (what, max) =>
    `Esse não é um id válido (${what}): use até ${f.count(max)} letras, dígitos, hifens ou sublinhados.`,
  idName: 'id',
  loaIdName: 'id da ausência (LOA)',
  memberIdName: 'id do membro',
  shiftIdName: 'id do turno',
  logIdName: 'id do registro',
  userIdName: 'id do usuário',
  roleIdName: 'id do cargo',
  applicationIdName: 'id da candidatura',
  rolesName: 'cargos',
  applicationFormsName: 'formulários de candidatura',
  recordsName: 'registros',
  giveUsername: 'Informe o nome no jogo.',
  badUsername: (max) => `Esse não é um nome de jogador válido: use até ${f.count(max)} caracteres visíveis.`,
  notYours:
    'Estes controles pertencem ao moderador que executou o comando; execute-o você mesmo para navegar.',
  expired: 'Estes controles expiraram; execute o comando de novo.',
  oldVersion: 'Estes controles são de uma versão antiga do Rollcall; execute o comando de novo.',
  unknownCommand:
    'Esta versão do Rollcall não conhece esse comando; talvez os comandos precisem ser registrados de novo.',
  cannotPostIn: (channelId, missing) =>
    `O Rollcall não pode postar em <#${channelId}> (falta: ${f.list(missing)}); dê a ele ${missing.length === 1 ? 'essa permissão' : 'essas permissões'} lá ou escolha outro canal. Nada foi salvo.`,
  chartCannotPost: (channelId, missing) =>
    `O Rollcall não pode postar o gráfico do resumo em <#${channelId}> (falta: ${f.list(missing)}); dê a ele ${missing.length === 1 ? 'essa permissão' : 'essas permissões'} lá, escolha outro canal ou desative os gráficos. Nada foi salvo.`,
  formNotThisServer: 'Esse canal não é deste servidor; escolha um dos dele. Nada foi salvo.',
  formForged:
    'O formulário enviou um valor que ele não oferece; abra-o de novo e escolha nele. Nada foi salvo.',
  notAChoice: (option, choices) =>
    `Esse valor não é uma das opções de \`${option}\`; escolha uma entre ${choices.map((c) => `\`${c}\``).join(', ')}. Nada foi feito.`,
  optionOutOfRange: (option, min, max, whole) =>
    `\`${option}\` aceita um ${whole ? 'número inteiro' : 'número'} de ${f.count(min)} a ${f.count(max)}. Nada foi feito.`,
  badOptionValue: (option) => `Esse não é um valor que \`${option}\` aceita. Nada foi feito.`,
  pageRange: (last) =>
    last === 1 ? 'Esta lista só tem a página 1.' : `Informe um número de página de 1 a ${f.count(last)}.`,
  badSince:
    'Esse since não é válido: informe uma data (2026-11-01, UTC) ou um período até agora (12h, 7d, 30d, 4w).',
  badReport: 'Esse link de relatório não é mais válido; execute o comando de novo.',
  badWave: 'A onda é um número inteiro de 0 a 100000.',
  noPlayerLogs: 'Nenhum registro desse jogador.',
  playerLogsNotSent: (total) =>
    `A API do servidor da comunidade conta ${f.count(total)} ${f.plural(total, { one: 'registro', other: 'registros' })} desse jogador, mas não enviou nenhum; tente novamente em instantes.`,
  noPlayerNames: 'Essa mensagem não cita nenhum jogador; use Digitar um nome… ou /log user.',
  reportRoleUnknown: 'Nenhum cargo da comunidade tem esse nome ou ID; /role list os mostra.',
  badDays: 'O número de dias é um número inteiro de 1 a 365.',
});

const accessSentences = (f: Formats): Area<'accessSentences'> => ({
  badRequest:
    'A API do servidor da comunidade recusou o pedido como inválido; confira o id ou nome informado.',
  unauthorized:
    'A API do servidor da comunidade rejeitou o token do Rollcall (inválido ou expirado). Peça a um admin do servidor para atualizar API_TOKEN.',
  forbidden:
    'O token de API do Rollcall não tem permissão para isso. Peça a um admin do servidor para dar essa permissão ao dono do token.',
  rateLimited: (seconds) =>
    `A API do servidor da comunidade está ocupada com os pedidos do Rollcall; tente de novo em ${f.count(seconds)} s.`,
  unavailable: 'A API do servidor da comunidade não está respondendo agora; tente de novo em um minuto.',
  allowanceMark: (used, points, resetAtSeconds) =>
    used >= points
      ? `O Rollcall gastou todos os ${f.count(points)} pedidos mensais à API deste servidor da comunidade; ele mostra dados salvos até a cota recomeçar ${dateTime(resetAtSeconds)}.`
      : `O Rollcall gastou ${f.count(used)} dos ${f.count(points)} pedidos mensais à API deste servidor da comunidade; dados salvos são mostrados com mais frequência até a cota recomeçar ${dateTime(resetAtSeconds)}.`,
  allowanceSpent: (resetAtSeconds) =>
    `A cota mensal de API deste servidor da comunidade acabou e o Rollcall não tem uma cópia salva disto; ele poderá ler dados novos ${dateTime(resetAtSeconds)} (${fromNow(resetAtSeconds)}).`,
  reportPaced: (nextAtSeconds) =>
    `O Rollcall ainda não leu os dados desta comunidade para relatórios: para a cota mensal de API durar o mês, ele os lê uma página por vez, e pode começar ${fromNow(nextAtSeconds)}.`,
  malformed:
    'A API do servidor da comunidade enviou uma resposta que o Rollcall não conseguiu ler; tente de novo em um minuto.',
  tooLarge:
    'A API do servidor da comunidade enviou uma resposta grande demais para o Rollcall; um admin do servidor pode aumentar API_MAX_RESPONSE_BYTES.',
  internal: 'Algo deu errado do lado do Rollcall; foi registrado. Tente de novo.',
  dmOnly: 'O Rollcall só funciona dentro do Discord do servidor da comunidade, não em mensagens diretas.',
  wrongGuild: 'O Rollcall não está configurado neste servidor.',
  storeUnavailable: 'O Rollcall não consegue acessar o banco de dados agora; tente de novo em um minuto.',
  notLinked:
    'O Rollcall ainda não está vinculado a uma comunidade neste servidor; um admin do servidor (Gerenciar servidor) precisa executar /rollcall-admin setup.',
  tokenRejected:
    'O token de API deste servidor foi rejeitado; um admin precisa executar /rollcall-admin setup.',
  tokenHeld: (nextAtSeconds) =>
    `A API do servidor da comunidade acabou de rejeitar o token de API deste servidor; o Rollcall vai tentar de novo sozinho ${fromNow(nextAtSeconds)}. Um admin só precisa executar /rollcall-admin setup se ele ainda for rejeitado então.`,
  tokenUnreadable:
    'O token de API salvo deste servidor não pode ser lido; um admin precisa executar /rollcall-admin setup de novo.',
  accessNoDiscordRole:
    'O Rollcall é para quem tem certos cargos do Discord neste servidor, e você não tem nenhum deles: um administrador do servidor pode te dar um.',
  accessNoLinkedRole: (roles) =>
    `O Rollcall é para quem tem ${roles.length === 1 ? 'o cargo' : 'os cargos'} da comunidade ${roles.join(', ')}, e você não tem nenhum dos cargos do Discord vinculados: se você tem um no servidor da comunidade, peça aos administradores de lá que te deem aqui o cargo do Discord vinculado.`,
  accessNotMember:
    'O Rollcall não encontrou nenhum membro da comunidade vinculado à sua conta do Discord: vincule sua conta do Discord ao seu registro de membro no servidor da comunidade e tente de novo.',
  accessNoRole:
    'Seu registro de membro no servidor da comunidade não tem nenhum dos cargos de acesso do Rollcall: peça um a um administrador do servidor da comunidade e tente de novo.',
  accessHeld: (untilSeconds) =>
    `Você foi recusado várias vezes seguidas, então o Rollcall vai te verificar de novo ${fromNow(untilSeconds)}; se você recebeu um cargo de acesso nesse meio-tempo, ele conta então.`,
  accessMisconfigured: (setting, value, discordId, discordSetting) =>
    discordId
      ? `A configuração de acesso ${setting} do Rollcall contém ${typed(value, 100)}, que não é um cargo da comunidade: parece um ID de cargo do Discord, e cargos do Discord vão em ${discordSetting}. Um administrador do servidor precisa corrigir a configuração; até lá ninguém entra.`
      : `A configuração de acesso ${setting} do Rollcall contém ${typed(value, 100)}, o nome de um cargo: ela espera IDs de cargos da comunidade (/rollcall status mostra o certo). Um administrador do servidor precisa corrigir a configuração; até lá ninguém entra.`,
  accessFirstChecksSpent: (resetAtSeconds, discordSetting) =>
    `O Rollcall não pode te verificar antes de ${dateTime(resetAtSeconds)}: as verificações deste mês de quem ele ainda não deixou entrar acabaram (quem entrou este mês continua sendo verificado). Para verificações gratuitas, um administrador do servidor pode vincular o cargo de acesso a um cargo do Discord no servidor da comunidade, ou escolher cargos do Discord com ${discordSetting}.`,
  accessNotSpender: (discordSetting) =>
    `O Rollcall só gasta uma verificação com quem tem um cargo do Discord que o servidor da comunidade vincula a um dos seus cargos; você não tem nenhum, e ele ainda não te deixou entrar. Um administrador do servidor da comunidade pode vincular os cargos dele a cargos do Discord deste servidor (quem os tiver passa a ser verificado), ou um administrador do servidor pode escolher cargos do Discord com ${discordSetting}.`,
  accessNoLinks: (discordSetting) =>
    `O Rollcall só gasta uma verificação com quem tem um cargo do Discord que o servidor da comunidade vincula a um dos seus cargos, e esta comunidade não vincula nenhum dos seus cargos a um cargo do Discord deste servidor, então o Rollcall não verifica ninguém que ainda não tenha deixado entrar. Um administrador do servidor da comunidade pode vincular os cargos dele a cargos do Discord deste servidor, ou um administrador do servidor pode escolher cargos do Discord com ${discordSetting}.`,
  accessRolesUnread: (retryAtSeconds) =>
    `O Rollcall não consegue ler agora os cargos do servidor da comunidade, então não sabe se você tem um cargo do Discord vinculado a um deles e, até lá, não verifica ninguém que ainda não tenha deixado entrar; tente de novo ${fromNow(retryAtSeconds)}.`,
  meNotMember:
    'Nenhum membro da comunidade deste servidor está vinculado à sua conta do Discord, então o Rollcall não tem registro seu aqui (se você é da equipe desta comunidade, vincule sua conta do Discord ao seu registro de membro no servidor da comunidade; o Rollcall verifica de novo no mês que vem).',
  meNotSpender:
    'O Rollcall procura o registro de quem tem um cargo do Discord que o servidor da comunidade vincula a um dos seus cargos, e você não tem nenhum: um admin do servidor da comunidade pode vincular os cargos dele a cargos do Discord deste servidor.',
  meNoLinks:
    'O Rollcall procura o registro de quem tem um cargo do Discord que o servidor da comunidade vincula a um dos seus cargos, e esta comunidade não vincula nenhum dos seus cargos a um cargo do Discord deste servidor, então ele não procura ninguém: um admin do servidor da comunidade pode vincular os cargos dele a cargos do Discord daqui.',
  meRolesUnread: (retryAtSeconds) =>
    `O Rollcall não consegue ler agora os cargos do servidor da comunidade, então não sabe se pode procurar o seu registro; tente de novo ${fromNow(retryAtSeconds)}.`,
  meSpent: (resetAtSeconds) =>
    `O Rollcall não pode procurar seu registro antes de ${dateTime(resetAtSeconds)}: a parte da cota mensal da API deste servidor da comunidade reservada para procurar pessoas acabou.`,
  accessUnchecked: (reason) =>
    `O Rollcall não consegue verificar seu acesso de equipe agora, então recusa por segurança. ${reason}`,
  accessChecksSpent: (resetAtSeconds) =>
    `O Rollcall não consegue verificar seu acesso de equipe até ${dateTime(resetAtSeconds)}: a parte da cota mensal de API deste servidor da comunidade reservada para verificações de acesso acabou.`,
  accessRolesTip:
    'Um cargo de acesso vinculado a um cargo do Discord deste servidor (o servidor da comunidade mantém os dois em sintonia) é verificado de graça pelos cargos que toda interação traz, e um cargo retirado conta na hora. Cada um dos outros custa um pedido à API por verificação, de um décimo da cota mensal: vincule-o a um cargo do Discord no servidor da comunidade, ou escolha com discord-roles (os cargos deste servidor).',
  accessRolesChecked: (free, lookups) =>
    [
      ...(free.length > 0 ? [`Verificados de graça (cargo do Discord vinculado): ${free.join(', ')}.`] : []),
      ...(lookups.length > 0 ? [`Custam uma consulta de membro: ${lookups.join(', ')}.`] : []),
    ].join('\n'),
  restarting: 'O Rollcall está reiniciando; execute o comando de novo em um minuto.',
  settingsUnreadable:
    'As configurações do Rollcall deste servidor não podem ser lidas, então o Rollcall recusa por segurança; um admin precisa salvá-las de novo com /rollcall-admin settings.',
  serverInstallOnly:
    'O Rollcall só responde pelo app que este servidor adicionou, não por um app adicionado à sua própria conta.',
  searchNeeds: (possibleAtSeconds) =>
    `Pesquisar os registros deste jogador precisa de pelo menos 1 pedido à API do servidor da comunidade (nenhuma das páginas de registros dele está salva), mas nenhum pode ser gasto da cota deste mês; será possível ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  searchPartial: (searched, pages, needed, possibleAtSeconds) =>
    `${f.plural(searched, { one: 'Pesquisada', other: 'Pesquisadas' })} ${f.count(searched)} ${f.plural(searched, { one: 'página salva', other: 'páginas salvas' })} de ${f.count(pages)}; uma pesquisa completa precisa de mais ${f.count(needed)} ${f.plural(needed, { one: 'pedido', other: 'pedidos' })} à API do servidor da comunidade, possível ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  reportsUnavailable: 'Relatórios não estão disponíveis neste servidor.',
  queued: (position, etaSeconds) =>
    `Aguardando a cota de API: você é o ${f.ordinal(position)} na fila, cerca de ${
      etaSeconds < 57.5
        ? `${f.count(Math.max(5, Math.ceil(etaSeconds / 5) * 5))} s`
        : `${f.count(Math.max(1, Math.round(etaSeconds / 60)))} min`
    }.`,
  inactiveExportReading: (read, total, roles) =>
    `Ainda não há nada para exportar: saber quem ficou inativo exige todas as páginas de turnos, ausências${roles ? ', membros e cargos' : ' e membros'}, e o Rollcall leu ${total === undefined ? f.count(read) : `${f.count(read)} de ${f.count(total)}`} até agora; exporte de novo quando todas forem lidas.`,
});

const linkSentences = (f: Formats): Area<'linkSentences'> => ({
  adminOnly: 'Só membros com a permissão Gerenciar servidor podem configurar o Rollcall neste servidor.',
  setupLinked: (communityId, roleCount) =>
    `Vinculado: este servidor agora lê o servidor da comunidade ${communityId ?? (roleCount === 0 ? '(desconhecido: ele não tem cargos)' : '(desconhecido)')} (${f.count(roleCount)} ${f.plural(roleCount, { one: 'cargo', other: 'cargos' })}).`,
  setupRejected:
    'A API do servidor da comunidade rejeitou esse token (401): confira se ele foi copiado inteiro e ainda é válido. Nada foi salvo.',
  setupForbidden:
    'Esse token não tem permissão para ler os dados do servidor da comunidade (403). Nada foi salvo.',
  setupUnavailable:
    'A API do servidor da comunidade não está respondendo, então o token não pôde ser verificado. Nada foi salvo; tente de novo em um minuto.',
  setupEmpty: 'Cole o token de API no campo. Nada foi salvo.',
  unlinked: 'Desvinculado: o token de API e as configurações deste servidor foram apagados.',
  linkState: (link) =>
    [
      `Vinculado ao servidor da comunidade ${link.communityId ?? '(desconhecido)'} desde ${dateTime(link.linkedAt)}, por ${userMention(link.linkedBy)}.`,
      `Impressão digital do token: ${link.fingerprint}`,
      link.invalidAt
        ? `A API rejeitou este token ${fromNow(link.invalidAt)}; os moderadores são recusados até ele ser substituído.`
        : 'Status: em uso.',
    ].join('\n'),
  nothingToUnlink:
    'Nenhum token de API está vinculado neste servidor; as configurações salvas aqui foram apagadas.',
  setupMalformed:
    'Isso não é um token de API: um token tem só letras, dígitos e símbolos, sem espaço nem quebra de linha. Nada foi salvo.',
  setupSaving: (left, points, nextAtSeconds) =>
    left <= 0
      ? `Não restam a esse token pedidos de API neste mês (sua cota mensal de ${f.count(points)} acabou), então ele não pôde ser verificado com um pedido. Nada foi salvo; tente de novo ${fromNow(nextAtSeconds)}.`
      : `Restam a esse token ${f.count(left)} dos seus ${f.count(points)} pedidos de API neste mês, todos guardados como reserva para o que os moderadores ainda não leram, então ele não pôde ser verificado com um pedido. Nada foi salvo; tente de novo ${fromNow(nextAtSeconds)}.`,
  setupTooOften: (checks, minutes) =>
    `Este servidor verificou ${f.count(checks)} tokens nos últimos minutos; tente de novo em ${f.count(minutes)} min. Nada foi salvo.`,
});

const settingsSentences = (f: Formats): Area<'settingsSentences'> => ({
  settingsState: (s) =>
    [
      `Respostas: ${s.visibility === 'public' ? 'públicas' : 'privadas'} por padrão (os moderadores ainda podem escolher com a opção public).`,
      `Acesso: ${
        s.accessRoles.length > 0
          ? `quem tem o(s) cargo(s) da comunidade ${s.accessRoles.join(', ')}${s.requireMember ? ', que são membros do servidor da comunidade, como este bot exige em todos os servidores (ACCESS_REQUIRE_MEMBER)' : ''}`
          : s.requireMember
            ? 'só membros do servidor da comunidade, como este bot exige em todos os servidores (ACCESS_REQUIRE_MEMBER); as permissões dos comandos continuam valendo'
            : 'todos que as permissões dos comandos permitem'
      }.`,
      `Cargos do Discord: ${(s.discordRoles ?? []).length > 0 ? `só quem tem ${(s.discordRoles ?? []).join(', ')} neste servidor` : 'nenhum cargo do Discord necessário'}.`,
      `Limites de API: ${s.limits ?? 'os padrões do bot'}.`,
    ].join('\n'),
  settingsSaved: 'Configurações salvas.',
  badLimits: (problem) => {
    const detail = () => {
      if (problem.kind === 'none') return 'nenhum limite foi informado';
      const which = problem.of === 1 ? 'o limite' : `o ${f.ordinal(problem.place)} limite`;
      const limit = problem.quote === undefined ? which : `${which} (“${typed(problem.quote, 40)}”)`;
      return {
        shape: `${limit} não é um número de requisições, uma barra e um período`,
        unit: `${limit} tem uma unidade de tempo diferente de \`s\`, \`m\`, \`h\`, \`d\` ou \`month\``,
        zero: `${limit} não permite nenhuma requisição, e um limite deve permitir pelo menos 1`,
        window: `${limit} tem um período fora do intervalo de 1 segundo a 24 dias (para a cota mensal, escreva \`month\`)`,
        twoMonths: `${limit} é um segundo limite mensal, e só um é aceito`,
      }[problem.kind];
    };
    return `Esses limites de API não são válidos: ${detail()} (por exemplo 100/month,30/1m, ou default). Nada foi salvo.`;
  },
  accessRoleIsDiscord: (names, discordSetting) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'é um cargo' : 'são cargos'} do Discord deste servidor (ou um ID de cargo do Discord), não da comunidade: cargos da comunidade têm o nome que o servidor da comunidade lhes dá, e cargos do Discord vão em ${discordSetting}. Nada foi salvo.`,
  unknownRoles: (names) =>
    `Nenhum cargo da comunidade se chama ${names.map((n) => typed(n)).join(', ')}; informe nomes ou ids de cargos do servidor da comunidade, ou none. Nada foi salvo.`,
  labelsState: (tables) =>
    tables.some((t) => t.labels.length > 0)
      ? tables
          .filter((t) => t.labels.length > 0)
          .map((t) => `${t.name}: ${t.labels.map(([code, label]) => `${code} = ${label}`).join(', ')}`)
          .join('\n')
      : 'Nenhum código tem rótulo neste servidor: os códigos são mostrados como números. Nomeie um com /rollcall-admin labels table code label.',
  labelSaved: (code, shown) => `Salvo: o código ${code} agora é mostrado como ${shown}.`,
  labelCleared: (code) => `Removido: o código ${code} volta a ser mostrado como seu número.`,
  labelsTableCleared: (table) =>
    `Removidos todos os rótulos de ${table}: esses códigos voltam a ser mostrados como números.`,
  labelNeedsTable: 'Escolha para quais códigos é o rótulo (a opção table). Nada foi salvo.',
  labelNeedsCode:
    'Informe o código a nomear (a opção code), ou use clear sem código para limpar a tabela inteira. Nada foi salvo.',
  labelBadCode: 'O código deve ser um número inteiro, como 3 ou -1 (até dez dígitos). Nada foi salvo.',
  labelNeedsText: 'Informe o rótulo (a opção label), ou marque clear para remover um. Nada foi salvo.',
  labelBoth: 'Informe um rótulo ou clear, não os dois. Nada foi salvo.',
  labelBadLength: (max) => `Um rótulo tem de 1 a ${f.count(max)} caracteres visíveis. Nada foi salvo.`,
  labelBadText:
    'Um rótulo é texto simples: sem caracteres de markdown (` * _ ~ | \\ [ ]), menções (< > @), links ou caracteres invisíveis. Nada foi salvo.',
  unknownDiscordRoles: (names) =>
    `Este servidor não tem nenhum cargo chamado ${names.map((n) => typed(n)).join(', ')}; escolha cargos da lista enquanto digita, ou none. Nada foi salvo.`,
  botDiscordRoles: (names) =>
    `${names.map((n) => typed(n)).join(', ')} ${names.length === 1 ? 'é o cargo de um bot, que só esse bot tem' : 'são cargos de bots, que só esses bots têm'} e que nenhum membro pode receber; escolha outro cargo, ou none. Nada foi salvo.`,
  everyoneDiscordRole: (name) =>
    `${typed(name)} representa todos neste servidor, então o acesso não pode ser limitado a ele; escolha outro cargo, ou none. Nada foi salvo.`,
  tooManyRoles: (max) => `Informe no máximo ${f.count(max)} cargos de cada tipo. Nada foi salvo.`,
  labelTooMany: (max) =>
    `Uma tabela tem no máximo ${f.count(max)} rótulos; remova alguns primeiro. Nada foi salvo.`,
  accessNobodyPasses:
    'Ninguém que o Rollcall ainda não tenha deixado entrar passará na verificação de acesso até que um cargo seja vinculado: uma verificação só é gasta com quem tem um cargo do Discord que o servidor da comunidade vincula a um dos seus cargos, e ele não vincula nenhum (nem estes cargos de acesso) a um cargo do Discord deste servidor; vincule um cargo de acesso a um cargo do Discord deste servidor no painel do servidor da comunidade e depois execute /rollcall-admin settings para o Rollcall ler os cargos de novo, ou escolha discord-roles e defina access-roles como none.',
});

const reportSentences = (f: Formats): Area<'reportSentences'> => ({
  badTimeZone: (zone) =>
    `${typed(zone)} não é um fuso horário que o Rollcall conheça; use um nome IANA como Europe/London, America/New_York ou UTC. Nada foi salvo.`,
  badQuotaHours:
    'Uma meta é um número de horas acima de 0 e no máximo 168, com no máximo duas casas decimais. Nada foi salvo.',
  tooManyQuotas: 'No máximo 25 cargos podem ter meta; remova um primeiro. Nada foi salvo.',
  unknownRole: 'Nenhum cargo da comunidade tem esse nome ou id. Nada foi salvo.',
  quotaNeedsBoth: 'Informe quota-role e quota-hours (0 horas remove a meta). Nada foi salvo.',
  reportSettingsState: (s) =>
    [
      `Fuso horário: ${s.timeZone}.`,
      `As semanas começam ${({ monday: 'na segunda-feira', tuesday: 'na terça-feira', wednesday: 'na quarta-feira', thursday: 'na quinta-feira', friday: 'na sexta-feira', saturday: 'no sábado', sunday: 'no domingo' } as Record<string, string>)[s.weekStart] ?? s.weekStart}.`,
      `Cotas: ${s.quotas.length > 0 ? s.quotas.join(', ') : 'nenhuma'}.`,
    ].join('\n'),
  digestNoChannel: (channelId) =>
    `O Rollcall não consegue publicar o resumo em ${channelMention(channelId)}: o canal não existe mais ou não é um canal de texto deste servidor; escolha outro.`,
  digestMissing: (channelId, missing) =>
    `O Rollcall não consegue publicar o resumo em ${channelMention(channelId)}: falta ${f.list(missing)}.`,
  digestFailed:
    'O último resumo não pôde ser publicado (o Discord ou a API não respondeu); o próximo será tentado.',
  digestNeedsChannel:
    'Um resumo precisa de um canal, uma agenda e uma hora (e um dia, se for semanal). Nada foi salvo.',
  digestState: (d) =>
    d === undefined
      ? 'Resumo: nenhum.'
      : `Resumo: ${d.when} em ${channelMention(d.channelId)}: ${d.reports.join(', ')}.${d.problem ? `\n⚠️ ${d.problem}` : ''}`,
});

const csvExport = (f: Formats): Section<'export'> => ({
  done: (e) =>
    `${f.plural(e.rows, { one: 'Exportada', other: 'Exportadas' })} ${f.count(e.rows)} ${f.plural(e.rows, { one: 'linha', other: 'linhas' })} em ${f.count(e.files)} ${f.plural(e.files, { one: 'arquivo CSV', other: 'arquivos CSV' })}; foram ${f.count(e.requests)} ${f.plural(e.requests, { one: 'pedido', other: 'pedidos' })} à API do servidor da comunidade (dados de ${fromNow(e.fetchedAtSeconds)}).${e.capped === undefined ? '' : ` Só as primeiras ${f.count(e.capped)} de ${f.count(e.total)} linhas: uma exportação lê no máximo isso.`}`,
  needs: (needed, spare, possibleAtSeconds) =>
    `Exportar esta lista inteira precisa de mais ${f.count(needed)} ${f.plural(needed, { one: 'pedido', other: 'pedidos' })} à API do servidor da comunidade (páginas que o Rollcall não salvou), mas só ${f.count(spare)} podem ser gastos da cota deste mês; será possível ${dateTime(possibleAtSeconds)} (${fromNow(possibleAtSeconds)}).`,
  tooLarge: (rows) =>
    `Esta lista (${f.count(rows)} linhas) é grande demais para enviar como arquivos CSV dentro do limite de upload do Discord; restrinja-a primeiro.`,
  fileName: (base, part, parts) => (parts > 1 ? `${base}-parte${part}de${parts}.csv` : `${base}.csv`),
});

const loa = (f: Formats): Section<'loa'> => ({
  title: 'Ausências',
  titleOfMember: (memberId) => `Ausências do membro ${memberId}`,
  titleFiltered: (filter) => `Ausências · ${filter}`,
  filters: { pending: 'Pendentes de revisão', active: 'Ativas: em ausência agora', ended: 'Encerradas' },
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'LOA', other: 'LOAs' })}`,
  empty: 'Nenhuma ausência encontrada.',
  waiting: (waited) => `aguardando há ${waited}`,
  waitNotKnown: 'espera desconhecida',
  overdue: (hours) => `⏰ mais de ${f.count(hours)} h`,
  queueTitle: 'Aguardando revisão',
  queueEmpty: 'Nada aguarda revisão.',
  queueOldest: (who, waited, partial) =>
    `${partial ? 'A mais antiga das lidas' : 'A mais antiga'}: ${who}, aguardando há ${waited}.`,
  queueOverdue: (n, hours, partial) =>
    `⏰ ${f.count(n)}${partial ? ' das lidas' : ''} aguardaram mais de ${f.count(hours)} h.`,
  states: {
    cancelled: 'Cancelada',
    denied: 'Negada',
    ended: 'Encerrada',
    expired: 'Expirada',
    active: 'Ativa',
    approved: 'Aprovada',
    pendingReview: 'Pendente de revisão',
  },
  detailTitle: (id, state) => `LOA ${id} · ${state}`,
  member: 'Membro',
  statusCode: 'Código de status',
  startType: 'Tipo de início',
  requested: 'Solicitada',
  starts: 'Começa',
  ends: 'Termina',
  started: 'Começou',
  ended: 'Terminou',
  length: 'Duração',
  reviewed: 'Revisada',
  reviewedBy: 'Revisada por',
  endedBy: 'Encerrada por',
  cancelled: 'Cancelada',
  expired: 'Expirada',
  denyReason: 'Motivo da negação',
  reasonHistory: 'Histórico do motivo',
  extensionRequests: 'Pedidos de prorrogação',
  readsAs: (code, reading) => `${code} (lido como ${reading})`,
  reviewOutcome: {
    approved: (code) => `${code} (aprovada)`,
    denied: (code) => `${code} (negada)`,
  },
  readings: {
    approved: 'aprovada',
    denied: 'negada',
    startingWhenRequested: 'começa ao ser solicitada',
    startingLater: 'começa mais tarde',
  },
  entryEnd: (from, to) => `fim ${from} → ${to}`,
  entryAtBy: (what, day, by) => `${what} ${day} por ${by}`,
  entryAt: (what, day) => `${what}: ${day}`,
  entryBy: (what, by) => `${what}: ${by}`,
  entryValue: (what, value) => `${what}: ${value}`,
  dateRange: (from, to) => `${from}–${to}`,
  dateFrom: (day) => `a partir de ${day}`,
  dateUntil: (day) => `até ${day}`,
  optionKind: 'LOA',
  optionId: (id) => `id ${id}`,
  memberShortcut: 'Membro',
  membersLoas: 'LOAs do membro',
});

const shift = (f: Formats): Section<'shift'> => ({
  title: 'Turnos',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'turno', other: 'turnos' })}`,
  empty: 'Nenhum turno encontrado.',
  states: { active: 'Ativo', ended: 'Encerrado', unknown: 'Desconhecido' },
  detailTitle: (id, state) => `Turno ${id} · ${state}`,
  typeInWave: (type, wave) => `${type} (onda ${wave})`,
  member: 'Membro',
  type: 'Tipo',
  wave: 'Onda',
  autoEnd: 'Encerramento automático',
  started: 'Começou',
  ended: 'Terminou',
  stillOnDuty: 'Ainda em serviço',
  endedBy: 'Encerrado por',
  length: 'Duração',
  breaks: 'Pausas',
  netTime: 'Tempo líquido em serviço',
  breakEntries: 'Registros de pausa',
  soFar: (length) => `${length} até agora`,
  breakCount: (n) => `${f.count(n)} ${f.plural(n, { one: 'pausa', other: 'pausas' })}`,
  timesUnreadable: (breaks) => `${breaks} (horários ilegíveis)`,
  onBreakNow: 'em pausa agora',
  oneNeverEnded: 'uma nunca terminou',
  unreadable: (n) => `${f.count(n)} ${f.plural(n, { one: 'ilegível', other: 'ilegíveis' })}`,
  atMost: (length) => `no máximo ${length}`,
  optionKind: 'Turno',
  optionMember: (memberId) => `Membro ${memberId}`,
  theirShifts: 'Turnos do membro neste período',
  membersLoas: 'LOAs do membro',
});

const member = (f: Formats): Section<'member'> => ({
  title: 'Membros',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'membro', other: 'membros' })}`,
  empty: 'Nenhum membro encontrado.',
  joinedOn: (day) => `entrou em ${day}`,
  noRolesInRow: 'sem cargos',
  detailTitle: (id) => `Membro ${id}`,
  id: 'Id',
  joined: 'Entrou',
  discordUser: 'Usuário do Discord',
  roles: 'Cargos',
  linkedRoles: 'Cargos do Discord vinculados',
  none: 'Nenhum',
  thisWeek: (from, to, timeZone) => `Esta semana (${from} – ${to}, ${timeZone})`,
  timeInShifts: (time, shifts) =>
    `${time} em ${f.count(shifts)} ${f.plural(shifts, { one: 'turno', other: 'turnos' })}`,
  rank: (place, of) => `${f.ordinal(place)} de ${f.count(of)}`,
  noTimeOnDuty: 'sem tempo em serviço',
  timeInShiftsSoFar: (time, shifts) =>
    `pelo menos ${time} em ${f.count(shifts)} ${f.plural(shifts, { one: 'turno', other: 'turnos' })} até agora`,
  rankNotKnownYet: 'posição ainda desconhecida',
  quotaNotMetSoFar: 'não cumprida até agora',
  notKnownYet: 'ainda não se sabe',
  onDutyNow: 'em serviço agora',
  quota: 'Meta',
  quotaMet: 'cumprida',
  quotaNotMet: 'não cumprida',
  quotaExempt: 'isento (em ausência)',
  quotaDone: (done, required) => `${done} de ${required}`,
  onLeave: 'Em ausência',
  nextLeave: 'Próxima ausência',
  noReturnDate: 'sem data de retorno',
  leaveUntil: (back) => `até ${back}`,
  leaveFromBack: (start, back) => `de ${start} · volta ${back}`,
  timeOnDuty: 'Tempo em serviço',
  standingReportsOff: 'Não mostrado: relatórios não estão disponíveis neste servidor.',
  standingNotRead:
    'Ainda não se sabe: o Rollcall ainda não leu os dados de relatórios desta comunidade. Eles são lidos quando um relatório é pedido (como /shift totals), uma página por vez, no ritmo que a cota mensal da API permite.',
  standingPartsNotRead: (readSoFar) =>
    `Ainda não se sabe: nada dos turnos, LOAs e membros desta comunidade foi lido ainda. ${readSoFar}`,
  standingMemberId: 'Não mostrado: o id deste membro não serve para encontrá-lo nos dados de relatórios.',
  standingFailed:
    'Não foi possível calcular: algo deu errado ao ler os dados de relatórios (registrado para o operador). O resto da ficha está como foi lido.',
  reportDataAge: (age) => `dados dos relatórios de ${age} atrás`,
  optionMember: (memberId) => `Membro ${memberId}`,
  noRoles: 'Sem cargos',
  loas: 'LOAs',
  shiftsThisWeek: 'Turnos desta semana',
  backToLoa: '↩ Voltar à LOA',
  backToRecord: '↩ Voltar à ficha da equipe',
});

const role = (f: Formats): Section<'role'> => ({
  title: 'Cargos',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'cargo', other: 'cargos' })}`,
  empty: 'Nenhum cargo encontrado.',
  linkedTo: (role) => `vinculado a ${role}`,
  createdOn: (day) => `criado em ${day}`,
  detailTitle: (name) => `Cargo ${name}`,
  id: 'Id',
  colour: 'Cor',
  linkedRole: 'Cargo do Discord vinculado',
  permissions: 'Permissões',
  extraPermissions: 'Permissões extras',
  created: 'Criado',
});

const records = (f: Formats): Section<'records'> => ({
  server: (id) => `Servidor ${id}`,
  yes: 'sim',
  no: 'não',
  none: 'Nenhum',
  noneInValue: 'nenhum',
  entries: (n) => `${f.count(n)} ${f.plural(n, { one: 'registro', other: 'registros' })}`,
  items: (n) => `${f.count(n)} ${f.plural(n, { one: 'item', other: 'itens' })}`,
  fields: (n) => `${f.count(n)} ${f.plural(n, { one: 'campo', other: 'campos' })}`,
  andMore: (n) => `… e mais ${f.count(n)}`,
  andMoreFields: (n) => `… e mais ${f.count(n)} ${f.plural(n, { one: 'campo', other: 'campos' })}`,
  plusMore: (n) => `+${f.count(n)} mais`,
  pairsMore: (n) => `(+${f.count(n)} mais)`,
  inTotal: (n) => `${f.count(n)} no total`,
});

const log = (f: Formats): Section<'log'> => ({
  title: 'Registros de moderação',
  titleOf: (who) => `Registros de moderação de ${who}`,
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'registro', other: 'registros' })}`,
  empty: 'Nenhum registro de moderação encontrado.',
  noneAmongSearched:
    'Nenhum dos registros pesquisados corresponde. Nem todos os registros foram pesquisados e a API não dá uma ordem, então pode haver uma correspondência entre os outros.',
  typeOf: (type) => `tipo ${type}`,
  detailTitle: (id, type) => `Registro ${id} · tipo ${type}`,
  text: 'Texto',
  description: 'Descrição',
  gameUsername: 'Nome no jogo',
  gameId: 'Id no jogo',
  type: 'Tipo',
  typeId: 'Id do tipo',
  created: 'Criado',
  createdBy: 'Criado por',
  completedBy: 'Concluído por',
  hidden: 'Oculto',
  hiddenBy: 'Ocultado por',
  expired: 'Expirado',
  expiredAt: 'Expirou em',
  expiredBy: 'Expirado por',
  temporaryBan: 'Banimento temporário',
  proof: 'Provas',
  editedBy: 'Editado por',
  server: (id) => `Servidor ${id}`,
  banStillInEffect: (until) => `Banimento temporário até ${until}\nAinda em vigor`,
  banTimePassed: (until) => `Banimento temporário até ${until}\nO horário de desbanimento já passou`,
  banExpired: (until) =>
    `${until === undefined ? 'Banimento temporário' : `Banimento temporário até ${until}`}\nNão está em vigor: a entrada está marcada como expirada`,
  banNoUnbanTime: 'Banimento temporário, sem horário de desbanimento',
  banUnbanTime: (until) => `Banimento temporário, desbanimento ${until}`,
  notBannedUnbanSet: (until) => `Não (desbanimento definido: ${until})`,
  unbanTime: (until) => `Desbanimento ${until}`,
  openKind: 'Registro',
  openType: (type) => `Tipo ${type}`,
  allLogsOfPlayer: 'Todos os registros deste jogador',
  notFound: 'Nenhum registro de moderação com esse id foi encontrado neste servidor da comunidade.',
  since: (time) => `desde ${time}`,
  savedPagesSearched: (searched, pages) =>
    `${f.count(searched)} de ${f.count(pages)} páginas salvas pesquisadas`,
  firstSearched: (n) => `primeiros ${f.count(n)} registros pesquisados`,
  savedPagesOnly: 'Só páginas salvas',
  searchPartial: (searched, pages, needed, at) =>
    `Pesquisa feita em ${f.count(searched)} ${f.plural(searched, { one: 'página salva', other: 'páginas salvas' })} de ${f.count(pages)}; uma pesquisa completa precisa de mais ${f.count(needed)} ${f.plural(needed, { one: 'requisição', other: 'requisições' })} à API do servidor da comunidade, possível <t:${at}:f> (<t:${at}:R>).`,
});

const auditLog = (f: Formats): Section<'auditLog'> => ({
  title: 'Registro de auditoria',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'entrada', other: 'entradas' })}`,
  empty: 'Nenhuma entrada do registro de auditoria encontrada.',
  typeOf: (type) => `tipo ${type}`,
  by: (user) => `por ${user}`,
  detailTitle: (id, type) => `Entrada do registro de auditoria ${id} · tipo ${type}`,
  description: 'Descrição',
  type: 'Tipo',
  user: 'Usuário',
  application: 'Inscrição',
  time: 'Horário',
  server: (id) => `Servidor ${id}`,
  pageOf: (page) => `Página ${f.count(page)} do registro de auditoria`,
  openKind: 'Entrada de auditoria',
  openType: (type) => `Tipo ${type}`,
});

const application = (f: Formats): Section<'application'> => ({
  title: 'Inscrições',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'inscrição', other: 'inscrições' })}`,
  empty: 'Nenhuma inscrição encontrada.',
  open: 'Aberta',
  closed: 'Fechada',
  untitled: 'Sem título',
  updated: (day) => `atualizada ${day}`,
  detailTitle: (title) => `Inscrição: ${title}`,
  id: 'Id',
  acceptingResponses: 'Aceitando respostas',
  banAppeal: 'Recurso de banimento',
  cooldown: 'Intervalo de espera',
  maxLogs: 'Máx. de registros',
  minMembership: 'Tempo mín. no Discord',
  resultsChannel: 'Canal de resultados',
  eventsChannel: 'Canal de eventos',
  gameGroup: 'Grupo do jogo',
  created: 'Criada',
  lastUpdated: 'Última atualização',
  banner: 'Banner',
  settings: 'Configurações',
  onApproval: 'Ao aprovar',
  onDenial: 'Ao recusar',
  reviewers: 'Avaliadores',
  applicants: 'Candidatos',
  mentionedOnSubmit: 'Mencionados no envio',
  closedMessage: 'Mensagem de encerramento',
  submissionMessage: 'Mensagem de envio',
  sections: 'Seções',
  questions: 'Perguntas',
  presets: 'Modelos',
  adds: 'Adiciona',
  removes: 'Remove',
  review: 'Avaliam',
  reviewOnly: 'Só avaliam',
  mustHave: 'Precisam ter',
  mustNotHave: 'Não podem ter',
  setting: {
    requireChatMember: 'Precisa estar no servidor do Discord',
    collectGameAccount: 'Coleta a conta do jogo',
    stageResponses: 'Respostas em etapas',
    requireApprovedReason: 'Motivo obrigatório para aprovar',
    requiredDenialReason: 'Motivo obrigatório para recusar',
    revealReviewer: 'Revela o avaliador',
    resultsMentionUser: 'Resultados mencionam o candidato',
    inviteOnApproval: 'Convite ao aprovar',
    banAppealNote: 'Nota de recurso de banimento',
  },
  server: (id) => `Servidor ${id}`,
  notFound: 'Nenhuma inscrição com esse id ou título foi encontrada neste servidor da comunidade.',
});

const joinRequest = (_f: Formats): Section<'joinRequest'> => ({
  title: 'Pedido de entrada',
  user: 'Usuário',
  userId: 'Id do usuário',
  joinCode: 'Código de entrada',
  requested: 'Pedido em',
  server: (id) => `Servidor ${id}`,
  memberRecord: 'Ficha do membro',
  notFound: 'Nenhum pedido de entrada desse usuário foi encontrado neste servidor da comunidade.',
});

const player = (f: Formats): Section<'player'> => ({
  title: (username) => `Jogador ${username}`,
  entries: 'Entradas',
  countsOfRead: (n) => `(contagem das ${f.count(n)} lidas, ordem desconhecida)`,
  byType: 'Por tipo',
  temporaryBan: 'Banimento temporário',
  banInEffectUntil: (until) => `Em vigor até ${until}`,
  noBanInEffect: 'Nenhum em vigor',
  banWithoutEnd: (when) =>
    `Um banimento temporário de ${when} não tem horário de desbanimento: pode ainda estar em vigor`,
  banUndecided: (read, total, at, atMost) =>
    `Desconhecido: nenhum em vigor entre as ${f.count(read)} de ${f.count(total)} entradas lidas${at === undefined ? '' : `; ${atMost === undefined ? 'o restante pode ser lido' : `as primeiras ${f.count(atMost)} podem ser lidas`} <t:${at}:f> (<t:${at}:R>)`}`,
  hidden: 'Ocultas',
  expired: 'Expiradas',
  newestShown: (n) => `As ${f.count(n)} mais recentes exibidas`,
  newestOfRead: (n, read) => `As ${f.count(n)} mais recentes das ${f.count(read)} lidas exibidas`,
  allTheirLogs: 'Todos os registros do jogador',
  checkPlayer: 'Verificar jogador',
  gameUsername: 'Nome no jogo',
  typeUsername: 'Digitar um nome…',
  namedTitle: 'Jogadores citados nesta mensagem',
  usernames: (n) => `${f.count(n)} ${f.plural(n, { one: 'nome', other: 'nomes' })}`,
  noUsername: 'Nenhum nome encontrado.',
  theirRecord: 'Histórico de moderação',
});

const people = (_f: Formats): Section<'people'> => ({
  member: (id) => `membro ${id}`,
});

const labels = (_f: Formats): Section<'labels'> => ({
  table: {
    logTypes: 'Tipo de registro',
    loaStatus: 'Status de LOA',
    loaStartType: 'Tipo de início de LOA',
    auditTypes: 'Tipo de auditoria',
    banAppeal: 'Recurso de banimento',
  },
});

const reports = (f: Formats): Section<'reports'> => ({
  period: {
    thisWeek: 'Esta semana',
    lastWeek: 'Semana passada',
    last7Days: 'Últimos 7 dias',
    last30Days: 'Últimos 30 dias',
    thisMonth: 'Este mês',
    lastMonth: 'Mês passado',
  },
  periodSpan: (name, from, to, zone) => `${name} (${from} – ${to}, ${zone})`,
  filterType: (type) => `tipo ${type}`,
  filterWave: (wave) => `onda ${f.count(wave)}`,
  totalsTitle: (period) => `Tempo em serviço · ${period}`,
  memberTitle: (memberId, period) => `Membro ${memberId} · ${period}`,
  members: (n) => `${f.count(n)} ${f.plural(n, { one: 'membro', other: 'membros' })}`,
  shifts: (n) => `${f.count(n)} ${f.plural(n, { one: 'turno', other: 'turnos' })}`,
  loas: (n) => `${f.count(n)} ${f.plural(n, { one: 'ausência', other: 'ausências' })}`,
  atMost: (time) => `no máximo ${time}`,
  longest: (time) => `o mais longo ${time}`,
  onDutyNowCount: (n) => `${f.count(n)} em serviço agora`,
  noShifts: 'Nenhum turno neste período.',
  memberTotal: (time, shifts, longest, approximate) =>
    `${approximate ? 'No máximo ' : ''}${time} em serviço em ${f.count(shifts)} ${f.plural(shifts, { one: 'turno', other: 'turnos' })} (o mais longo: ${longest}).`,
  andMore: (n) => `… e mais ${f.count(n)}`,
  onLeaveTitle: 'Ausentes agora',
  leaveStartingTitle: (days) =>
    `Ausências que começam em até ${f.count(days)} ${f.plural(days, { one: 'dia', other: 'dias' })}`,
  noReturnDate: 'sem data de volta',
  back: (when) => `volta ${when}`,
  fromBack: (start, back) => `a partir de ${start} · volta ${back}`,
  nobodyOnLeave: 'Ninguém está ausente agora.',
  noLeaveStarts: 'Nenhuma ausência começa nesse prazo.',
  quotaTitle: (period) => `Verificação de metas · ${period}`,
  pass: 'cumpriu',
  fail: 'não cumpriu',
  onLeave: 'ausente',
  doneOf: (done, required) => `${done} de ${required}`,
  quotaSummary: (pass, fail, leave) =>
    `${f.count(pass)} cumpriram · ${f.count(fail)} não cumpriram · ${f.count(leave)} ausentes`,
  noQuotaRoles: (where) => `Nenhum membro tem um cargo com meta (${where}).`,
  quotasSetByAdmins: 'os admins definem as metas com /rollcall-admin reports',
  quotasSetInEnvironment: 'as metas são definidas no ambiente do Rollcall (REPORTS_QUOTAS)',
  onDutyTitle: 'Em serviço agora',
  startedAgo: (when) => `começou ${when}`,
  onDutyFor: (time) => `${time} em serviço`,
  nobodyOnDuty: 'Ninguém está em serviço agora.',
  inactiveTitle: (days) =>
    `Sem turno há mais de ${f.count(days)} ${f.plural(days, { one: 'dia', other: 'dias' })}`,
  leaveLeftOut: 'ausentes deixados de fora',
  neverOnDuty: 'nunca em serviço',
  lastShift: (when) => `último turno ${when}`,
  onLeaveNoReturn: 'ausente, sem data de volta',
  onLeaveUntil: (when) => `ausente até ${when}`,
  everyoneActive: 'Todo membro teve um turno nesse prazo.',
  inactiveNeedsEveryPage: (read, total, roles) =>
    `Saber quem ficou inativo exige todas as páginas de turnos, ausências${roles ? ', membros e cargos' : ' e membros'}, e o Rollcall leu ${total === undefined ? f.count(read) : `${f.count(read)} de ${f.count(total)}`} até agora (uma página por vez, no ritmo que a cota mensal da API permite). Ninguém é listado até lá: pergunte de novo mais tarde.`,
  readSoFar: (read, total, next) =>
    `O Rollcall leu ${total === undefined ? f.count(read) : `${f.count(read)} de ${f.count(total)}`} páginas até agora (uma página por vez, no ritmo que a cota mensal da API permite): pergunte de novo ${next === undefined ? 'mais tarde' : `depois de ${next}`}.`,
  notKnownYet: (readSoFar) => `Ainda não se sabe: ${readSoFar}`,
  partialRows: (readSoFar) => `⚠️ Parcial: pode haver mais em páginas ainda não lidas. ${readSoFar}`,
  soFar: (total) => `${total} até agora`,
  failSoFar: 'não cumpriu até agora',
  quotaSummarySoFar: (pass, fail, leave) =>
    `${f.count(pass)} cumpriram · ${f.count(fail)} não cumpriram até agora · ${f.count(leave)} ausentes`,
  runningLong: (days) =>
    `⚠️ em andamento há ${f.count(days)} ${f.plural(days, { one: 'dia', other: 'dias' })} (o encerramento automático pode ter falhado)`,
  memberOption: (memberId) => `Membro ${memberId}`,
  theirShifts: 'Turnos neste período',
  theirRecord: 'Ficha do membro',
  neverOnDutyOption: 'Nunca em serviço',
});

const digest = (f: Formats): Section<'digest'> => ({
  allowanceMark: (used, points, reset) =>
    `O Rollcall gastou ${f.count(used)} dos ${f.count(points)} pedidos mensais à API deste servidor da comunidade; dados salvos são mostrados com mais frequência até a cota recomeçar <t:${reset}:f>.`,
  allowanceSpent: (points, reset) =>
    `O Rollcall gastou todos os ${f.count(points)} pedidos mensais à API deste servidor da comunidade; ele mostra dados salvos até a cota recomeçar <t:${reset}:f>.`,
  language: (name) => `Idioma do resumo: ${name}.`,
  serverDefault: (name) => `o do servidor (${name})`,
});

const help = (_f: Formats): Section<'help'> => ({
  title: 'Comandos do Rollcall',
  intro:
    'Acesso somente leitura aos registros do servidor da comunidade. As listas mudam de página com os botões abaixo; ' +
    '“Abrir…” mostra um registro. Adicione `public:True` a qualquer comando para postar a resposta no canal ' +
    '(senão só você a vê).',
  memberMenus: 'Clique com o botão direito em um membro → Apps',
  messageMenus: 'Clique com o botão direito em uma mensagem → Apps',
  messageMenuLine: 'os jogadores que ela cita e o histórico de cada um',
  moreCommands: 'Mais comandos',
  sampleUser: '@usuario',
});

const status = (f: Formats): Section<'status'> => ({
  title: 'Status do Rollcall',
  footer: 'Contagens desde que o Rollcall iniciou',
  api: 'API',
  reachable: '🟢 Acessível',
  notReachable: '🔴 Inacessível',
  roundTrip: 'Ida e volta',
  milliseconds: (ms) => `${f.count(ms)} ms`,
  savedProbe: (relative) => `resposta salva de ${relative}: nenhuma requisição gasta`,
  cache: 'Cache',
  backendMemory: 'Na memória',
  backendRedis: 'Redis',
  backendOff: 'Desligado',
  healthy: 'funcionando',
  notAnswering: 'não responde',
  hitRate: 'Taxa de acertos do cache',
  noReadsYet: 'nenhuma leitura ainda',
  hits: (percent, hits, reads) =>
    `${new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 }).format(percent)}% (${f.count(hits)} de ${f.count(reads)} leituras)`,
  requestsMade: 'Requisições à API feitas',
  rateLimited: 'Respostas com limite de taxa',
  staleServed: 'Dados salvos mostrados (API fora do ar)',
  coalesced: 'Requisições compartilhadas',
  version: 'Versão',
  uptime: 'Tempo no ar',
  accessRoles: 'Cargos de acesso',
  accessRules: 'Regras de acesso',
  lastRefusals: 'Últimas recusas (este processo)',
  problem: 'Problema',
  leftAsCounted: 'Requisições restantes (na última contagem aqui)',
  leftThisMonth: 'Restam este mês',
  allowedNow: 'Permitido agora',
  leftOf: (left, points) => `${f.count(left)} de ${f.count(points)}`,
  noMonthlyLimit: 'Sem limite mensal',
  savedOnlyUntil: (when) => `Só dados salvos, até ${when}`,
  nothingUntil: (when, limit) => `Nada até ${when} (${limit})`,
  upToReads: (n) => `Até ${f.count(n)} leituras novas`,
  anyRead: 'Qualquer leitura (sem limite definido)',
  readsAndRefresh: (reads, next) => `${reads}; atualização de dados salvos: ${next}`,
  dueNow: 'uma está liberada agora',
  next: (when) => `próxima ${when}`,
  monthName: (limit) => `Cota de API (${limit})`,
  monthLine: (left, points, used, resets) =>
    `Restam ${f.count(left)} de ${f.count(points)} este mês · ${f.count(used)} usadas · renova ${resets}`,
  paceSpent: 'Ritmo: esgotado; dados salvos são mostrados até a renovação',
  paceLine: (every, next) =>
    `Ritmo: uma atualização de dados salvos a cada ${every} (20% reservados para leituras novas) · ${next}`,
  windowName: (limit) => `Limite de requisições (${limit})`,
  windowLine: (left, window, used, refills) =>
    `Restam ${left} nesta janela de ${window} · ${f.count(used)} usadas · recarrega ${refills}`,
  leftOfWindow: (left, per) => `${f.count(left)} de ${f.count(per)}`,
});

const access = (f: Formats): Section<'access'> => ({
  unlinked: 'sem cargo do Discord vinculado',
  badId: 'o cargo do Discord vinculado não é um id de cargo',
  notOnServer: (id) =>
    `seu cargo do Discord vinculado ${id} não é um cargo deste servidor (ele precisa existir em cada servidor que o Rollcall atende)`,
  unknownRole: 'não está entre os cargos da comunidade',
  discordId:
    'um ID de cargo do Discord, não um cargo da comunidade: cargos do Discord vão na configuração de cargos do Discord',
  roleName: (id) => `o nome de um cargo, não seu ID: o cargo da comunidade com esse nome é ${id}`,
  unread: 'não foi possível ler os cargos da comunidade',
  rolesRead: (count, when) => `Lista de cargos (${count} cargos) lida ${when};`,
  firstRoles: (count) => `os primeiros ${f.count(count)}`,
  rolesNext: (when) => `lida de novo no mais tardar ${when}, ou no próximo /rollcall status.`,
  rolesFailing: (when) =>
    `não foi possível lê-la de novo (a API do servidor da comunidade não responde): nova tentativa ${when}.`,
  rolesSpent: (when) => `não lida de novo: a cota da API para isso acabou até ${when}.`,
  rolesPaced: (when) => `ainda não lida de novo: o ritmo do mês permite ${when}.`,
  rolesUnread: (reason, when) =>
    `Não foi possível ler os cargos da comunidade, então cada cargo de acesso custa uma consulta de membro: ${reason} Nova tentativa ${when}.`,
  ruleDiscordRoles: (setting, ids) =>
    `Cargos do Discord (${setting}): ${ids}: verificados de graça em cada interação.`,
  ruleMember: 'Só membros do servidor da comunidade: uma consulta de membro por verificação.',
  ruleRoles: (setting) => `Cargos da comunidade (${setting}):`,
  ruleNone: 'Nenhuma: todos que as permissões dos comandos permitem.',
  quotaNotRoles: (setting, roles) =>
    `${setting} cita cargos que não são cargos da comunidade, então suas cotas não contam ninguém: ${roles}.`,
  quotaDiscordId: 'um ID de cargo do Discord: as cotas usam IDs de cargos da comunidade',
  noRefusals: 'Nenhuma desde que este processo começou.',
  refusalLine: (cause, count, when) => `${cause}: ${f.count(count)} (última ${when})`,
  cause: {
    'discord-role': 'nenhum cargo do Discord da configuração de cargos do Discord',
    'linked-role': 'nenhum dos cargos do Discord vinculados',
    'not-member': 'nenhum membro da comunidade vinculado à conta do Discord',
    'no-access-role': 'um membro sem cargo de acesso',
    held: 'recusado de novo e de novo (sem consulta)',
    misconfigured: 'a configuração de acesso não nomeia nenhum cargo da comunidade',
    'first-checks-spent': 'primeiras verificações do mês esgotadas',
    'unlinked-user': 'nenhum cargo do Discord vinculado a um cargo da comunidade (sem consulta)',
    'no-links':
      'nenhum cargo da comunidade vinculado a um cargo do Discord deste servidor (ninguém novo consultado)',
    'roles-unread': 'cargos da comunidade ilegíveis (ninguém novo consultado)',
    'checks-spent': 'parte das verificações de acesso esgotada',
    unchecked: 'a API do servidor da comunidade não responde',
  },
  discordRole: (id) => `cargo do Discord ${id}`,
  checkedFree: (roles) => `Verificados de graça (cargo do Discord vinculado): ${roles}`,
  costLookup: (roles) => `Custam uma consulta de membro: ${roles}`,
  linkTip: 'Vincule-os a um cargo do Discord no servidor da comunidade para verificá-los de graça.',
});

const admin = (f: Formats): Section<'admin'> => ({
  setupTitle: 'Vincular o Rollcall à sua comunidade',
  tokenLabel: 'O token de API do servidor da comunidade',
  replaceToken: 'Substituir token',
  unlink: 'Desvincular',
  noRoleNeeded: 'none (nenhum cargo necessário)',
  digestDaily: (hour) => `todo dia às ${hour}`,
  digestWeekly: (day, hour) => `toda semana, ${day}, às ${hour}`,
  weekday: {
    monday: 'segunda-feira',
    tuesday: 'terça-feira',
    wednesday: 'quarta-feira',
    thursday: 'quinta-feira',
    friday: 'sexta-feira',
    saturday: 'sábado',
    sunday: 'domingo',
  },
  report: {
    totals: 'tempo em serviço',
    quota: 'resultados de cota',
    leave: 'de ausência agora',
  },
  form: {
    reportsTitle: 'Configurações dos relatórios',
    digestChannel: 'Canal do resumo',
    digestChannelHint: 'Vazio: sem resumo. Um novo resumo precisa da frequência e da hora (opções).',
    reminderChannel: 'Canal dos lembretes de ausência',
    weekStart: 'Primeiro dia da semana',
    language: 'Idioma do resumo',
    serverLanguage: 'O do servidor',
    switches: 'Lembretes e gráficos',
    reminders: 'Postar lembretes de ausência',
    pings: 'Os lembretes mencionam o membro',
    charts: 'Gráficos nos relatórios e resumos',
    settingsTitle: 'Configurações do servidor',
    accessRoles: 'Cargos da comunidade com acesso',
    accessRolesHint: 'Nenhum escolhido: nenhum cargo da comunidade é exigido.',
    accessRolesTyped: 'Nomes ou ids, separados por vírgula (cargos demais para uma lista). Vazio: nenhum.',
    staleRole: (id) => `${id} (fora da lista de cargos)`,
    discordRoles: 'Cargos do Discord com acesso',
    discordRolesHint: 'Nenhum escolhido: nenhum cargo do Discord é exigido.',
    visibility: 'Respostas por padrão',
    private: 'Privadas (só quem pergunta vê)',
    public: 'Publicadas para todos',
    limits: 'Limites de API',
    limitsHint: 'Como 100/month,30/1m. Vazio: os do bot.',
    changed: (items) => `Alterado: ${items}.`,
    nothingChanged: 'Nada mudou.',
    item: {
      digest: 'canal do resumo',
      reminders: 'lembretes de ausência',
      weekStart: 'primeiro dia da semana',
      language: 'idioma do resumo',
      charts: 'gráficos',
      accessRoles: 'cargos da comunidade com acesso',
      discordRoles: 'cargos do Discord com acesso',
      visibility: 'visibilidade padrão',
      limits: 'limites de API',
    },
  },
  reviewAfter: (hours) =>
    hours === undefined
      ? 'Fila de revisão: uma LOA pendente nunca é marcada.'
      : `Fila de revisão: uma LOA pendente aguardando há mais de ${f.count(hours)} h é marcada.`,
});

const reminders = (f: Formats): Section<'reminders'> => ({
  returningTitle: 'Voltam esta semana',
  startingTitle: 'Começam esta semana',
  returningEmpty: 'Ninguém volta de ausência esta semana.',
  startingEmpty: 'Nenhuma ausência começa esta semana.',
  alsoReturning: (n) => `+ ${f.count(n)} ausentes agora que voltam esta semana: veja "Voltam esta semana".`,
  returningRow: (who, back) => `${who} · volta ${back}`,
  startingRow: (who, from, back) => `${who} · a partir de ${from} · volta ${back}`,
  noReturnDate: 'sem data de volta',
  count: (n) => `${f.count(n)} ${f.plural(n, { one: 'ausência', other: 'ausências' })}`,
  reminder: (who, back) => `A ausência termina amanhã: ${who} volta ${back}.`,
  state: (r) =>
    r === undefined
      ? 'Lembretes de ausência: desligados.'
      : `Lembretes de ausência: em ${channelMention(r.channelId)}, no dia antes de uma ausência terminar (${r.pings ? 'mencionando o membro' : 'sem menção'}).${r.problem ? `\n⚠️ ${r.problem}` : ''}`,
  needsChannel: 'Os lembretes de ausência precisam de um canal (reminder-channel). Nada foi salvo.',
  noChannel: (channelId) =>
    `O Rollcall não pode publicar lembretes de ausência em ${channelMention(channelId)}: o canal não existe mais ou não é um canal de texto deste servidor; escolha outro.`,
  missing: (channelId, missing) =>
    `O Rollcall não pode publicar lembretes de ausência em ${channelMention(channelId)}: falta ${f.list(missing)}.`,
  failed:
    'Não foi possível publicar o último lembrete de ausência (o Discord não respondeu); o próximo será tentado.',
  refused: (channelId, permissions) =>
    `O Discord recusou o último lembrete de ausência em ${channelMention(channelId)} (403): falta ao Rollcall ${permissions.join(' ou ')} ali; dê essa permissão a ele, e o próximo será tentado.`,
});

const charts = (f: Formats): Section<'charts'> => ({
  totalsTitle: (period) => `Tempo em serviço · ${period}`,
  quotaTitle: (period) => `Horas em relação à cota · ${period}`,
  memberTitle: (who) => `${who} · tempo em serviço por dia, últimas quatro semanas`,
  digestDaysTitle: 'Tempo em serviço da equipe por dia, semana passada',
  digestLeaveTitle: 'De licença, próxima semana',
  hours: 'Horas',
  quota: 'Cota',
  pass: 'cumprida',
  fail: 'não cumprida',
  onLeave: 'de licença',
  onDuty: 'em serviço',
  firstOf: (shown, total) => `Os primeiros ${f.count(shown)} de ${f.count(total)}`,
  noData: 'Sem gráfico: nada para desenhar.',
  unavailable: 'Sem gráfico: não foi possível desenhar gráficos agora.',
  tooLarge: 'Sem gráfico: a imagem seria grande demais para enviar.',
  off: 'Gráficos: desligados (respostas e resumos vão sem eles).',
});

export const ptBR = {
  locale: 'pt-BR',
  ordinal: (n) => `${n}º`,
  units: { d: ' d', h: ' h', m: ' min', s: ' s' },
  invalidDate: (raw) => `${raw} (não é uma data válida)`,
  commands: {
    'Staff record.name': 'Ficha da equipe',
    'LOAs.name': 'Ausências (LOAs)',
    'Join request.name': 'Pedido de entrada',
    'Check player.name': 'Verificar jogador',
    'loa.description': 'Ausências (LOAs) do servidor da comunidade',
    'loa.list.description':
      'Listar as LOAs (recentes primeiro) ou as de um estado (pendentes: antigas primeiro)',
    'loa.list.options.status.description':
      'Só pendentes de revisão, em ausência agora (ativas) ou encerradas',
    'loa.list.options.status.choices.pending.name': 'Pendente de revisão',
    'loa.list.options.status.choices.active.name': 'Ativa (em ausência agora)',
    'loa.list.options.status.choices.ended.name': 'Encerrada',
    'loa.list.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'loa.view.description': 'Mostrar uma LOA',
    'loa.view.options.id.description': 'O id da LOA',
    'loa.view.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'loa.member.description': 'Listar as LOAs de um membro',
    'loa.member.options.user.description': 'O membro no Discord',
    'loa.member.options.member-id.description':
      'O id do membro no servidor da comunidade (em vez de um usuário do Discord)',
    'loa.member.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'loa.active.description': 'Quem está ausente agora, com datas de retorno',
    'loa.active.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'loa.upcoming.description': 'Ausências que começam nos próximos dias',
    'loa.upcoming.options.days.description': 'Quantos dias à frente (padrão 7)',
    'loa.upcoming.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'log.description': 'Registros de moderação do servidor da comunidade',
    'log.view.description': 'Mostrar um registro de moderação',
    'log.view.options.id.description': 'O id do registro',
    'log.view.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'log.user.description': 'Listar os registros de moderação de um jogador, pelo nome no jogo',
    'log.user.options.username.description': 'O nome do jogador no jogo (não o nome no Discord)',
    'log.user.options.type.description': 'Só registros deste código de tipo',
    'log.user.options.since.description':
      'Só registros desde uma data (2026-11-01, UTC) ou um período até agora (7d, 30d)',
    'log.user.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'audit-log.description': 'Registro de auditoria do servidor da comunidade',
    'audit-log.list.description':
      'Listar entradas do registro de auditoria; abra uma para ver todos os detalhes',
    'audit-log.list.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'shift.description': 'Turnos de serviço no servidor da comunidade',
    'shift.list.description': 'Listar todos os turnos',
    'shift.list.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'shift.view.description': 'Mostrar um turno, com duração e pausas',
    'shift.view.options.id.description': 'O id do turno',
    'shift.view.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'shift.active.description': 'Quem está em serviço agora: cada turno em andamento, o mais longo primeiro',
    'shift.active.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'shift.totals.description': 'Membros por tempo de serviço (sem pausas) em um período, ou um membro',
    'shift.totals.options.period.description': 'O período, no fuso horário do servidor',
    'shift.totals.options.period.choices.this-week.name': 'Esta semana',
    'shift.totals.options.period.choices.last-week.name': 'Semana passada',
    'shift.totals.options.period.choices.7-days.name': 'Últimos 7 dias',
    'shift.totals.options.period.choices.30-days.name': 'Últimos 30 dias',
    'shift.totals.options.period.choices.this-month.name': 'Este mês',
    'shift.totals.options.period.choices.last-month.name': 'Mês passado',
    'shift.totals.options.type.description': 'Só turnos deste tipo',
    'shift.totals.options.wave.description': 'Só turnos desta onda',
    'shift.totals.options.user.description': 'O membro no Discord',
    'shift.totals.options.member-id.description':
      'Só este membro: o id dele no servidor da comunidade (em vez de um usuário do Discord)',
    'shift.totals.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'role.description': 'Cargos do servidor da comunidade',
    'role.list.description': 'Listar todos os cargos',
    'role.list.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'role.view.description': 'Mostrar um cargo',
    'role.view.options.role.description': 'Digite o nome do cargo e escolha, ou informe o id do cargo',
    'role.view.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'me.description': 'Seu próprio registro da equipe (só você vê)',
    'member.description': 'Membros do servidor da comunidade',
    'member.list.description': 'Listar todos os membros',
    'member.list.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'member.view.description': 'Mostrar um membro, por usuário do Discord ou id de membro',
    'member.view.options.user.description': 'O membro no Discord',
    'member.view.options.member-id.description':
      'O id do membro no servidor da comunidade (em vez de um usuário do Discord)',
    'member.view.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'application.description': 'Formulários de inscrição do servidor da comunidade',
    'application.list.description': 'Listar todos os formulários de inscrição',
    'application.list.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'application.view.description': 'Mostrar um formulário de inscrição e suas configurações',
    'application.view.options.application.description':
      'Digite o título e escolha, ou informe o id da inscrição',
    'application.view.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'join-request.description': 'Pedidos de entrada no servidor da comunidade',
    'join-request.view.description':
      'Mostrar o pedido de entrada de um usuário, por usuário do Discord ou id',
    'join-request.view.options.user.description': 'O usuário no Discord',
    'join-request.view.options.user-id.description':
      'O id do usuário (em vez de escolher um usuário do Discord)',
    'join-request.view.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'quota.description': 'Metas de atividade do servidor da comunidade',
    'quota.check.description':
      'Exigido e feito por membro com um cargo com meta; quem está ausente fica isento',
    'quota.check.options.period.description': 'O período, no fuso horário do servidor',
    'quota.check.options.period.choices.this-week.name': 'Esta semana',
    'quota.check.options.period.choices.last-week.name': 'Semana passada',
    'quota.check.options.period.choices.7-days.name': 'Últimos 7 dias',
    'quota.check.options.period.choices.30-days.name': 'Últimos 30 dias',
    'quota.check.options.period.choices.this-month.name': 'Este mês',
    'quota.check.options.period.choices.last-month.name': 'Mês passado',
    'quota.check.options.public.description': 'Publicar a resposta no canal para todos (padrão: só você vê)',
    'quota.inactive.description': 'Membros sem turno há alguns dias, ou nunca; os de licença ficam de fora',
    'quota.inactive.options.days.description': 'Sem turno há mais que estes dias (padrão 14)',
    'quota.inactive.options.role.description': 'Só membros com este cargo da comunidade (nome ou ID)',
    'quota.inactive.options.include-leave.description':
      'Incluir também quem está de licença, com a volta (padrão: de fora)',
    'quota.inactive.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'rollcall.description': 'Sobre o Rollcall: seus comandos e seu estado',
    'rollcall.help.description': 'Listar cada comando com um exemplo',
    'rollcall.help.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'rollcall.status.description': 'Verificar a conexão com a API, o cache e a cota de API restante',
    'rollcall.status.options.public.description':
      'Publicar a resposta no canal para todos (padrão: só você vê)',
    'rollcall-admin.description': 'Vincular este servidor ao servidor da comunidade (admins do servidor)',
    'rollcall-admin.setup.description':
      'Vincular este servidor com o token de API da comunidade, ou ver e mudar o vínculo',
    'rollcall-admin.settings.description':
      'Mostrar ou mudar as configurações deste servidor (sem opção: ver)',
    'rollcall-admin.settings.options.visibility.description':
      'Se as respostas são privadas ou publicadas para todos por padrão',
    'rollcall-admin.settings.options.visibility.choices.private.name': 'privadas',
    'rollcall-admin.settings.options.visibility.choices.public.name': 'públicas',
    'rollcall-admin.settings.options.access-roles.description':
      'Cargos da comunidade (nomes ou ids, separados por vírgula) que podem usar o Rollcall; none: todos',
    'rollcall-admin.settings.options.limits.description':
      'Os limites de API do plano da comunidade, como 100/month,30/1m; default: os do bot',
    'rollcall-admin.settings.options.discord-roles.description':
      'Cargos deste servidor (pelo nome, separados por vírgula) que podem usar o Rollcall; none',
    'rollcall-admin.settings.options.show.description':
      'True mostra as configurações em texto em vez de abrir o formulário',
    'rollcall-admin.labels.description':
      'Dar nomes aos códigos numéricos da comunidade (tipos de registro, status de LOA…); sem opção: ver',
    'rollcall-admin.labels.options.table.description': 'Quais códigos',
    'rollcall-admin.labels.options.table.choices.logTypes.name': 'Tipo de registro',
    'rollcall-admin.labels.options.table.choices.loaStatus.name': 'Status de LOA',
    'rollcall-admin.labels.options.table.choices.loaStartType.name': 'Tipo de início de LOA',
    'rollcall-admin.labels.options.table.choices.auditTypes.name': 'Tipo de auditoria',
    'rollcall-admin.labels.options.table.choices.banAppeal.name': 'Recurso de banimento',
    'rollcall-admin.labels.options.code.description': 'O número do código, como 3',
    'rollcall-admin.labels.options.label.description':
      'Como a comunidade o chama (1 a 40 caracteres, texto simples)',
    'rollcall-admin.labels.options.clear.description':
      'Remover o rótulo do código (sem código: todos os rótulos da tabela)',
    'rollcall-admin.unlink.description': 'Apagar o token de API e as configurações deste servidor',
    'rollcall-admin.reports.description':
      'Ver ou mudar as configurações de relatórios: fuso horário, início da semana, metas, resumo',
    'rollcall-admin.reports.options.time-zone.description':
      'O fuso horário da comunidade, um nome IANA como Europe/London',
    'rollcall-admin.reports.options.week-start.description': 'O primeiro dia da semana',
    'rollcall-admin.reports.options.week-start.choices.monday.name': 'segunda-feira',
    'rollcall-admin.reports.options.week-start.choices.tuesday.name': 'terça-feira',
    'rollcall-admin.reports.options.week-start.choices.wednesday.name': 'quarta-feira',
    'rollcall-admin.reports.options.week-start.choices.thursday.name': 'quinta-feira',
    'rollcall-admin.reports.options.week-start.choices.friday.name': 'sexta-feira',
    'rollcall-admin.reports.options.week-start.choices.saturday.name': 'sábado',
    'rollcall-admin.reports.options.week-start.choices.sunday.name': 'domingo',
    'rollcall-admin.reports.options.quota-role.description':
      'Um cargo da comunidade (nome ou id) cujos membros têm uma meta',
    'rollcall-admin.reports.options.quota-hours.description':
      'Horas de serviço que o cargo deve por período de relatório (0 remove a meta)',
    'rollcall-admin.reports.options.digest.description':
      'Publicar relatórios em um canal conforme uma agenda (desativado para)',
    'rollcall-admin.reports.options.digest.choices.daily.name': 'diário',
    'rollcall-admin.reports.options.digest.choices.weekly.name': 'semanal',
    'rollcall-admin.reports.options.digest.choices.off.name': 'desativado',
    'rollcall-admin.reports.options.digest-channel.description': 'O canal onde o resumo é publicado',
    'rollcall-admin.reports.options.digest-hour.description':
      'A hora (0-23, fuso horário de relatórios do servidor) em que o resumo é publicado',
    'rollcall-admin.reports.options.digest-day.description': 'O dia em que um resumo semanal é publicado',
    'rollcall-admin.reports.options.digest-day.choices.monday.name': 'segunda-feira',
    'rollcall-admin.reports.options.digest-day.choices.tuesday.name': 'terça-feira',
    'rollcall-admin.reports.options.digest-day.choices.wednesday.name': 'quarta-feira',
    'rollcall-admin.reports.options.digest-day.choices.thursday.name': 'quinta-feira',
    'rollcall-admin.reports.options.digest-day.choices.friday.name': 'sexta-feira',
    'rollcall-admin.reports.options.digest-day.choices.saturday.name': 'sábado',
    'rollcall-admin.reports.options.digest-day.choices.sunday.name': 'domingo',
    'rollcall-admin.reports.options.digest-reports.description':
      'Quais relatórios o resumo traz (padrão: os três)',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota,leave.name':
      'totais, meta, ausências',
    'rollcall-admin.reports.options.digest-reports.choices.totals.name': 'totais',
    'rollcall-admin.reports.options.digest-reports.choices.quota.name': 'meta',
    'rollcall-admin.reports.options.digest-reports.choices.leave.name': 'ausências',
    'rollcall-admin.reports.options.digest-reports.choices.totals,quota.name': 'totais, meta',
    'rollcall-admin.reports.options.digest-reports.choices.totals,leave.name': 'totais, ausências',
    'rollcall-admin.reports.options.digest-reports.choices.quota,leave.name': 'meta, ausências',
    'rollcall-admin.reports.options.language.description':
      'O idioma em que os resumos são publicados (padrão: o do servidor)',
    'rollcall-admin.reports.options.language.choices.server.name': 'padrão do servidor',
    'rollcall-admin.reports.options.language.choices.en.name': 'English',
    'rollcall-admin.reports.options.language.choices.de.name': 'Deutsch',
    'rollcall-admin.reports.options.language.choices.es-ES.name': 'Español',
    'rollcall-admin.reports.options.language.choices.fr.name': 'Français',
    'rollcall-admin.reports.options.language.choices.pt-BR.name': 'Português (Brasil)',
    'rollcall-admin.reports.options.reminder-channel.description':
      'Publicar aqui um lembrete na véspera do fim de uma ausência',
    'rollcall-admin.reports.options.reminder-pings.description':
      'Se o lembrete menciona com ping o membro citado (padrão: não)',
    'rollcall-admin.reports.options.show.description':
      'True mostra as configurações em texto em vez de abrir o formulário',
    'rollcall-admin.reports.options.reminders-off.description': 'True desativa os lembretes de ausência',
    'rollcall-admin.reports.options.review-after-hours.description':
      'Horas que uma LOA pendente pode aguardar antes de ser marcada (0: nunca)',
    'rollcall-admin.reports.options.charts.description':
      'Se as respostas de relatórios e os resumos trazem gráficos (padrão: sim)',
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
