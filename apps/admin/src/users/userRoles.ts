import { createHttpClient, type HttpClient } from '../dataProvider/httpClient';
import { API_URL } from '../dataProvider/resources';
import type { Schemas, UserRecord, UserRoles } from '../lib/api-types';

/** PUT /api/users/{id}/roles: grants (true) or revokes (false) admin and/or distributor; answers the updated user. */
export async function setUserRoles(id: string, roles: UserRoles, http: HttpClient = createHttpClient()): Promise<UserRecord> {
  const { json } = await http(`${API_URL}/users/${encodeURIComponent(id)}/roles`, { method: 'PUT', body: JSON.stringify(roles) });
  const user = json as Schemas['UserDto'];
  return { ...user, id: user.id ?? user._id };
}

export type RoleName = 'admin' | 'distributor';

/** Why the last admin keeps the role: the API's own words (409 LAST_ADMIN), shown before anything is tried. */
export const LAST_ADMIN_MESSAGE = 'The last admin cannot be demoted: make another user admin first';

/** The body, button label and confirmation text of one role change. */
export function roleChange(
  role: RoleName,
  grant: boolean,
  username: string,
): { roles: UserRoles; label: string; title: string; content: string; done: string } {
  const roles: UserRoles = role === 'admin' ? { isAdmin: grant } : { isDistributor: grant };
  const noun = role === 'admin' ? 'an admin' : 'a distributor';
  return grant
    ? {
        roles,
        label: `Make ${role}`,
        title: `Make ${username} ${noun}?`,
        content: `${username} will get the ${role} role.`,
        done: `${username} is now ${noun}`,
      }
    : {
        roles,
        label: `Revoke ${role}`,
        title: `Revoke ${role} from ${username}?`,
        content: `${username} will lose the ${role} role.`,
        done: `${username} is no longer ${noun}`,
      };
}
