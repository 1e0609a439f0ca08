import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { accountMembers, brands, invitations, memberBrands, users } from '../../platform/db/schema/index.js';
import { Repository } from '../../platform/db/transaction.js';

export type UserRow = typeof users.$inferSelect;
export type MemberRow = { user: UserRow; role: 'admin' | 'member' };
export type InvitationRow = typeof invitations.$inferSelect;

/** Users, account memberships and invitations: the only place that queries them. */
export class TeamRepository extends Repository {
  // ── users ───────────────────────────────────────────────────────────────
  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1);
    return row;
  }

  async findUser(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async insertUser(row: typeof users.$inferInsert): Promise<UserRow> {
    const [inserted] = await this.db.insert(users).values(row).returning();
    return inserted!;
  }

  async anyUserExists(): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).limit(1);
    return Boolean(row);
  }

  async deleteUserIfOrphan(userId: string): Promise<void> {
    await this.db
      .delete(users)
      .where(
        and(
          eq(users.id, userId),
          isNull(users.lastLoginAt),
          sql`not exists (select 1 from ${accountMembers} where ${accountMembers.userId} = ${userId})`,
        ),
      );
  }

  async updateUser(id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await this.db.update(users).set(values).where(eq(users.id, id));
  }

  async recordLogin(id: string): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, id));
  }

  /** Serialises first-start seeding across processes (released at the end of the transaction). */
  async lockForSeeding(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(7281946310245)`);
  }

  // ── memberships ─────────────────────────────────────────────────────────
  async memberships(userId: string): Promise<{ accountId: string; role: 'admin' | 'member' }[]> {
    return this.db
      .select({ accountId: accountMembers.accountId, role: accountMembers.role })
      .from(accountMembers)
      .where(eq(accountMembers.userId, userId))
      .orderBy(asc(accountMembers.createdAt));
  }

  async membership(accountId: string, userId: string): Promise<'admin' | 'member' | undefined> {
    const [row] = await this.db
      .select({ role: accountMembers.role })
      .from(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)));
    return row?.role;
  }

  async addMember(accountId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
    await this.db.insert(accountMembers).values({ accountId, userId, role }).onConflictDoNothing();
  }

  async removeMember(accountId: string, userId: string): Promise<boolean> {
    const removed = await this.db
      .delete(accountMembers)
      .where(and(eq(accountMembers.accountId, accountId), eq(accountMembers.userId, userId)))
      .returning({ userId: accountMembers.userId });
    await this.db
      .delete(memberBrands)
      .where(
        and(
          eq(memberBrands.userId, userId),
          inArray(
            memberBrands.brandId,
            this.db.select({ id: brands.id }).from(brands).where(eq(brands.accountId, accountId)),
          ),
        ),
      );
    return removed.length > 0;
  }

  async listMembers(accountId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .select({ user: users, role: accountMembers.role })
      .from(accountMembers)
      .innerJoin(users, eq(users.id, accountMembers.userId))
      .where(eq(accountMembers.accountId, accountId))
      .orderBy(asc(accountMembers.createdAt), asc(users.email));
    return rows;
  }

  async countMembers(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(accountMembers)
      .where(eq(accountMembers.accountId, accountId));
    return row?.total ?? 0;
  }

  async hasOtherMemberships(userId: string, accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ total: count() })
      .from(accountMembers)
      .where(and(eq(accountMembers.userId, userId), ne(accountMembers.accountId, accountId)));
    return (row?.total ?? 0) > 0;
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

  async deletePendingInvitations(accountId: string, userId: string): Promise<void> {
    await this.db
      .delete(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          eq(invitations.userId, userId),
          isNull(invitations.acceptedAt),
        ),
      );
  }
}
