import { describe, expect, it } from 'vitest';
import {
  appendLog,
  clock,
  MAX_LOG_LINES,
  NO_ANSWER_HINT,
  replyLines,
  replyNotice,
  streamLines,
} from './rcon-log';

describe('appendLog', () => {
  it('keeps only the newest lines, with ids that stay unique', () => {
    let log = appendLog([], [{ kind: 'command', text: '> status' }], 3);
    log = appendLog(
      log,
      ['a', 'b', 'c'].map((text) => ({ kind: 'output' as const, text })),
      3,
    );
    expect(log.map((line) => line.text)).toEqual(['a', 'b', 'c']);
    expect(new Set(log.map((line) => line.id)).size).toBe(3);
    expect(log.at(-1)?.id).toBe(4);
  });

  it('defaults to the 1000-line buffer', () => {
    const many = Array.from({ length: 1200 }, (_, index) => ({
      kind: 'output' as const,
      text: String(index),
    }));
    const log = appendLog([], many);
    expect(log).toHaveLength(MAX_LOG_LINES);
    expect(log[0]?.text).toBe('200');
  });
});

describe('replyLines', () => {
  it('splits output into lines and drops the trailing blank ones', () => {
    expect(replyLines({ status: 'ok', output: 'one\r\ntwo\n\n' })).toEqual([
      { kind: 'output', text: 'one' },
      { kind: 'output', text: 'two' },
    ]);
  });

  it('says so when a command answered nothing', () => {
    expect(replyLines({ status: 'ok', output: '' })[0]?.kind).toBe('info');
  });

  it('shows an unknown outcome as a warning, with why the game may say nothing', () => {
    expect(replyLines({ status: 'unknown', output: 'Сервер не ответил вовремя' })).toEqual([
      { kind: 'warning', text: '[WARN] Сервер не ответил вовремя' },
      { kind: 'info', text: NO_ANSWER_HINT },
    ]);
  });

  it('marks the lines in which the game refused', () => {
    expect(
      replyLines({ status: 'ok', output: "Group 'vip_gold' doesn't exist\nPlayer 'x' not found" }),
    ).toEqual([
      { kind: 'error', text: "Group 'vip_gold' doesn't exist" },
      { kind: 'error', text: "Player 'x' not found" },
    ]);
  });
});

describe('replyNotice', () => {
  it('says «Команда выполнена» only for an answer without a refusal', () => {
    expect(replyNotice({ status: 'ok', output: 'Config Saved' })).toEqual({
      tone: 'success',
      title: 'Команда выполнена',
    });
    expect(replyNotice({ status: 'ok', output: "Couldn't find player!" })).toEqual({
      tone: 'warning',
      title: 'Игра сообщила об ошибке',
      description: "Couldn't find player!",
    });
    expect(replyNotice({ status: 'unknown', output: 'Сервер не ответил вовремя' })).toEqual({
      tone: 'warning',
      title: 'Нет ответа от сервера',
      description: NO_ANSWER_HINT,
    });
  });
});

describe('streamLines', () => {
  const timestamp = '2025-03-05T14:07:09.000Z';
  const time = clock(timestamp);

  it('shows console lines with their time, one per line', () => {
    expect(time).toMatch(/^\d{2}:\d{2}:09$/);
    expect(streamLines({ timestamp, message: 'Saving 1234 entities\nSaved\n' })).toEqual([
      { kind: 'console', text: 'Saving 1234 entities', time },
      { kind: 'console', text: 'Saved', time },
    ]);
    expect(streamLines({ timestamp, message: '' })).toEqual([]);
  });

  it('reads the JSON chat frame as a chat line', () => {
    const message = JSON.stringify({ Channel: 0, Message: 'hello', Username: 'SERVER' }, null, 2);
    expect(streamLines({ timestamp, message })).toEqual([
      { kind: 'chat', text: '[CHAT] SERVER: hello', time },
    ]);
    expect(streamLines({ timestamp, message: '{not json' })[0]?.kind).toBe('console');
  });

  it('falls back to the arrival time for an unreadable timestamp', () => {
    expect(streamLines({ timestamp: 'soon', message: 'x' })[0]?.time).toMatch(
      /^\d{2}:\d{2}:\d{2}$/,
    );
  });
});
