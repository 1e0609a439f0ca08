import { createHash } from 'node:crypto';
import {
  type AuthorizationPolicy,
  type Library,
  messages,
  type PolicyPermissionType,
  SHARE_LIMITS,
  SHARE_SESSION_PREFIX,
  shareResourcePath,
} from '@hookline/contract';
import type { Actor, ShareGrant, UserActor } from '../../platform/http/actor.js';
import {
  forbidden,
  gone,
  notFound,
  passwordRequired,
  tooManyRequests,
  unauthorized,
} from '../../platform/http/errors.js';
import type { RateLimiter } from '../../platform/http/rate-limiter.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { hashToken } from '../../platform/security/tokens.js';
import { shareGrantOf } from '../access/grants.js';
import type { AccessService } from '../access/service.js';
import type { LibraryItems } from '../library/items-service.js';
import type { SharesRepository, ShareWithItem } from './repository.js';
import { mintSessionToken, type ShareTokens } from './tokens.js';

const t = messages.shares;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * Links from the visitor's side (000 §6): a share token as the caller of a request, the
 * authorization policy a page asks for (counting the visit), and unlocking a locked link.
 */
export class ShareLinks {
  constructor(
    private readonly repository: SharesRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly tokens: ShareTokens,
    private readonly limiter: RateLimiter,
  ) {}

  // ── who calls ───────────────────────────────────────────────────────────
  /**
   * The caller of a request that carries a share token (X-Share-Token, or a Bearer `shr_`
   * token without a login): a link visitor, or a signed-in user with that one share added.
   * An unknown or removed token adds nothing; an expired link answers 410 and a locked one
   * 401 on every route, previews and streams included, because the check sits here.
   */
  async withShareToken(base: Actor, token: string): Promise<Actor> {
    const found = token.startsWith(SHARE_SESSION_PREFIX)
      ? await this.repository.findBySession(hashToken(token), new Date())
      : await this.repository.findByToken(this.tokens.hmac(token));
    if (found?.share.kind !== 'PUBLIC') return base;
    const { share } = found;
    if (share.expiresAt && share.expiresAt.getTime() <= Date.now()) throw gone(t.linkExpired);
    if (share.passwordHash && !token.startsWith(SHARE_SESSION_PREFIX))
      throw passwordRequired(t.passwordRequired);
    const grant = grantOf(found);
    if (share.audience === 'BRAND') {
      // Signed-in members of the sharer's brand only.
      if (base.kind !== 'user') throw unauthorized();
      if (!(await this.access.can(base, 'library.read', [share.brandId]))) throw forbidden();
      return { ...base, linkShare: grant };
    }
    if (base.kind === 'user') return { ...base, linkShare: grant };
    return { kind: 'share', ...grant };
  }

  /** Whether a share still stands (media URLs handed to visitors name theirs). */
  shareExists(id: string): Promise<boolean> {
    return this.repository.exists(id);
  }

  // ── the authorization policy (000 §6) ───────────────────────────────────
  async policy(actor: Actor, brandId: string | undefined, client: ClientInfo): Promise<AuthorizationPolicy> {
    await this.access.require(actor, 'share.policy');
    const grant = actor.kind === 'share' ? actor : actor.kind === 'user' ? actor.linkShare : undefined;
    if (grant) {
      await this.countView(grant.shareId, client);
      const [row] = await this.items.findMany({ accountId: grant.accountId, brandId: grant.brandId }, [
        grant.scope.id,
      ]);
      return {
        permissions: policyPermissions(grant),
        role: grant.role,
        library: grant.library as Library,
        resourceId: grant.scope.id,
        accountId: grant.accountId,
        brandId: grant.brandId,
        downloadsAllowed: grant.downloadsAllowed,
        ...(row ? { resourceType: row.type } : {}),
      };
    }
    const user = actor as UserActor;
    const grants = brandId ? await this.access.personGrants(user.userId, [brandId]) : [];
    return { permissions: grants.flatMap(policyPermissions) };
  }

  private async countView(shareId: string, client: ClientInfo): Promise<void> {
    const visitor = createHash('sha256').update(`${client.ip}\n${client.userAgent}`).digest('base64url');
    const now = new Date();
    await this.repository.countView(
      shareId,
      visitor,
      now,
      new Date(now.getTime() - SHARE_LIMITS.viewWindowMinutes * MINUTE),
    );
  }

  // ── unlocking a password link ───────────────────────────────────────────
  async unlock(body: { shareToken: string; password: string }, client: ClientInfo) {
    const found = await this.repository.findByToken(this.tokens.hmac(body.shareToken));
    if (found?.share.kind !== 'PUBLIC') throw notFound(t.pageUnavailable);
    const { share } = found;
    if (share.expiresAt && share.expiresAt.getTime() <= Date.now()) throw gone(t.linkExpired);
    const windowMs = SHARE_LIMITS.unlockWindowMinutes * MINUTE;
    await this.limiter
      .consume(
        [
          { key: `share-unlock:${share.id}`, limit: SHARE_LIMITS.unlockAttempts },
          { key: `share-unlock-ip:${share.id}:${client.ip}`, limit: SHARE_LIMITS.unlockAttempts },
        ],
        windowMs,
      )
      .catch(() => {
        throw tooManyRequests(t.tooManyAttempts);
      });
    if (!share.passwordHash || !(await verifyPassword(share.passwordHash, body.password)))
      throw unauthorized(t.wrongPassword);
    const session = mintSessionToken();
    const expiresAt = new Date(Date.now() + SHARE_LIMITS.sessionHours * HOUR);
    await this.repository.insertSession({ tokenHash: session.hash, shareId: share.id, expiresAt });
    return { shareToken: session.token, expiresAt };
  }
}

function grantOf({ share, item }: ShareWithItem): ShareGrant {
  return shareGrantOf({
    shareId: share.id,
    accountId: share.accountId,
    brandId: share.brandId,
    library: share.library,
    scope: share.scope,
    resourceId: share.resourceId,
    role: share.role,
    downloadsAllowed: share.downloadsAllowed,
    path: item.path,
    type: item.type,
  });
}

/**
 * A grant as the policy lists it (000 §6): READ on the shared item's resource path (with
 * `/*` for a folder's items); editors also WRITE, and DELETE inside a folder, never on the
 * shared item itself.
 */
function policyPermissions(grant: ShareGrant): { type: PolicyPermissionType; resourcePath: string }[] {
  const item = {
    accountId: grant.accountId,
    brandId: grant.brandId,
    library: grant.library,
    id: grant.scope.id,
  };
  const path = shareResourcePath(item, grant.scope.includesChildren);
  const permissions: { type: PolicyPermissionType; resourcePath: string }[] = [
    { type: 'READ', resourcePath: path },
  ];
  if (grant.role === 'EDITOR') {
    permissions.push({ type: 'WRITE', resourcePath: path });
    if (grant.scope.includesChildren) permissions.push({ type: 'DELETE', resourcePath: path });
  }
  return permissions;
}
