/** The signed-in user a request or a chat socket acts as (HTTP: request-auth.ts, sockets: realtime/auth.ts). */
export interface AuthUser {
  id: number;
  /** null for an account made with another sign-in that has not set one (docs/api.md §10.3) */
  loginId: string | null;
  nickname: string;
  /** when the account was made (the HTTP auth hook reads it with the user; the new-account limits use it) */
  createdAt?: Date;
  /**
   * An operator (docs/api.md §10.4), by the operators table or OPERATORS: read with the user on each request, so
   * the read paths that show hidden content to operators add no statement. Absent means no.
   */
  operator?: boolean;
}

/** Who reads: what the read paths need to know of a signed-in viewer. */
export type Viewer = Pick<AuthUser, 'id' | 'operator'>;
