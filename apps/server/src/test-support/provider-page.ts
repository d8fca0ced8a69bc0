const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** Presses a button on a payment page as a browser would: the form's hidden fields plus the button. */
export function pressOnPage(
  origin: string,
  html: string,
  action: 'pay' | 'cancel',
): Promise<Response> {
  const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!formAction) throw new Error('no form on the page');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    form.set(unescapeHtml(name ?? ''), unescapeHtml(value ?? ''));
  }
  form.set('action', action);
  return fetch(`${origin}${unescapeHtml(formAction)}`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
}

/** Opens the payment page of a link and presses a button on it. */
export async function payThroughPage(
  url: string,
  action: 'pay' | 'cancel' = 'pay',
): Promise<Response> {
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`payment page answered ${page.status}`);
  return pressOnPage(new URL(url).origin, await page.text(), action);
}
