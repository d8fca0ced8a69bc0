/** SPEC §4: the notice shown when the stored session cannot be loaded. */
export const AUTH_ERROR_TITLE = 'Ошибка авторизации';
export const AUTH_ERROR_FALLBACK = 'Не удалось войти. Пожалуйста, попробуйте снова.';
