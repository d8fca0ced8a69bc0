/**
 * What an admin reads when the shop cannot talk to a game server over RCON (a server's «Последняя
 * ошибка»): plain Russian that says what to check. Node's and the WebSocket library's own words
 * («connect ECONNREFUSED 10.0.0.5:28016») go to the log only (rcon-backoff's describeFailure).
 */
export const RCON_ERRORS = {
  refusedConnection:
    'Нет связи по RCON: сервер не принимает подключения. Проверьте порт RCON и что игровой сервер запущен.',
  timedOut: 'Нет связи по RCON: сервер не ответил вовремя. Проверьте IP-адрес и порт RCON.',
  unreachable:
    'Нет связи по RCON: адрес сервера недоступен из сети магазина. Проверьте IP-адрес сервера.',
  unknownHost: 'Нет связи по RCON: адрес сервера не найден. Проверьте IP-адрес или имя хоста.',
  reset: 'Нет связи по RCON: сервер оборвал соединение.',
  notRcon: 'Нет связи по RCON: по этому адресу и порту отвечает не RCON игрового сервера.',
  closed: 'Нет связи по RCON: сервер закрыл соединение, не ответив.',
  other: 'Нет связи по RCON: не удалось подключиться к серверу.',
  linkLost: 'Связь по RCON прервалась; магазин переподключается.',
  passwordRefused: 'Сервер отклонил пароль RCON. Проверьте пароль в настройках сервера.',
  passwordRefusedStopped:
    'Сервер отклонил пароль RCON несколько раз подряд. Магазин не будет пробовать снова, пока пароль в настройках сервера не изменят: иначе игра заблокирует его адрес.',
} as const;

const BY_CODE: Record<string, string> = {
  ECONNREFUSED: RCON_ERRORS.refusedConnection,
  ETIMEDOUT: RCON_ERRORS.timedOut,
  ESOCKETTIMEDOUT: RCON_ERRORS.timedOut,
  EHOSTUNREACH: RCON_ERRORS.unreachable,
  ENETUNREACH: RCON_ERRORS.unreachable,
  EHOSTDOWN: RCON_ERRORS.unreachable,
  ENETDOWN: RCON_ERRORS.unreachable,
  EADDRNOTAVAIL: RCON_ERRORS.unreachable,
  ENOTFOUND: RCON_ERRORS.unknownHost,
  EAI_AGAIN: RCON_ERRORS.unknownHost,
  EAI_FAIL: RCON_ERRORS.unknownHost,
  EAI_NONAME: RCON_ERRORS.unknownHost,
  ECONNRESET: RCON_ERRORS.reset,
  EPIPE: RCON_ERRORS.reset,
};

/**
 * The admin's words for a connection attempt that failed before the link was up: by the error the
 * socket reported (its `code`, or ws's own messages), or, with none, the server closing on us.
 */
export function connectionFailureText(error: unknown): string {
  if (!(error instanceof Error)) return RCON_ERRORS.closed;
  const code = (error as NodeJS.ErrnoException).code;
  const byCode = typeof code === 'string' ? BY_CODE[code] : undefined;
  if (byCode) return byCode;
  if (/handshake has timed out/i.test(error.message)) return RCON_ERRORS.timedOut;
  // Something answered HTTP there, but not with the WebSocket upgrade WebRcon gives.
  if (/Unexpected server response|Invalid Sec-WebSocket/i.test(error.message)) {
    return RCON_ERRORS.notRcon;
  }
  return RCON_ERRORS.other;
}
