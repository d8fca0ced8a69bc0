import type { CommandCheck, PermissionCommand } from '../../integrations/rust-rcon/index';

/** Why an RCON delivery waits or failed, as the admin (and the buyer) reads it. */
export const DELIVERY_REASONS = {
  offline: 'Игрок не в сети: выдача при следующем входе',
  inventoryFull: 'Инвентарь полон: выдача повторится позже',
  serverDown: 'Сервер недоступен по RCON: выдача повторится позже',
  invalidItem: 'Игра не знает такого предмета: проверьте shortname товара',
  serverGone: 'Сервер удалён',
  unknownOutcome:
    'Сервер не подтвердил выдачу: проверьте инвентарь игрока, затем повторите или верните деньги',
  interrupted:
    'Выдача прервалась во время команды: проверьте инвентарь игрока, затем повторите или верните деньги',
  unexpectedReply: 'Неожиданный ответ сервера',
  shopRestarting: 'Магазин перезапускается: выдача продолжится',
} as const;

/** A kit waits for room: the pieces the game confirmed stay given, the rest follow. */
export const kitWaitsForRoom = (given: number, total: number) =>
  `Ждёт места в инвентаре: выдано ${given} из ${total} частей набора, остальное — когда освободится место`;

const RETRY = 'и нажмите «Повторить выдачу»';

const groupCommand = (change: PermissionCommand, group: string) =>
  `${change.dialect === 'oxide' ? 'oxide.group add' : 'c.group add'} ${group}`;

function notApplied(change: PermissionCommand): string {
  const { target } = change;
  switch (change.change) {
    case 'join':
      return `Игрок не попал в группу ${target}: после команды в его группах её нет. Проверьте права на сервере ${RETRY}`;
    case 'leave':
      return `Игрок остался в группе ${target} после команды. Проверьте права на сервере ${RETRY}`;
    case 'grant':
      return `У игрока не появилось право ${target} после команды. Проверьте права на сервере ${RETRY}`;
    case 'revoke':
      return `У игрока осталось право ${target} (возможно, через одну из его групп). Проверьте права на сервере ${RETRY}`;
  }
}

/** Why a command of a product did not do its work, naming the group, permission or line at fault. */
export function commandFailure(
  check: Exclude<CommandCheck, { kind: 'done' } | { kind: 'unavailable' }>,
  command: string,
): string {
  switch (check.kind) {
    case 'no-answer':
      return `Игра не ответила на команду «${command}»: такой команды, скорее всего, нет на сервере (проверьте плагин и команды товара). Исправьте ${RETRY}`;
    case 'lost':
      return `Связь прервалась во время команды «${command}»: проверьте, выполнилась ли она, затем повторите выдачу или верните деньги`;
    case 'error':
      return `Игра ответила на команду «${command}» ошибкой: ${check.line.slice(0, 200)}`;
    case 'not-applied':
      return notApplied(check.change);
    case 'unverified':
      return check.answer === null
        ? `Не удалось проверить, выполнилась ли команда «${command}»: сервер не ответил на проверку. Проверьте права игрока ${RETRY}`
        : `Не удалось проверить, выполнилась ли команда «${command}»: непонятный ответ на проверку (${check.answer.slice(0, 120)})`;
    case 'refused': {
      const { change, refusal } = check;
      switch (refusal.kind) {
        case 'group-missing':
          return `Группа ${refusal.group} не существует на сервере: создайте её (${groupCommand(change, refusal.group)}) ${RETRY}`;
        case 'permission-missing':
          return `Права ${refusal.permission} нет на сервере: загрузите плагин, который его объявляет, ${RETRY}`;
        case 'player-not-found':
          return `Сервер не нашёл игрока ${change.player} для команды «${command}»`;
        case 'several-players':
          return `Под «${change.player}» сервер нашёл нескольких игроков: в команде нужен Steam ID ({playerId})`;
        case 'permissions-not-loaded':
          return `Oxide на сервере не смог загрузить файлы прав: исправьте это ${RETRY}`;
        case 'usage':
          return `Команда «${command}» записана неверно, игра ответила: ${refusal.line}`;
      }
    }
  }
}
