import { rolePermits } from '../../state/permissions';
import type { UserRow } from '../store/users';

export { Policy } from '../../state/permissions';

export function hasPolicyPermission(user: UserRow, policy: number): boolean {
  return rolePermits(user.role, policy);
}
