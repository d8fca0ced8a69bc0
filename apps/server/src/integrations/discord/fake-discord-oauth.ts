import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeDiscordState } from './fake-discord-state';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

type Query = Record<string, unknown>;

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.status(status).send({ error, error_description: description });
}

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;background:#313338;color:#f2f3f5;display:grid;place-items:center;min-height:100vh;margin:0">
<main style="background:#2b2d31;padding:32px;border-radius:8px;max-width:420px;width:90%">${body}</main></body></html>`;
}

/**
 * OAuth2 as Discord runs it: the authorize page (here, the choice of a demo account instead of a
 * password), the redirect back with `code` and `state`, the token endpoint (client id and secret in
 * the form) and `users/@me` with the access token. Mounted under `prefix` (the page) and `api`.
 */
export function registerFakeDiscordOAuth(
  app: FastifyInstance,
  state: FakeDiscordState,
  paths: { prefix: string; api: string },
) {
  const { settings } = state;
  const checkAuthorize = (query: Query): string | null => {
    if (text(query.client_id) !== settings.clientId) return 'Неизвестное приложение (client_id)';
    if (text(query.response_type) !== 'code') return 'response_type должен быть code';
    if (!text(query.scope).split(' ').includes('identify')) return 'Нужна область identify';
    if (!/^https?:\/\//.test(text(query.redirect_uri))) return 'Неверный redirect_uri';
    return null;
  };

  app.get(`${paths.prefix}/oauth2/authorize`, async (request, reply) => {
    const query = request.query as Query;
    const problem = checkAuthorize(query);
    if (problem)
      return reply
        .status(400)
        .type('text/html')
        .send(page('Ошибка', escapeHtml(problem)));
    const base = new URLSearchParams({
      client_id: text(query.client_id),
      redirect_uri: text(query.redirect_uri),
      response_type: 'code',
      scope: text(query.scope),
      state: text(query.state),
    });
    const choices = [...state.users.values()]
      .map((user) => {
        const href = `${paths.prefix}/oauth2/authorize/approve?${base.toString()}&user=${user.id}`;
        return `<p><a style="color:#fff;background:#5865f2;padding:10px 16px;border-radius:4px;display:block;text-decoration:none" href="${escapeHtml(href)}">Авторизовать как ${escapeHtml(user.globalName ?? user.username)} (@${escapeHtml(user.username)})</a></p>`;
      })
      .join('');
    const cancel = new URL(text(query.redirect_uri));
    cancel.searchParams.set('error', 'access_denied');
    cancel.searchParams.set('state', text(query.state));
    return reply
      .type('text/html')
      .send(
        page(
          'Discord (демо)',
          `<h1 style="font-size:20px">Демо-Discord</h1><p>Приложение магазина просит доступ: <b>знать ваше имя пользователя</b> (identify).</p>${choices}<p><a style="color:#b5bac1" href="${escapeHtml(cancel.toString())}">Отмена</a></p>`,
        ),
      );
  });

  app.get(`${paths.prefix}/oauth2/authorize/approve`, async (request, reply) => {
    const query = request.query as Query;
    const problem = checkAuthorize(query);
    const user = state.users.get(text(query.user));
    if (problem || !user) return reply.status(400).send(problem ?? 'Неизвестный пользователь');
    const back = new URL(text(query.redirect_uri));
    back.searchParams.set('code', state.issueCode(user.id, text(query.redirect_uri)));
    if (text(query.state)) back.searchParams.set('state', text(query.state));
    return reply.redirect(back.toString());
  });

  app.post(`${paths.api}/v10/oauth2/token`, async (request, reply) => {
    if (state.down) return reply.status(503).send({ message: 'Service Unavailable' });
    const form = (request.body ?? {}) as Query;
    if (
      text(form.client_id) !== settings.clientId ||
      text(form.client_secret) !== settings.clientSecret
    ) {
      return oauthError(reply, 401, 'invalid_client', 'Invalid client');
    }
    if (text(form.grant_type) !== 'authorization_code') {
      return oauthError(reply, 400, 'unsupported_grant_type', 'Unsupported grant type');
    }
    const grant = state.codes.get(text(form.code));
    if (!grant || grant.redirectUri !== text(form.redirect_uri)) {
      return oauthError(reply, 400, 'invalid_grant', 'Invalid "code" in request.');
    }
    state.codes.delete(text(form.code));
    const accessToken = state.issueCode(grant.userId, '');
    state.codes.delete(accessToken);
    state.tokens.set(accessToken, grant.userId);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: `r${accessToken}`,
      scope: 'identify',
    };
  });

  // `@me` arrives as written or percent-encoded (as @discordjs/rest sends it); Discord takes both.
  app.get<{ Params: { user: string } }>(`${paths.api}/v10/users/:user`, async (request, reply) => {
    if (state.down) return reply.status(503).send({ message: 'Service Unavailable' });
    if (request.params.user !== '@me')
      return reply.status(401).send({ message: '401: Unauthorized', code: 0 });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const user = state.users.get(state.tokens.get(token) ?? '');
    if (!user) return reply.status(401).send({ message: '401: Unauthorized', code: 0 });
    return {
      id: user.id,
      username: user.username,
      global_name: user.globalName,
      discriminator: '0',
      avatar: null,
    };
  });
}
