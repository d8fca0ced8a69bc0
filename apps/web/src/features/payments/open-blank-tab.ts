/**
 * Pop-up blockers let through a tab opened during the click itself, not one opened when the payment
 * reply arrives: so the tab opens blank on submit and is sent to the payment page afterwards.
 */
export function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The payment page must not be able to reach back into the shop through window.opener.
  tab.opener = null;
  try {
    tab.document.title = 'Переход к оплате…';
    tab.document.body.textContent = 'Переходим к оплате…';
  } catch {
    // Only cosmetic: a tab that refuses it still goes to the payment page.
  }
  return tab;
}
