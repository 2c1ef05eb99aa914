import { sql } from 'kysely';
import type { FeedbackList } from '../../../shared/contract/adminFeedback.js';
import type { Feedback, FeedbackPromptDate } from '../../../shared/contract/feedback.js';
import type { Db } from '../../db/database.js';

/** SPEC §3 feedback prompt date: the caller's latest prompt, or none yet. */
export async function loadPromptDate(db: Db, userId: number): Promise<FeedbackPromptDate> {
  const latest = await db
    .selectFrom('feedback_prompts')
    .select(['prompted_at', 'provided_feedback'])
    .where('user_id', '=', userId)
    .orderBy('prompted_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return latest
    ? { lastPromptDate: latest.prompted_at.toISOString(), providedFeedback: latest.provided_feedback }
    : { lastPromptDate: null, providedFeedback: false };
}

/** Records that the caller was prompted now (and whether they gave feedback). */
export async function recordPrompt(db: Db, userId: number, providedFeedback: boolean, now: Date): Promise<void> {
  await db.insertInto('feedback_prompts').values({ user_id: userId, provided_feedback: providedFeedback, prompted_at: now }).execute();
}

/**
 * Stores one feedback with its sender and app version, and records a prompt with providedFeedback
 * true (SPEC §7), in one transaction. (A retry with the same Idempotency-Key never reaches here:
 * the route layer answers it, http/idempotentAnswer.ts.)
 */
export async function sendFeedback(db: Db, userId: number, feedback: Feedback, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feedback')
      .values({
        user_id: userId,
        rating: feedback.rating,
        comment: feedback.comments ?? '',
        category: feedback.category ?? null,
        app_version: feedback.appVersion || null,
        created_at: now,
      })
      .execute();
    await trx.insertInto('feedback_prompts').values({ user_id: userId, provided_feedback: true, prompted_at: now }).execute();
  });
}

/** Every user's feedback, newest first, with its sender (for administrators). */
export async function listFeedback(db: Db, { limit, offset }: { limit: number; offset: number }): Promise<FeedbackList> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('feedback as f')
      .leftJoin('users as u', 'u.id', 'f.user_id')
      .select(['f.id', 'f.rating', 'f.comment', 'f.category', 'f.app_version', 'f.created_at', 'u.user_name', 'u.display_name'])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('feedback').select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    items: rows.map((row) => ({
      rowId: row.id,
      rating: row.rating,
      comments: row.comment,
      category: row.category,
      appVersion: row.app_version,
      createdAt: row.created_at.toISOString(),
      userName: row.user_name,
      userDisplayName: row.display_name,
    })),
  };
}
