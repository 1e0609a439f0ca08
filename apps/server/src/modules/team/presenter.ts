import type { TeamMember } from '@hookline/contract';
import type { MemberRow } from './repository.js';

export function presentMember(member: MemberRow): TeamMember {
  return {
    id: member.user.id,
    firstName: member.user.firstName,
    lastName: member.user.lastName,
    email: member.user.email,
    isSuperUser: member.user.isSuperUser,
    role: member.role,
    lastLogin: member.user.lastLoginAt ?? null,
  };
}
