import type { RconFrame, RconMessageType } from './types';

/** A WebRcon frame as the game serialises its RCon.Response. */
export const frame = (
  Message: string,
  Identifier: number,
  Type: RconMessageType = 'Generic',
): RconFrame => ({
  Message,
  Identifier,
  Type,
  Stacktrace: '',
});

/** A chat entry as the game sends it over RCON (Chat.Record: Identifier -1, Type Chat, JSON). */
export const chatFrame = (message: string, username: string, userId: string): RconFrame =>
  frame(
    JSON.stringify(
      {
        Channel: 0,
        Message: message,
        UserId: userId,
        Username: username,
        Color: '#5af',
        Time: Math.floor(Date.now() / 1000),
      },
      null,
      2,
    ),
    -1,
    'Chat',
  );
