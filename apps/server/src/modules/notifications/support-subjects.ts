import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/execute';

/**
 * The player whose support message a Telegram message of ours told of: what a staff member's
 * reply to it answers. Null when the message was no support notification (or not ours). A forum
 * topic's destination (`chat/topic`) is found by its chat.
 */
export async function findSupportSubject(
  db: Db,
  chatId: string,
  messageId: string,
): Promise<number | null> {
  const [row] = await queryRows<{ subject_user_id: number | null }>(
    db,
    sql`select subject_user_id from notification_outbox
        where channel = 'telegram' and event = 'support' and sent_message_id = ${messageId}
          and (target = ${chatId} or target like ${`${chatId}/%`})
        order by id desc limit 1`,
  );
  return row?.subject_user_id ?? null;
}
