import type { Config } from '../../config.js';
import { type Actor, ANONYMOUS, type AuthUser, userActor } from '../../platform/http/actor.js';
import { uuidv7 } from '../../platform/ids.js';
import { hashToken, randomToken } from '../../platform/security/tokens.js';
import type { BrandRow } from '../brands/service.js';
import type { TeamService } from '../team/service.js';
import type { ActorCache } from './actor-cache.js';
import type { AuthRepository } from './repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads do not turn into writes. */
const SESSION_TOUCH_MS = HOUR_MS;

/**
 * Sessions: a request's caller from its token (with its standing in the path's brand, cached
 * briefly: actor-cache.ts), and new sessions for the sign-in flows of AuthService.
 */
export class Sessions {
  constructor(
    private readonly repository: AuthRepository,
    private readonly team: TeamService,
    private readonly config: Config,
    private readonly actors: ActorCache,
  ) {}

  private async resolveSession(tokenHash: string): Promise<AuthUser | undefined> {
    const row = await this.repository.findLiveSession(tokenHash);
    if (!row) return undefined;
    if (Date.now() - row.lastUsedAt.getTime() > SESSION_TOUCH_MS)
      await this.repository.touchSession(row.sessionId, this.sessionExpiry());
    return { userId: row.userId, email: row.email, isSuperUser: row.isSuperUser, sessionId: row.sessionId };
  }

  /**
   * Sign-in and brand standing of a brand-scoped request in one query. `standing` is null
   * when the brand does not exist (the guard answers 404).
   */
  private async resolveSessionWithBrand(
    tokenHash: string,
    brandId: string,
  ): Promise<
    | {
        user: AuthUser;
        standing: { brand: BrandRow; role: 'admin' | 'member' | null; restricted: string[] } | null;
      }
    | undefined
  > {
    const row = await this.repository.sessionWithBrand(tokenHash, brandId);
    if (!row) return undefined;
    if (Date.now() - row.lastUsedAt.getTime() > SESSION_TOUCH_MS)
      await this.repository.touchSession(row.sessionId, this.sessionExpiry());
    return {
      user: { userId: row.userId, email: row.email, isSuperUser: row.isSuperUser, sessionId: row.sessionId },
      standing: row.brand ? { brand: row.brand, role: row.role, restricted: row.restricted } : null,
    };
  }

  /**
   * The caller of a request (platform/http/endpoints.ts): a user with their standing in the
   * path's brand, or anonymous. Reused for a few seconds from the actor cache (revocations
   * reach it at once: actor-cache.ts).
   */
  async resolveActor(input: {
    token: string | undefined;
    brand: { accountId: string; brandId: string } | undefined;
  }): Promise<Actor> {
    if (!input.token) return ANONYMOUS;
    const tokenHash = hashToken(input.token);
    const key = input.brand ? `${tokenHash} ${input.brand.accountId} ${input.brand.brandId}` : tokenHash;
    const cached = this.actors.get(key);
    if (cached) return cached;
    const generation = this.actors.begin();
    const actor = await this.lookUpActor(tokenHash, input.brand);
    // Only signed-in actors are kept: a bad token is asked again (and costs the caller a query).
    if (actor.kind === 'user') this.actors.set(key, actor, generation);
    return actor;
  }

  /** Forgets every cached actor of this process (after writes that change actors: app.ts). */
  forgetCachedActors(): void {
    this.actors.clear();
  }

  private async lookUpActor(
    tokenHash: string,
    brand: { accountId: string; brandId: string } | undefined,
  ): Promise<Actor> {
    if (!brand) {
      const user = await this.resolveSession(tokenHash);
      return user ? userActor(user) : ANONYMOUS;
    }
    const resolved = await this.resolveSessionWithBrand(tokenHash, brand.brandId);
    if (!resolved) return ANONYMOUS;
    const { standing } = resolved;
    // A brand of another account than the path names is no brand of this path.
    return userActor(resolved.user, [
      standing && standing.brand.accountId === brand.accountId
        ? {
            brandId: standing.brand.id,
            accountId: standing.brand.accountId,
            role: standing.role,
            restricted: standing.restricted,
          }
        : [brand.brandId, null],
    ]);
  }

  async start(userId: string): Promise<string> {
    const token = randomToken();
    await this.repository.insertSession({
      id: uuidv7(),
      userId,
      tokenHash: hashToken(token),
      expiresAt: this.sessionExpiry(),
    });
    await this.team.recordLogin(userId);
    return token;
  }

  /** Sessions last SESSION_TTL_DAYS (30) from their last use: each use (at most hourly) slides the expiry. */
  private sessionExpiry(): Date {
    return new Date(Date.now() + this.config.sessionTtlDays * 24 * HOUR_MS);
  }
}
