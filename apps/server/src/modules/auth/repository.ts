import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { accountMembers, brands, emailTokens, sessions, users } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type SessionRow = typeof sessions.$inferSelect;
export type EmailTokenPurpose = 'verify_email' | 'reset_password';

/** Sessions and e-mail tokens: the only place that queries them. */
export class AuthRepository extends Repository {
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

  /**
   * A live session's user together with a brand and their standing in its account: the
   * sign-in and brand checks of a brand-scoped request in one round trip.
   */
  async sessionWithBrand(tokenHash: string, brandId: string) {
    const [row] = await this.db
      .select({
        sessionId: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        userId: users.id,
        email: users.email,
        isSuperUser: users.isSuperUser,
        brand: brands,
        role: accountMembers.role,
        restricted: sql<string[]>`coalesce((select array_agg(mb.brand_id::text) from member_brands mb
          join brands b2 on b2.id = mb.brand_id where mb.user_id = users.id and b2.account_id = brands.account_id), '{}')`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(brands, eq(brands.id, brandId))
      .leftJoin(
        accountMembers,
        and(eq(accountMembers.accountId, brands.accountId), eq(accountMembers.userId, users.id)),
      )
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          sql`${sessions.expiresAt} > now()`,
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
}
