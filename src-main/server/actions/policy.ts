import { rolePermits } from '../../permissions/rolePolicies';
import type { UserRow } from '../store/users';

export { Policy } from '../../permissions/rolePolicies';

export function hasPolicyPermission(user: UserRow, policy: number): boolean {
  return rolePermits(user.role, policy);
}
