import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.js';
import { emailTokens, invitations, sessions, users } from '../../platform/db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** Sessions, e-mail tokens, invitations and the user fields sign-in changes. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  // ── sessions ────────────────────────────────────────────────────────────
  async insertSession(row: typeof sessions.$inferInsert): Promise<void> {
    await this.db.insert(sessions).values(row);
  }

  /** A live session (not revoked, not expired) with its user, by token digest. */
  async findLiveSession(tokenHash: string) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        userId: users.id,
        email: users.email,
        isSuperUser: users.isSuperUser,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return row;
  }

  /** Marks a session used and slides its expiry to `expiresAt` (sessions renew on use). */
  async touchSession(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastUsedAt: sql`now()`, expiresAt })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  async revokeUserSessions(userId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  // ── e-mail tokens ───────────────────────────────────────────────────────
  async insertEmailToken(row: typeof emailTokens.$inferInsert): Promise<void> {
    await this.db.insert(emailTokens).values(row);
  }

  async findEmailToken(tokenHash: string, purpose: EmailTokenPurpose) {
    const [row] = await this.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
      .limit(1);
    return row;
  }

  /** Marks a token used; false when it was already used (single use, even under races). */
  async useEmailToken(id: string): Promise<boolean> {
    const used = await this.db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    return used.length > 0;
  }

  async invalidateEmailTokens(userId: string, purpose: EmailTokenPurpose): Promise<void> {
    await this.db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
      );
  }

  // ── invitations ─────────────────────────────────────────────────────────
  async insertInvitation(row: typeof invitations.$inferInsert): Promise<InvitationRow> {
    const [inserted] = await this.db.insert(invitations).values(row).returning();
    return inserted!;
  }

  async findInvitation(id: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
    return row;
  }

  async findInvitationByToken(tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** Ends the open invitation links to `email` into an account (a resend or an acceptance revokes the others). */
  async revokePendingInvitations(accountId: string, email: string, exceptId?: string): Promise<void> {
    await this.db
      .update(invitations)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(invitations.accountId, accountId),
          sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
          isNull(invitations.acceptedAt),
          gt(invitations.expiresAt, sql`now()`),
          exceptId ? sql`${invitations.id} <> ${exceptId}` : undefined,
        ),
      );
  }

  async acceptInvitation(id: string): Promise<boolean> {
    const accepted = await this.db
      .update(invitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
      .returning({ id: invitations.id });
    return accepted.length > 0;
  }

  // ── users ───────────────────────────────────────────────────────────────
  async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await this.db.update(users).set(values).where(eq(users.id, id));
  }

  async recordLogin(id: string): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, id));
  }
}
