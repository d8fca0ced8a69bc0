/** Russian texts the server sends back in `{ error, message }` replies. One place, so web and server agree. */
export const errorMessages = {
  badRequest: 'Неверные данные запроса',
  unauthorized: 'Требуется вход в систему',
  forbidden: 'Недостаточно прав',
  notFound: 'Не найдено',
  rateLimited: 'Слишком много запросов, попробуйте позже',
  internal: 'Внутренняя ошибка сервера. Попробуйте позже.',
  databaseUnavailable: 'База данных недоступна',
  unsafeText: 'Текст содержит недопустимые символы',
  tooDeep: 'Слишком сложная структура запроса',
  payloadTooLarge: 'Слишком большой запрос',
  sessionExpired: 'Сессия истекла. Войдите снова.',
  idempotencyMismatch: 'Этот ключ Idempotency-Key уже использован для другого запроса',
  signInExpired: 'Ссылка для входа устарела. Войдите снова.',
  steamLoginFailed: 'Не удалось войти через Steam. Пожалуйста, попробуйте снова.',
  signInOtherBrowser:
    'Этот вход начат не в этом браузере, поэтому он не выполнен. Чтобы войти, нажмите «Войти через Steam» здесь.',
} as const;

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'payload_too_large'
  | 'conflict'
  | 'unprocessable'
  | 'provider_unavailable'
  /** A game server's request signed right but timed by a clock too far from the shop's. */
  | 'clock_skew'
  /** The database does not answer (PostgreSQL stopped or restarting): 503, try again shortly. */
  | 'database_unavailable'
  | 'internal';
