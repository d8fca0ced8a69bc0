import type { DemoPlayer } from './demo-players';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The demo provider's sign-in page: pick an account, as one would sign in on Steam. */
export function renderPickerPage(input: {
  action: string;
  returnTo: string;
  players: readonly DemoPlayer[];
}): string {
  const buttons = input.players
    .map(
      (player) => `
      <button type="submit" name="steamId" value="${player.steamId}">
        <span class="avatar" style="background:${player.colour}">${escapeHtml(player.personaname.slice(0, 1))}</span>
        <span class="who"><strong>${escapeHtml(player.personaname)}</strong>
        <small>${player.role === 'admin' ? 'Администратор' : 'Игрок'} · ${player.steamId}</small></span>
      </button>`,
    )
    .join('');
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Демо-вход через Steam</title>
<style>
  body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f1114;color:#e7e2dc;font:16px system-ui,sans-serif}
  *{box-sizing:border-box}
  main{width:min(420px,92vw);background:#171a1f;border:1px solid #2a2f36;border-radius:14px;padding:28px}
  h1{font-size:20px;margin:0 0 6px} p{color:#9aa3ad;margin:0 0 20px;font-size:14px}
  button{display:flex;gap:12px;align-items:center;width:100%;margin:0 0 10px;padding:12px;border-radius:10px;
    border:1px solid #2a2f36;background:#1d2127;color:inherit;font:inherit;text-align:left;cursor:pointer}
  button:hover,button:focus-visible{border-color:#ce422b;outline:none}
  .avatar{width:40px;height:40px;border-radius:8px;display:grid;place-items:center;font-weight:700;color:#fff}
  .who{display:flex;flex-direction:column} small{color:#9aa3ad}
</style></head>
<body><main>
  <h1>Демо-вход через Steam</h1>
  <p>Демонстрационный режим: выберите аккаунт. Магазин проверит вход так же, как проверяет вход через Steam.</p>
  <form method="post" action="${escapeHtml(input.action)}">
    <input type="hidden" name="returnTo" value="${escapeHtml(input.returnTo)}">${buttons}
  </form>
</main></body></html>`;
}
