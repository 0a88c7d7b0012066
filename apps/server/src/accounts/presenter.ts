import type { User } from '@reelwright/core';
import { abilitiesOf } from './policy';
import type { Member } from './sessions';

/** The User object of the API (spec 000 §3): a member, or a visitor with id 0. */
export function presentUser(member: Member | null): User {
  if (!member) {
    return {
      id: 0,
      name: '',
      email: '',
      verified: false,
      plan: 'free',
      is_user: true,
      has_password: false,
      tz_offset: 0,
      abilities: abilitiesOf(null),
    };
  }
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    verified: member.verified,
    plan: member.plan,
    is_user: true,
    has_password: member.passwordHash !== null,
    tz_offset: member.tzOffset,
    abilities: abilitiesOf(member),
  };
}
