import { describe, expect, it } from 'vitest';
import { draftFrom, NOTHING_TO_PUBLISH, publishRequest, sectionBody } from './site-draft';
import { testAdminSite } from './test-site';

const stored = testAdminSite();

function edited(change: (draft: ReturnType<typeof draftFrom>) => void) {
  const draft = draftFrom(stored);
  change(draft);
  return draft;
}

describe('the draft', () => {
  it('is a copy: editing it leaves the settings in force alone', () => {
    const draft = draftFrom(stored);
    draft.content.texts.features[0]!.title = 'Другое';
    draft.content.links.push({ kind: 'vk', url: 'https://vk.com/x', label: 'x', main: false });
    expect(stored.content.texts.features[0]!.title).toBe('Мощные серверы');
    expect(stored.content.links).toEqual([]);
  });
});

describe('what each section publishes', () => {
  const draft = edited((next) => {
    next.content.name = 'Ржавый';
    next.content.colors.primary = '#2b8cce';
    next.content.texts.hero.title = 'Новый заголовок';
    next.content.links = [{ kind: 'telegram', url: 'https://t.me/rust', label: 'TG', main: true }];
    next.content.topUp.bonusPercent = 15;
    next.content.notices.webhookSender = 'Бот';
  });

  it('sends what changed among its own fields only', () => {
    expect(sectionBody('shop', draft, stored)).toEqual({
      name: 'Ржавый',
      colors: { primary: '#2b8cce' },
    });
    expect(sectionBody('texts', draft, stored)).toEqual({
      texts: { hero: { title: 'Новый заголовок' } },
    });
    expect(sectionBody('links', draft, stored)).toEqual({ links: draft.content.links });
    expect(sectionBody('catalog', draft, stored)).toEqual({ topUp: { bonusPercent: 15 } });
    expect(sectionBody('notices', draft, stored)).toEqual({ notices: { webhookSender: 'Бот' } });
  });

  it('sends a list whole once anything in it changed, as the server replaces lists', () => {
    const moved = edited((next) => {
      next.content.texts.features[0]!.icon = 'zap';
      next.content.categories[1]!.hidden = true;
    });
    expect(sectionBody('texts', moved, stored)).toEqual({
      texts: { features: moved.content.texts.features },
    });
    expect(sectionBody('catalog', moved, stored)).toEqual({
      categories: moved.content.categories,
    });
  });

  it('sends a legal text only when edited, or a sample the owner accepts as it is', () => {
    expect(sectionBody('legal', draftFrom(stored), stored)).toEqual({});
    const changed = edited((next) => {
      next.legal.rules = '## Правила 2';
      next.acceptSample.privacy = true;
      // Accepting a text already the owner's sends nothing more.
      next.acceptSample.rules = true;
      next.content.seller.inn = '7700000000';
    });
    expect(sectionBody('legal', changed, stored).seller).toEqual({ inn: '7700000000' });
    expect(sectionBody('legal', changed, stored).legal).toEqual({
      rules: '## Правила 2',
      privacy: stored.legal.privacy,
    });
  });

  it('goes out trimmed, as the server keeps it', () => {
    const request = publishRequest(
      'shop',
      edited((next) => {
        next.content.name = '  Ржавый  ';
      }),
      stored,
    );
    expect(request).toMatchObject({ ok: true, body: { name: 'Ржавый' } });
  });
});

describe('publishing refuses before sending', () => {
  it('a section with nothing changed', () => {
    expect(publishRequest('texts', draftFrom(stored), stored)).toEqual({
      ok: false,
      message: NOTHING_TO_PUBLISH,
    });
  });

  it('a colour too dark for the page', () => {
    const request = publishRequest(
      'shop',
      edited((next) => {
        next.content.colors.primary = '#111111';
      }),
      stored,
    );
    expect(request.ok).toBe(false);
    expect(!request.ok && request.message).toMatch(/^Основной цвет: Цвет слишком тёмный/);
  });

  it('an empty required text, naming the field as the server does', () => {
    const request = publishRequest(
      'texts',
      edited((next) => {
        next.content.texts.features[1]!.title = ' ';
      }),
      stored,
    );
    expect(request).toEqual({ ok: false, message: 'Карточка главной: заголовок: заполните поле' });
  });

  it('two main links, a link that is not https and seven cards', () => {
    const two = edited((next) => {
      next.content.links = [
        { kind: 'vk', url: 'https://vk.com/a', label: 'a', main: true },
        { kind: 'vk', url: 'https://vk.com/b', label: 'b', main: true },
      ];
    });
    expect(publishRequest('links', two, stored)).toMatchObject({
      message: 'Ссылки сообщества: главной может быть только одна',
    });
    const plain = edited((next) => {
      next.content.links = [{ kind: 'site', url: 'javascript:alert(1)', label: 'x', main: false }];
    });
    expect(publishRequest('links', plain, stored)).toMatchObject({ ok: false });
    const seven = edited((next) => {
      next.content.texts.features = Array.from({ length: 7 }, () => ({
        icon: 'zap' as const,
        title: 't',
        text: 'x',
      }));
    });
    expect(publishRequest('texts', seven, stored)).toMatchObject({
      message: 'Карточки главной: не больше 6',
    });
  });

  it('a top-up minimum above the maximum, and a number left empty', () => {
    const crossed = edited((next) => {
      next.content.topUp.min = 500;
      next.content.topUp.max = 100;
    });
    expect(publishRequest('catalog', crossed, stored)).toEqual({
      ok: false,
      message: 'Пополнение: минимальная сумма больше максимальной',
    });
    const empty = edited((next) => {
      next.content.topUp.bonusPercent = Number.NaN;
    });
    expect(publishRequest('catalog', empty, stored)).toMatchObject({
      message: 'Бонус к пополнению: ожидается число',
    });
  });
});
